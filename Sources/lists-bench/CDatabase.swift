import CBench

/// The C baseline's connection to a lists database, with one account's orders in view.
///
/// A thin owner of `cbench_db`: it keeps the account as a C string and one page buffer, so that
/// a timed call does no Swift-side conversion or allocation.
final class CDatabase {
  /// The page size the buffer holds at most (the repository's largest page).
  static let maximumLimit = 1000

  fileprivate let handle: OpaquePointer
  fileprivate let account: UnsafeMutablePointer<CChar>
  /// The rows of the most recent page read.
  let buffer: UnsafeMutablePointer<cbench_order>
  /// The rows of the most recent page of books read.
  private let bookBuffer: UnsafeMutablePointer<cbench_book>

  /// Opens the lists database at `path` (made by `ListsDatabase(path:)`) with the store's
  /// settings and the store's default busy timeout.
  init(path: String, account: String, busyTimeoutMilliseconds: Int32 = 5000) throws {
    var handle: OpaquePointer?
    var message: UnsafePointer<CChar>?
    let rc = cbench_open(path, busyTimeoutMilliseconds, &handle, &message)
    guard rc == 0, let handle else {
      throw BenchError.sqlite(
        code: rc, message: message.map { String(cString: $0) } ?? "", during: "opening \(path)")
    }
    self.handle = handle
    self.account = CStrings.copy(account)!
    buffer = .allocate(capacity: Self.maximumLimit)
    bookBuffer = .allocate(capacity: Self.maximumLimit)
  }

  deinit {
    cbench_close(handle)
    CStrings.release(account)
    buffer.deallocate()
    bookBuffer.deallocate()
  }

  fileprivate func check(_ rc: Int32, _ during: @autoclosure () -> String) throws {
    if rc != 0 {
      throw BenchError.sqlite(
        code: rc, message: String(cString: cbench_errmsg(handle)), during: during())
    }
  }

  /// Runs `sql`, statements that return no rows (e.g. `BEGIN IMMEDIATE`).
  func execute(_ sql: String) throws {
    try check(cbench_exec(handle, sql), sql)
  }

  /// Inserts `orders` in one transaction with one prepared statement.
  func insert(_ orders: COrders) throws {
    var input = orders.input(account: account)
    try check(cbench_insert_orders(handle, &input), "the C insert")
  }

  /// Writes `count` orders from `start` as remote page `number` (remote ids `start + 1`...),
  /// the way sync writes a page.
  func writeRemotePage(
    _ orders: COrders, from start: Int, count: Int, number: Int, url: String, nextCursor: String?, now: Int64
  ) throws {
    var input = orders.input(account: account)
    input.numbers = input.numbers.map { $0 + start }
    input.statuses = input.statuses.map { $0 + start }
    input.total_minor = input.total_minor.map { $0 + start }
    input.currencies = input.currencies.map { $0 + start }
    input.placed_at = input.placed_at.map { $0 + start }
    input.count = count
    let ids = (0..<count).map { Int64(start + $0 + 1) }
    let rc = url.withCString { url in
      ids.withUnsafeBufferPointer { ids in
        withUnsafePointer(to: &input) { input in
          func write(_ cursor: UnsafePointer<CChar>?) -> Int32 {
            var page = cbench_remote_page(
              orders: input, remote_ids: ids.baseAddress, number: Int32(number), remote_url: url,
              next_cursor: cursor, now: now)
            return cbench_sync_write_page(handle, &page)
          }
          return nextCursor.map { $0.withCString(write) } ?? write(nil)
        }
      }
    }
    try check(rc, "the C sync write")
  }

  /// Walks up to `pages` keyset pages of `limit` orders from the newest.
  func walk(pages: Int, limit: Int) throws -> cbench_walk_result {
    var result = cbench_walk_result()
    try check(
      cbench_walk_pages(handle, account, Int32(pages), Int32(limit), buffer, &result),
      "the C page walk")
    return result
  }

  /// Reads the keyset page of `limit` orders after `key` (the first page when nil) into
  /// ``buffer``; returns how many rows it holds.
  @discardableResult
  func page(after key: (placedAt: Int64, id: Int64)?, limit: Int) throws -> Int {
    var count: Int32 = 0
    var more: Int32 = 0
    try check(
      cbench_keyset_page(
        handle, account, key == nil ? 0 : 1, key?.placedAt ?? 0, key?.id ?? 0, Int32(limit), buffer,
        &count, &more),
      "a C keyset page")
    return Int(count)
  }

