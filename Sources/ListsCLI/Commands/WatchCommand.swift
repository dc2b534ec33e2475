import CLISupport
import ListPaging
import ListStore

/// `lists watch LIST [--search TEXT] [--where FIELD=VALUE ...] [--json]`: shows the list, whole
/// or as a search and filters select it, and shows it again whenever the file changes — also
/// when another process writes it — until interrupted.
///
/// It is the paging loader's automatic refresh made visible: the empty placeholder gives way
/// to the table when the first item arrives, without a loading flash, and `no_results` to the
/// table when a matching item arrives, and back. With `--json` it prints one `show --json`
/// object per settled state (content, empty, no results or error), one a line.
package enum WatchCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) async throws(CLIError) -> ExitCode {
    let list = parsed.value(WatchSpec.list)
    let search = parsed[WatchSpec.search]
    let filters = parsed.values(WatchSpec.filter)
    // A search or filters are checked against the kind before anything is drawn: a bad one is
    // a usage error.
    var query: TypedQuery?
    if search != nil || !filters.isEmpty {
      let database = try context.openForReading()
      let items = try context.items(named: list.rawValue, in: database)
      query = try TypedQuery.parse(search: search, filters: filters, after: nil, for: items, command: "watch")
      database.stopObserving()
    }
    let setup = Setup(
      path: context.databasePath, list: list.rawValue, query: query, account: context.account,
      json: parsed[WatchSpec.json],
      interactive: context.stdoutIsTerminal && !parsed[WatchSpec.json],
      settings: context.renderSettings, open: context.readingOpener())
    context.stdout.flush()
    switch await watch(setup) {
    case .stopped: return .success
    case .failed(let error): throw error
    }
  }

  /// How watching ended.
  enum End: Sendable {
    /// Interrupted (SIGINT, SIGTERM), or the reader of stdout went away.
    case stopped
    /// The file cannot be watched (a permanent error), or stdout cannot be written.
    case failed(CLIError)

    /// The end for an output failure, `nil` when there was none.
    init?(_ failure: OutputFailure?) {
      switch failure {
      case nil: return nil
      case .brokenPipe: self = .stopped
      case .writeFailed(let code):
        self = .failed(.cannotWrite("the output", errno: code))
      }
    }
  }

  /// Everything the watching task needs, as values.
  struct Setup: Sendable {
    var path: String
    var list: String
    /// The search and filters, nil for the whole list.
    var query: TypedQuery?
    var account: String
    var json: Bool
    var interactive: Bool
    var settings: RenderSettings
    var open: @Sendable () throws(ListStoreError) -> ListsDatabase
  }

  /// Watches until SIGINT or SIGTERM, or until the file turns out to be unusable.
  private static func watch(_ setup: Setup) async -> End {
    let interrupts = Interrupts()
    defer { withExtendedLifetime(interrupts) {} }
    let signals = interrupts.signals
    if setup.interactive { StandardOutput.write("\u{1B}[?25l") }
    let end = await withTaskGroup(of: End.self) { group in
      group.addTask {
        for await _ in signals { return .stopped }
        return .stopped
      }
      group.addTask { await follow(setup) }
      let first = await group.next() ?? .stopped
      group.cancelAll()
      return first
    }
    if setup.interactive { StandardOutput.write("\u{1B}[?25h") }
    return end
  }

  /// Shows the list, then follows it until cancelled.
  private static func follow(_ setup: Setup) async -> End {
    var presenter = ListPresenter(KindCatalog.standIn(named: setup.list), limit: 20, query: setup.query)
    var lastShown: [UInt8]?
    // Until the file exists (and has been written) there is nothing to follow: show the
    // (empty) list and wait for it.
    if Context.isNewDatabase(setup.path) {
      if let database = try? ListsDatabase.inMemory(), database.kindExists(setup.list) == false {
        // No file holds a kind of that name yet: only the built-in ones can be waited for.
        return .failed(
          Context.failure(.unknownKind(setup.list), list: setup.list, in: database, commandPath: ["watch"]))
      }
      if let database = try? ListsDatabase.inMemory(),
        let items = try? database.items(of: setup.list, account: setup.account)
      {
        let empty = await ListWalk.first(items.loader(pageSize: 20), query: setup.query?.query, events: nil).state
        let failure = show(
          .init(state: empty, nextCursor: nil, totalCount: 0, showsAll: false), presenter, setup,
          &lastShown)
        if let end = End(failure) { return end }
      }
      while Context.isNewDatabase(setup.path) {
        do { try await Task.sleep(for: .milliseconds(100)) } catch { return .stopped }
      }
    }
    while !Task.isCancelled {
      let database: ListsDatabase
      let items: KindItems
      let loader: KindItems.Loader
      do {
        database = try setup.open()
      } catch {
        let failed = ListState<DynamicItem>(phase: .error, error: LoadError(classifying: error))
        let failure = show(
          .init(state: failed, nextCursor: nil, totalCount: nil, showsAll: false), presenter, setup,
          &lastShown)
        if let end = End(failure) { return end }
        guard error.isRetryable else { return .failed(.store(error)) }
        do { try await Task.sleep(for: .seconds(1)) } catch { return .stopped }
        continue
      }
      do {
        items = try database.items(of: setup.list, account: setup.account)
        loader = items.loader(pageSize: 20)
        if let query = setup.query { loader.setQuery(query.query) }
      } catch {
        if case .unknownKind = error {
          return .failed(Context.failure(error, list: setup.list, in: database, commandPath: ["watch"]))
        }
        let failed = ListState<DynamicItem>(phase: .error, error: LoadError(classifying: error))
        let failure = show(
          .init(state: failed, nextCursor: nil, totalCount: nil, showsAll: false), presenter, setup,
          &lastShown)
        if let end = End(failure) { return end }
        guard error.isRetryable else { return .failed(.store(error)) }
        do { try await Task.sleep(for: .seconds(1)) } catch { return .stopped }
        continue
      }
      presenter = ListPresenter(items.definition, limit: 20, query: setup.query)
      let end = await follow(loader, items, presenter, setup, &lastShown)
      // Close the file before the process exits, as every other command does: the last
      // connection to close removes the `-wal` and `-shm` files.
      database.stopObserving()
      return end
    }
    return .stopped
  }

  private static func follow(
    _ loader: KindItems.Loader, _ items: KindItems, _ presenter: ListPresenter,
    _ setup: Setup, _ lastShown: inout [UInt8]?
  ) async -> End {
    let (_, transitions) = loader.subscribe()
    return await withTaskGroup(of: Void.self) { group in
      group.addTask { await loader.observeChanges() }
      group.addTask {
        // A busy file is retried every second until it answers.
        while !Task.isCancelled {
          do { try await Task.sleep(for: .seconds(1)) } catch { return }
          if case .error = loader.state.phase, loader.state.error?.isRetryable == true {
            loader.send(.retry)
          }
        }
      }
      loader.send(.loadNextPage)
      for await transition in transitions {
        let state = transition.state
        guard isSettled(state) else { continue }
        let count = state.phase == .error || setup.query != nil ? nil : countNow(items)
        let failure = show(
          .init(state: state, nextCursor: loader.stateAndCursors.nextCursor, totalCount: count, showsAll: false),
          presenter, setup, &lastShown)
        if let end = End(failure) {
          group.cancelAll()
          return end
        }
      }
      group.cancelAll()
      return .stopped
    }
  }

  /// Content, empty, no results or error, with nothing loading.
  private static func isSettled<Item>(_ state: ListState<Item>) -> Bool {
    guard state.phase != .idle && state.phase != .loading else { return false }
    if case .loading = state.refresh { return false }
    if case .loading = state.append { return false }
    return true
  }

  /// Writes the snapshot unless it is exactly what was shown last: one output per change, so a
  /// busy file retried every second, or a new file seen before its first item, repeats nothing.
  /// Returns why stdout could not be written, if it could not.
  /// The list's kept count, read at once.
  private static func countNow(_ items: KindItems) -> Int? {
    try? items.count()
  }

  private static func show(
    _ snapshot: ListPresenter.Snapshot, _ presenter: ListPresenter, _ setup: Setup,
    _ lastShown: inout [UInt8]?
  ) -> OutputFailure? {
    let output: [UInt8]
    if setup.json {
      output = presenter.json(snapshot, account: setup.account).withBytes { Array($0) }
    } else if setup.interactive {
      // Home, clear the screen, draw.
      output = Array(("\u{1B}[H\u{1B}[2J" + presenter.human(snapshot, settings: setup.settings)).utf8)
    } else {
      output = Array((presenter.human(snapshot, settings: setup.settings) + "\n").utf8)
    }
    guard output != lastShown else { return nil }
    lastShown = output
    return output.withUnsafeBytes { StandardOutput.write($0) }
  }
}

/// Unbuffered writes to stdout, usable from any task; each call is written whole or returns
/// why it could not be.
enum StandardOutput {
  @discardableResult
  static func write(_ text: String) -> OutputFailure? {
    var text = text
    return text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  static func write(_ bytes: UnsafeRawBufferPointer) -> OutputFailure? {
    System.writeAll(System.standardOutput, bytes)
  }
}

extension ListsDatabase {
  /// Whether the file holds a kind named `name`; nil when that cannot be read.
  fileprivate func kindExists(_ name: String) -> Bool? {
    do {
      return try kind(named: name) != nil
    } catch {
      return nil
    }
  }
}
