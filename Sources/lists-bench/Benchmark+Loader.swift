import ListPaging
import ListStore

extension Benchmark {
  /// The loader the store makes for the orders: `database.orders().loader(pageSize:)`.
  typealias OrdersLoader = OrdersRepository.Loader

  /// `loader_ratio`: walking ``pageCount`` pages of ``pageLimit`` orders of the big list
  /// through the store's `ListLoader` (`loadNextPage()` until the end), as an app does — the
  /// pages kept in `LoadedItems`, each transition published — against calling
  /// `OrdersRepository.page(after:limit:)` for the same pages, on the same file.
  /// `loader_subscribed_ratio`: the same walk with one subscriber of `loader.transitions`, as
  /// a screen runs it: the subscriber runs on the walk's own thread (a screen's main actor),
  /// gets every transition and the stream's end, and its work is inside the timed region.
  ///
  /// Each loader is made untimed before its trial (the change subscription starts the store's
  /// poller) and released inside the timed region (its 1,000 page arrays are freed there, as
  /// the repository's are during its walk). Every walk folds the orders it read into a
  /// checksum inside the timed region; all of them must agree.
  func measureLoader(_ path: String) throws {
    progress("Timing the paging loader")
    // A walk takes about 30 ms: 25 paired trials keep the median steady for a few seconds.
    let trials = max(options.trials, 25)
    let clock = options.clock
    let thread = thread
    let times = try thread.run {
      try await Benchmark.loaderWalks(path: path, trials: trials, clock: clock, screen: thread)
    }
    report.set("loader_ratio", times.comparison.ratio(1, over: 0))
    report.set("loader_ms", Self.milliseconds(times.comparison.median(1)))
    report.set("loader_repository_ms", Self.milliseconds(times.comparison.median(0)))
    report.set("loader_subscribed_ratio", times.comparison.ratio(2, over: 0))
    report.set("loader_subscribed_ms", Self.milliseconds(times.comparison.median(2)))
    report.set("loader_pages", .integer(times.pages))
    try measureLoaderAround()
    try measureLoaderMemory(path)
  }

  /// What the loader phase measured: the repository's walk, the loader's, the subscribed
  /// loader's (contenders 0, 1, 2), and how many pages each walked.
  struct LoaderTimes: Sendable {
    var comparison: Comparison
    var pages: Int
  }

  /// One walk's result: pages, orders and their checksum.
  struct Walked: Equatable {
    var pages = 0
    var rows = 0
    var checksum: UInt64 = 0
  }

  /// Times the three walks against each other on `clock`, on the calling thread.
  static func loaderWalks(path: String, trials: Int, clock: Clock, screen: BenchThread) async throws -> LoaderTimes {
    let database = try ListsDatabase(path: path)
    let repository = database.orders()
    let pages = pageCount
    let limit = pageLimit

    var direct = Walked()
    var loaded = Walked()
    var subscribed = Walked()
    var loader: OrdersLoader?
    var drain: Task<Drained, Never>?
    var drained = Drained()
    let repositoryWalk = AsyncContender(run: {
      let walk = try Benchmark.walk(repository, pages: pages, limit: limit)
      direct = Walked(pages: walk.pages, rows: walk.rows, checksum: walk.checksum)
    })
    let loaderWalk = AsyncContender(
      prepare: { loader = repository.loader(pageSize: limit) },
      run: {
        let walking = loader.take()!
        loaded = try await Benchmark.walk(walking, pages: pages)
      },
      finish: { try Benchmark.checkSame(loaded, direct, "the loader") })
    let subscribedWalk = AsyncContender(
      prepare: {
        let made = repository.loader(pageSize: limit)
        let transitions = made.transitions
        drain = Task(executorPreference: screen) {
          var drained = Drained()
          for await transition in transitions { drained.add(transition.number) }
          return drained
        }
        loader = made
      },
      run: {
        subscribed = try await Benchmark.walk(loader.take()!, pages: pages)
        // The loader is gone, so its streams are finished: the subscriber takes the rest and
        // ends, inside the timed region, on this thread.
        drained = await drain.take()!.value
      },
      finish: {
        try Benchmark.checkSame(subscribed, direct, "the subscribed loader")
        guard drained.isComplete, drained.count >= subscribed.pages else {
          throw BenchError.mismatch(
            "the subscriber saw \(drained.count) transitions (numbers \(drained.first) to \(drained.last)) for \(subscribed.pages) pages"
          )
        }
      })

    let comparison = try await lists_bench.compare(
      trials: trials, clock: clock, warmUp: true, [repositoryWalk, loaderWalk, subscribedWalk])
    return LoaderTimes(comparison: comparison, pages: direct.pages)
  }

  /// Loads pages through `loader` until the end or `pages` pages, then folds what it shows.
  ///
  /// `loader` is consumed: it is released here, with the pages it holds.
  static func walk(_ loader: consuming OrdersLoader, pages: Int) async throws -> Walked {
    var state = loader.state
    repeat {
      state = await loader.loadNextPage()
    } while state.phase == .content && !state.endReached && state.pagesLoaded < pages
    _ = consume loader
    guard state.phase == .content else {
      throw BenchError.mismatch(
        "the loader ended in phase \(state.phase): \(String(describing: state.error))")
    }
    return Walked(
      pages: state.pagesLoaded, rows: state.items.count,
      checksum: Checksum.fold(Checksum.seed, state.items))
  }

  /// Checks that a walk read what the repository's walk read.
  static func checkSame(_ walk: Walked, _ direct: Walked, _ name: String) throws {
    guard walk == direct else {
      throw BenchError.mismatch(
        "\(name) read \(walk.rows) orders in \(walk.pages) pages, the repository \(direct.rows) in \(direct.pages), or other values"
      )
    }
  }

  /// What a subscriber saw: how many transitions, and the numbers of the first and the last.
  struct Drained: Sendable {
    var count = 0
    var first = 0
    var last = 0

    mutating func add(_ number: Int) {
      if count == 0 { first = number }
      last = number
      count += 1
    }

    /// Whether no transition between the first and the last was lost.
    var isComplete: Bool { count > 0 && last - first + 1 == count }
  }
}