  /// Reads the page of `limit` orders at `offset` with `LIMIT ... OFFSET ...` into ``buffer``;
  /// returns how many rows it holds.
  @discardableResult
  func page(offset: Int, limit: Int) throws -> Int {
    var count: Int32 = 0
    try check(
      cbench_offset_page(handle, account, Int64(offset), Int32(limit), buffer, &count),
      "a C offset page")
    return Int(count)
  }

  /// The kept count of the account's orders.
  func count() throws -> Int {
    var count: Int64 = 0
    try check(cbench_count(handle, account, "orders", &count), "the C count")
    return Int(count)
  }

  /// Inserts one book per order of `orders` (see `cbench_insert_books`) in one transaction.
  func insertBooks(_ orders: COrders) throws {
    var input = orders.input(account: account)
    try check(cbench_insert_books(handle, &input), "the C insert of books")
  }

  /// Walks up to `pages` keyset pages of `limit` books from the newest added.
  func walkBooks(pages: Int, limit: Int) throws -> cbench_walk_result {
    var result = cbench_walk_result()
    try check(
      cbench_walk_books(handle, account, Int32(pages), Int32(limit), bookBuffer, &result),
      "the C walk of books")
    return result
  }

  /// Opens the books at the one with sort key `key` and pages `pagesEachWay` pages of `limit`
  /// before it, then as many after it (see `cbench_walk_books_around`), keeping every book read
  /// in `buffer`, which holds `(2 * pagesEachWay + 1) * limit` books.
  func walkBooks(
    around key: (addedAt: Int64, id: Int64), pagesEachWay: Int, limit: Int,
    into buffer: UnsafeMutablePointer<cbench_book>
  ) throws -> cbench_walk_result {
    var result = cbench_walk_result()
    try check(
      cbench_walk_books_around(
        handle, account, key.addedAt, key.id, Int32(pagesEachWay), Int32(limit), buffer, &result),
      "the C walk of books around one")
    return result
  }
}

extension CDatabase {
  /// Prepares `sql` once, to read pages with it (``CQuery``).
  func query(_ sql: String) throws -> CQuery {
    var query: OpaquePointer?
    try check(cbench_query_prepare(handle, sql, &query), sql)
    return CQuery(handle: query!, database: self)
  }
}

/// A statement of the store's SQL prepared in C, read as pages: the C side of the query pages.
final class CQuery {
  private let handle: OpaquePointer
  /// Kept open as long as the statement is.
  private let database: CDatabase

  init(handle: OpaquePointer, database: CDatabase) {
    self.handle = handle
    self.database = database
  }

  deinit { cbench_query_free(handle) }

  /// Reads the first page: `account` at ?1, `limit + 1` at ?2, the values from
  /// `firstParameter` (a text where `texts` has one, else the integer); returns the rows read
  /// and their ids folded like ``Checksum``.
  func page(account: String, limit: Int, firstParameter: Int, integers: [Int64], texts: [String?]) throws
    -> (count: Int, checksum: UInt64)
  {
    var count: Int32 = 0
    var checksum = Checksum.seed
    let strings = texts.map { $0.map { CStrings.copy($0) } ?? nil }
    defer { for string in strings { CStrings.release(string) } }
    let rc = strings.map { UnsafePointer($0) }.withUnsafeBufferPointer { pointers in
      integers.withUnsafeBufferPointer { numbers in
        cbench_query_page(
          handle, account, Int32(limit), Int32(firstParameter), Int32(integers.count), numbers.baseAddress,
          pointers.baseAddress, &count, &checksum)
      }
    }
    guard rc == 0 else { throw BenchError.sqlite(code: rc, message: "", during: "a C query page") }
    return (Int(count), checksum)
  }
}

extension CDatabase {
  /// Sets the status of the books with ids 1 to `count` in one transaction, book `id` getting
  /// status `(id + round) % 3`.
  func updateBookStatuses(count: Int, round: Int64) throws {
    try check(cbench_update_book_statuses(handle, account, Int64(count), round), "the C update of books")
  }

  /// Sets the status of the book with `id` to status number `status` in a transaction of
  /// its own, as another program edits the file.
  func updateBookStatus(id: Int64, to status: Int) throws {
    try check(cbench_update_book_status(handle, account, id, Int32(status)), "the C update of a book")
  }
}
