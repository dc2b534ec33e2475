import CBench
import ListPaging
import ListStore

extension Benchmark {
  /// The loader the store makes for the bench's books: `records(of: BenchBook.self).loader(…)`.
  typealias BooksLoader = KindRepository<BenchBook>.Loader

  /// Books in the list `loader_around_ratio` opens in its middle: 100,000, or `--rows` when
  /// that is fewer (the tests' tiny run).
  var aroundBooks: Int { min(100_000, options.rows) }
  /// How many pages `loader_around_ratio` asks for before the first one, and then after it.
  static let aroundPagesEachWay = 20

  /// `loader_around_ratio`: a loader of ``aroundBooks`` books opened at the book in the middle
  /// of the list (`loader(pageSize:around:)`), asking for ``aroundPagesEachWay`` pages of
  /// ``pageLimit`` before it and then as many after it, as a screen opened from a search result
  /// and scrolled both ways — against C running the same keyset statements on the same file
  /// and keeping the same books in an array (`cbench_walk_books_around`).
  ///
  /// Each loader is made, with the cursor of the book, before its trial and released inside
  /// the timed region, as `loader_ratio`'s are. Both sides fold the books they show, in list
  /// order, into a checksum inside the timed region; the two must agree.
  func measureLoaderAround() throws {
    progress("Timing a loader opened in the middle of \(aroundBooks) books")
    let count = aroundBooks
    let data = OrderData.generate(count: count, seed: 0x5EED_0005)
    let path = try booksDatabase("books-around.db", COrders(data))
    // The books were written in order to a fresh file: book `id` is order `id - 1`, and the
    // times increase with the ids, so the middle id is the middle of the list.
    let middle = Int64(count / 2)
    let key = (addedAt: data.placedAt[Int(middle) - 1], id: middle)
    let pagesEachWay = Self.aroundPagesEachWay
    let limit = Self.pageLimit
    // A walk takes a few milliseconds: many paired trials keep the median steady.
    let trials = max(options.trials, 41)
    let clock = options.clock
    let times = try thread.run {
      try await Benchmark.aroundWalks(
        path: path, middle: middle, key: key, pagesEachWay: pagesEachWay, limit: limit, trials: trials,
        clock: clock)
    }
    report.set("loader_around_books", .integer(count))
    report.set("loader_around_ratio", times.comparison.ratio(0, over: 1))
    report.set("loader_around_ms", Self.milliseconds(times.comparison.median(0)))
    report.set("loader_around_c_ms", Self.milliseconds(times.comparison.median(1)))
    report.set("loader_around_pages", .integer(times.pages))
  }

  /// Times the loader's walk around book `middle` (sort key `key`) against C's, on the calling
  /// thread.
  static func aroundWalks(
    path: String, middle: Int64, key: (addedAt: Int64, id: Int64), pagesEachWay: Int, limit: Int,
    trials: Int, clock: Clock
  ) async throws -> LoaderTimes {
    let database = try ListsDatabase(path: path)
    let books = try database.records(of: BenchBook.self, account: account)
    let cDatabase = try CDatabase(path: path, account: account)
    let buffer = UnsafeMutablePointer<cbench_book>.allocate(capacity: (2 * pagesEachWay + 1) * limit)
    defer { buffer.deallocate() }

    var loader: BooksLoader?
    var loaded = Walked()
    var cWalk = cbench_walk_result()
    let loaderWalk = AsyncContender(
      prepare: {
        guard let cursor = try books.cursor(at: middle) else {
          throw BenchError.mismatch("no book with id \(middle)")
        }
        loader = books.loader(pageSize: limit, around: cursor)
      },
      run: { loaded = try await Benchmark.walk(around: loader.take()!, pagesEachWay: pagesEachWay) })
    let cSide = AsyncContender(
      run: { cWalk = try cDatabase.walkBooks(around: key, pagesEachWay: pagesEachWay, limit: limit, into: buffer) },
      finish: {
        let c = Walked(pages: Int(cWalk.pages), rows: Int(cWalk.rows), checksum: cWalk.checksum)
        guard loaded == c else {
          throw BenchError.mismatch(
            "the loader around a book showed \(loaded.rows) books in \(loaded.pages) pages, "
              + "C \(c.rows) in \(c.pages), or other values"
          )
        }
      })
    let comparison = try await lists_bench.compare(trials: trials, clock: clock, warmUp: true, [loaderWalk, cSide])
    return LoaderTimes(comparison: comparison, pages: loaded.pages)
  }

  /// Loads the page holding the loader's item, then up to `pagesEachWay` pages before it and
  /// as many after it, and folds the books it shows; releases `loader` with its pages.
  static func walk(around loader: consuming BooksLoader, pagesEachWay: Int) async throws -> Walked {
    var state = await loader.loadNextPage()
    var asked = 0
    while asked < pagesEachWay, state.phase == .content, !state.startReached {
      state = await loader.loadPreviousPage()
      asked += 1
    }
    asked = 0
    while asked < pagesEachWay, state.phase == .content, !state.endReached {
      state = await loader.loadNextPage()
      asked += 1
    }
    _ = consume loader
    guard state.phase == .content, case .idle = state.prepend, case .idle = state.append else {
      throw BenchError.mismatch(
        "the loader around a book ended in phase \(state.phase): \(String(describing: state.error))")
    }
    return Walked(
      pages: state.pagesLoaded, rows: state.items.count, checksum: Checksum.fold(Checksum.seed, books: state.items))
  }
}
