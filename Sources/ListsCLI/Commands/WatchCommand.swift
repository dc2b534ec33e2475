import Glibc
import ListPaging
import ListStore

/// `lists watch LIST [--json]`: shows the list and shows it again whenever the file changes —
/// also when another process writes it — until interrupted.
///
/// It is the paging loader's automatic refresh made visible: the empty placeholder gives way
/// to the table when the first item arrives, without a loading flash. With `--json` it prints
/// one `show --json` object per settled state (content, empty or error), one a line.
package enum WatchCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) async throws(CLIError) -> ExitCode {
    let list = parsed.value(WatchSpec.list)
    let account = context.account
    let setup = Setup(
      path: context.databasePath, account: account, json: parsed[WatchSpec.json],
      interactive: context.stdoutIsTerminal && !parsed[WatchSpec.json],
      settings: context.renderSettings, open: context.readingOpener())
    context.stdout.flush()
    switch list {
    case .favorites: return await watch(list, setup) { $0.favorites(account: account) }
    case .addresses: return await watch(list, setup) { $0.addresses(account: account) }
    case .orders: return await watch(list, setup) { $0.orders(account: account) }
    }
  }

  /// Everything the watching task needs, as values.
  struct Setup: Sendable {
    var path: String
    var account: String
    var json: Bool
    var interactive: Bool
    var settings: RenderSettings
    var open: @Sendable () throws(ListStoreError) -> ListsDatabase
  }

  /// Watches until SIGINT or SIGTERM (exit 0), or until the file turns out to be unusable
  /// (its error's code).
  private static func watch<Repository: ListRepository>(
    _ list: ListKind, _ setup: Setup, repository: @escaping @Sendable (ListsDatabase) -> Repository
  ) async -> ExitCode where Repository.Item: ListItemOutput {
    let interrupts = Interrupts()
    defer { withExtendedLifetime(interrupts) {} }
    let signals = interrupts.signals
    if setup.interactive { StandardOutput.write("\u{1B}[?25l") }
    let code = await withTaskGroup(of: ExitCode.self) { group in
      group.addTask {
        for await _ in signals { return .success }
        return .success
      }
      group.addTask { await follow(list, setup, repository) }
      let first = await group.next() ?? .success
      group.cancelAll()
      return first
    }
    if setup.interactive { StandardOutput.write("\u{1B}[?25h") }
    return code
  }

  /// Shows the list, then follows it until cancelled.
  private static func follow<Repository: ListRepository>(
    _ list: ListKind, _ setup: Setup, _ repository: @escaping @Sendable (ListsDatabase) -> Repository
  ) async -> ExitCode where Repository.Item: ListItemOutput {
    let presenter = ListPresenter<Repository.Item>(list: list, limit: 20)
    var lastShown: [UInt8]?
    // Until the file exists (and has been written) there is nothing to follow: show the
    // (empty) list and wait for it.
    if Context.isNewDatabase(setup.path) {
      if let database = try? ListsDatabase.inMemory(),
        let empty = try? await repository(database).loader(pageSize: 20).loadNextPage()
      {
        show(
          .init(state: empty, nextCursor: nil, totalCount: 0, showsAll: false), presenter, setup,
          &lastShown)
      }
      while Context.isNewDatabase(setup.path) {
        do { try await Task.sleep(for: .milliseconds(100)) } catch { return .success }
      }
    }
    while !Task.isCancelled {
      let database: ListsDatabase
      let loader: ListLoader<RepositoryPageSource<Repository>>
      do {
        database = try setup.open()
        loader = try repository(database).loader(pageSize: 20)
      } catch {
        let failed = ListState<Repository.Item>(phase: .error, error: LoadError(classifying: error))
        show(
          .init(state: failed, nextCursor: nil, totalCount: nil, showsAll: false), presenter, setup,
          &lastShown)
        guard error.isRetryable else { return CLIError.exitCode(for: error) }
        do { try await Task.sleep(for: .seconds(1)) } catch { return .success }
        continue
      }
      return await follow(loader, database, list, presenter, setup, &lastShown)
    }
    return .success
  }

  private static func follow<Repository: ListRepository>(
    _ loader: ListLoader<RepositoryPageSource<Repository>>, _ database: ListsDatabase,
    _ list: ListKind, _ presenter: ListPresenter<Repository.Item>, _ setup: Setup,
    _ lastShown: inout [UInt8]?
  ) async -> ExitCode where Repository.Item: ListItemOutput {
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
        let count = state.phase == .error ? nil : try? ClearCommand.itemCount(of: list, database, setup.account)
        show(
          .init(state: state, nextCursor: loader.stateAndNextCursor.nextCursor, totalCount: count, showsAll: false),
          presenter, setup, &lastShown)
      }
      group.cancelAll()
      return .success
    }
  }

  /// Content, empty or error, with nothing loading.
  private static func isSettled<Item>(_ state: ListState<Item>) -> Bool {
    guard state.phase == .content || state.phase == .empty || state.phase == .error else { return false }
    if case .loading = state.refresh { return false }
    if case .loading = state.append { return false }
    return true
  }

  /// Writes the snapshot unless it is exactly what was shown last: one output per change, so a
  /// busy file retried every second, or a new file seen before its first item, repeats nothing.
  private static func show<Item: ListItemOutput>(
    _ snapshot: ListPresenter<Item>.Snapshot, _ presenter: ListPresenter<Item>, _ setup: Setup,
    _ lastShown: inout [UInt8]?
  ) {
    let output: [UInt8]
    if setup.json {
      output = presenter.json(snapshot, account: setup.account).withBytes { Array($0) }
    } else if setup.interactive {
      // Home, clear the screen, draw.
      output = Array(("\u{1B}[H\u{1B}[2J" + presenter.human(snapshot, settings: setup.settings)).utf8)
    } else {
      output = Array((presenter.human(snapshot, settings: setup.settings) + "\n").utf8)
    }
    guard output != lastShown else { return }
    lastShown = output
    output.withUnsafeBytes { StandardOutput.write($0) }
  }
}

/// Unbuffered writes to stdout, usable from any task; each call is written whole.
enum StandardOutput {
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  static func write(_ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }
}
