import CBench
import ListStore

extension Benchmark {
  /// `kind_insert_ratio`: importing one book per order through the typed repository of an
  /// app-defined kind (``BenchBook``), each draft built from the raw values inside the timed
  /// region, against the C loop running the same INSERT. Each trial starts from a fresh file
  /// with the kind registered.
  func measureKindInsert(_ data: OrderData, _ cOrders: COrders) throws {
    progress("Timing inserts of an app's kind")
    let times = try compareImports(
      file: "books-insert.db", expected: data.count,
      setUp: { _ = try $0.records(of: BenchBook.self, account: Self.account) },
      swift: {
        try Self.importBooks(data, into: $0.records(of: BenchBook.self, account: Self.account))
      },
      c: { try $0.insertBooks(cOrders) },
      count: { try $0.records(of: BenchBook.self, account: Self.account).count() })
    report.set("kind_insert_ratio", times.ratio(0, over: 1))
    report.set("kind_insert_swift_ms", Self.milliseconds(times.median(0)))
    report.set("kind_insert_c_ms", Self.milliseconds(times.median(1)))

    // The same books through the short form (`field_record_insert_ratio`).
    precondition(ShortBenchBook.definition == BenchBook.definition, "the two records declare one kind")
    let short = try compareImports(
      file: "books-insert-short.db", expected: data.count,
      setUp: { _ = try $0.records(of: ShortBenchBook.self, account: Self.account) },
      swift: { try Self.importShortBooks(data, into: $0.records(of: ShortBenchBook.self, account: Self.account)) },
      c: { try $0.insertBooks(cOrders) },
      count: { try $0.records(of: ShortBenchBook.self, account: Self.account).count() })
    report.set("field_record_insert_ratio", short.ratio(0, over: 1))
    report.set("field_record_insert_ms", Self.milliseconds(short.median(0)))
    report.set("field_record_insert_c_ms", Self.milliseconds(short.median(1)))
  }

  /// Imports one book per order of `data`, as `cbench_insert_books` makes them.
  static func importBooks(_ data: OrderData, into books: KindRepository<BenchBook>) throws {
    try importBooks(data, into: books) { title, author, pages, price, status, addedAt in
      BenchBook.Draft(
        title: title, author: author, pages: pages, price: price, status: BenchBook.Status(rawValue: status) ?? .want,
        addedAt: addedAt)
    }
  }

  /// ``importBooks(_:into:)`` through the short form.
  static func importShortBooks(_ data: OrderData, into books: KindRepository<ShortBenchBook>) throws {
    try importBooks(data, into: books) { title, author, pages, price, status, addedAt in
      ShortBenchBook(
        title: title, author: author, pages: pages, price: price, status: ShortBenchBook.Status.allCases[status],
        addedAt: addedAt)
    }
  }

  /// Imports one book per order of `data` into `books`, each draft made by `make` from the
  /// title, author, pages, price, status (0, 1 or 2) and time of adding.
  private static func importBooks<Book: KindRecord>(
    _ data: OrderData, into books: KindRepository<Book>,
    _ make: (String, String, Int64, Money, Int, Timestamp) -> Book.Draft
  ) throws {
    var index = 0
    try books.importItems {
      guard index < data.count else { return nil }
      defer { index += 1 }
      let currency = try Currency(code: data.currencies[index])
      return make(
        data.numbers[index], data.currencies[index], data.totals[index] % 900 + 1,
        try Money(minorUnits: data.totals[index], currency: currency), index % 3,
        Timestamp(millisecondsSince1970: data.placedAt[index]))
    }
  }

  /// `kind_page_ratio`: walking ``pageCount`` keyset pages of ``pageLimit`` books through the
  /// typed repository, decoded into ``BenchBook``s, against C reading the same rows into
  /// structs; both fold every row into a checksum, which must agree.
  func measureKindPages(_ cOrders: COrders) throws {
    progress("Timing keyset pages of an app's kind")
    let path = try booksDatabase("books-pages.db", cOrders)
    let database = try ListsDatabase(path: path)
    let books = try database.records(of: BenchBook.self, account: Self.account)
    let cDatabase = try CDatabase(path: path, account: Self.account)

    let (times, swiftWalk) = try compareWalks(
      "the typed repository",
      swift: { try Self.walk(books, pages: Self.pageCount, limit: Self.pageLimit) },
      c: { try cDatabase.walkBooks(pages: Self.pageCount, limit: Self.pageLimit) })
    report.set("kind_page_ratio", times.ratio(0, over: 1))
    report.set("kind_page_swift_ms", Self.milliseconds(times.median(0)))
    report.set("kind_page_c_ms", Self.milliseconds(times.median(1)))
    report.set("kind_pages", .integer(swiftWalk.pages))

    // The same pages through the short form (`field_record_page_ratio`).
    let shortBooks = try database.records(of: ShortBenchBook.self, account: Self.account)
    let (shortTimes, _) = try compareWalks(
      "the short-form record",
      swift: { try Self.walk(shortBooks, pages: Self.pageCount, limit: Self.pageLimit) },
      c: { try cDatabase.walkBooks(pages: Self.pageCount, limit: Self.pageLimit) })
    report.set("field_record_page_ratio", shortTimes.ratio(0, over: 1))
    report.set("field_record_page_ms", Self.milliseconds(shortTimes.median(0)))
    report.set("field_record_page_c_ms", Self.milliseconds(shortTimes.median(1)))
  }

  /// Creates the file `name` with one book per order of `orders` in ``account`` (see
  /// `cbench_insert_books`): the kind registered through the store, the rows written by C.
  func booksDatabase(_ name: String, _ orders: COrders) throws -> String {
    let path = folder.file(name)
    let creator = try ListsDatabase(path: path)
    _ = try creator.records(of: BenchBook.self, account: Self.account)
    try CDatabase(path: path, account: Self.account).insertBooks(orders)
    return path
  }

  /// Walks up to `pages` pages of `limit` books from the newest, folded as `cbench_walk_books`
  /// folds them.
  static func walk<Book: KindRecord & ChecksummedBook>(_ books: KindRepository<Book>, pages: Int, limit: Int) throws -> (
    pages: Int, rows: Int, checksum: UInt64
  ) {
    var cursor: ListCursor?
    var walked = 0
    var rows = 0
    var hash = Checksum.seed
    repeat {
      let page = try books.page(after: cursor, limit: limit)
      walked += 1
      rows += page.items.count
      hash = Checksum.fold(hash, books: page.items)
      cursor = page.nextCursor
    } while cursor != nil && walked < pages
    return (walked, rows, hash)
  }
}
