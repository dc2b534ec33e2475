import ListPaging
import ListStore

/// `lists show LIST [--limit N] [--after CURSOR] [--all] [--json] [--events]`: one page of a
/// list (or all of them) as a table, or its placeholder.
///
/// The command drives the paging loader's transition function (``LoaderMachine``) over the
/// store, so what it prints and what `--events` reports are the loader's real states and
/// events. It drives it synchronously on the main thread — the store answers at once — without
/// a ``ListLoader``'s tasks, locks and streams, which would cost a short-lived process more
/// than the page itself. Opening the file is part of the first page: a busy or broken file is
/// a failed load, with its error placeholder and its exit code.
package enum ShowCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) async throws(CLIError) -> ExitCode {
    let list = parsed.value(ShowSpec.list)
    if parsed[ShowSpec.search] != nil || !parsed.values(ShowSpec.filter).isEmpty {
      return try await QueryShow.run(parsed, list: list.rawValue, context)
    }
    let after = parsed[ShowSpec.after].map(ListCursor.init)
    if let after {
      do {
        try after.validate(for: list, account: context.account)
      } catch {
        throw .usageMessage(error.message, commandPath: ["show"])
      }
    }
    let options = Options(
      limit: parsed.value(ShowSpec.limit), after: after, all: parsed[ShowSpec.all],
      json: parsed[ShowSpec.json], events: parsed[ShowSpec.events])
    let account = context.account
    switch list {
    case .favorites: return await show(list, options, context) { $0.favorites(account: account) }
    case .addresses: return await show(list, options, context) { $0.addresses(account: account) }
    case .orders: return await show(list, options, context) { $0.orders(account: account) }
    }
  }

  struct Options {
    var limit: Int
    var after: ListCursor?
    var all: Bool
    var json: Bool
    var events: Bool
  }

  /// What a load ended with.
  private struct Outcome<Item: Sendable> {
    var state: ListState<Item>
    var nextCursor: ListCursor?
    var database: ListsDatabase?
    var lastError: ListStoreError?
  }

  private static func show<Repository: ListRepository>(
    _ list: ListKind, _ options: Options, _ context: Context,
    repository: (ListsDatabase) -> Repository
  ) async -> ExitCode where Repository.Item: ListItemOutput {
    context.stderr.flush()
    let spinner = Spinner(
      "Loading \(list)…", enabled: context.stderrIsTerminal && !options.events)
    let outcome = load(options, context, repository: repository)
    await spinner.stop()
    let state = outcome.state

    let presenter = ListPresenter<Repository.Item>(list: list, limit: options.limit)
    let totalCount: Int? =
      state.phase == .error ? nil : outcome.database.flatMap { database in
        try? ClearCommand.itemCount(of: list, database, context.account)
      }
    let snapshot = ListPresenter.Snapshot(
      state: state, nextCursor: outcome.nextCursor, totalCount: totalCount, showsAll: options.all)
    if options.json {
      presenter.json(snapshot, account: context.account).withBytes { context.stdout.write($0) }
    } else {
      context.stdout.write(presenter.human(snapshot, settings: context.renderSettings))
    }
    guard let failure = presenter.failure(of: state) else { return .success }
    // The placeholder (or the JSON) is the view; the contract's one line on stderr is for the
    // script or person that only looks at the exit status and the diagnostics.
    context.stdout.flush()
    context.stderr.write(ErrorRenderer.render(message: failure.message, style: context.stderrStyle))
    return outcome.lastError.map(CLIError.exitCode(for:)) ?? .software
  }

  /// Runs the loader's rules: the first page, then with `--all` every page until the end or a
  /// failure. With `--events`, each event is written to stderr as it happens.
  private static func load<Repository: ListRepository>(
    _ options: Options, _ context: Context, repository: (ListsDatabase) -> Repository
  ) -> Outcome<Repository.Item> {
    var machine = LoaderMachine<Repository.Item, ListCursor>(
      pageSize: options.limit, beginsMidList: options.after != nil)
    let open = context.readingOpener()
    var database: ListsDatabase?
    var lastError: ListStoreError?
    func fetch(_ cursor: ListCursor?, _ limit: Int) throws -> SourcePage<Repository.Item, ListCursor> {
      do throws(ListStoreError) {
        let opened: ListsDatabase
        if let database {
          opened = database
        } else {
          opened = try open()
          database = opened
        }
        let page = try repository(opened).page(after: cursor ?? options.after, limit: limit)
        lastError = nil
        return SourcePage(items: page.items, nextCursor: page.nextCursor)
      } catch {
        lastError = error
        throw error
      }
    }
    let stderr = context.stderr
    func publish(_ transition: ListTransition<Repository.Item>) {
      guard options.events else { return }
      for event in transition.events { stderr.writeLine(event.jsonLine) }
      stderr.flush()
    }
    machine.drive(.loadNextPage, fetch: fetch, publish: publish)
    while options.all && machine.state.phase == .content && !machine.state.endReached,
      case .idle = machine.state.append
    {
      machine.drive(.loadNextPage, fetch: fetch, publish: publish)
    }
    return Outcome(
      state: machine.state, nextCursor: machine.nextCursor, database: database, lastError: lastError)
  }
}
