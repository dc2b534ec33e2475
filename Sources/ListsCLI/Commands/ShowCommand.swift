import CLISupport
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
    if parsed[ShowSpec.search] != nil || !parsed.values(ShowSpec.filter).isEmpty {
      return try await QueryShow.run(parsed, list: parsed.value(ShowSpec.list).rawValue, context)
    }
    let options = Options(
      list: parsed.value(ShowSpec.list).rawValue, limit: parsed.value(ShowSpec.limit),
      after: parsed[ShowSpec.after].map(ListCursor.init), all: parsed[ShowSpec.all],
      json: parsed[ShowSpec.json], events: parsed[ShowSpec.events], sync: try ShowSync.options(parsed))
    // A list that is not built in is looked up before anything is drawn: an unknown one is
    // the parser's usage error, with no spinner before it. The file opened for that is the one
    // the page is read from.
    var opened: ListsDatabase?
    if !KindDefinition.builtIns.contains(where: { $0.name == options.list }),
      let database = try? context.readingOpener()()
    {
      opened = database
      // Only a file that answers "no such kind" is an unknown list; a failure to read it is
      // the page's error, shown as the list's.
      let isUnknown: Bool
      do {
        isUnknown = try database.kind(named: options.list) == nil
      } catch {
        isUnknown = false
      }
      if isUnknown { throw context.failure(.unknownKind(options.list), list: options.list, in: database) }
    }
    context.stderr.flush()
    let spinner = Spinner(
      "Loading \(options.list)…", enabled: context.stderrIsTerminal && !options.events)
    var outcome: Outcome
    do {
      outcome = try load(options, context, opened: opened)
    } catch {
      await spinner.stop()
      throw error
    }
    await spinner.stop()
    // A kind with a remote: a refresh when due, then the two-source rules (ShowSync).
    let sync = try await ShowSync.refreshIfDue(
      kind: options.list, options.sync, outcome.items?.database, context, events: options.events)
    if sync?.changed == true { outcome = try load(options, context) }
    let state = sync.map { ShowSync.combine(outcome.state, $0.view) } ?? outcome.state

    var presenter = ListPresenter(outcome.definition, limit: options.limit)
    if let sync { ShowSync.configure(&presenter.catalog, kind: options.list, sync.view) }
    let totalCount: Int? =
      state.phase == .error ? nil : outcome.items.flatMap { items in try? items.count() }
    let snapshot = ListPresenter.Snapshot(
      state: state, nextCursor: outcome.nextCursor, totalCount: totalCount, showsAll: options.all,
      sync: sync?.view)
    if options.json {
      presenter.json(snapshot, account: context.account).withBytes { context.stdout.write($0) }
    } else {
      context.stdout.write(TerminalText(rendered: presenter.human(snapshot, settings: context.renderSettings)))
    }
    guard let failure = presenter.failure(of: state) else { return .success }
    // Cached rows shown with the offline notice: a success, as the remote never hides them.
    if sync != nil && state.phase != .error { return .success }
    // The placeholder (or the JSON) is the view; the one line on stderr is for the
    // script or person that only looks at the exit status and the diagnostics.
    context.stdout.flush()
    context.stderr.write(TerminalText(rendered: ErrorRenderer.render(message: failure.message, style: context.stderrStyle)))
    return outcome.lastError.map(CLIError.exitCode(for:)) ?? sync?.view.exitCode ?? .software
  }

  struct Options {
    var list: String
    var limit: Int
    var after: ListCursor?
    var all: Bool
    var json: Bool
    var events: Bool
    var sync: ShowSync.Options
  }

  /// What a load ended with.
  private struct Outcome {
    var definition: KindDefinition
    var state: ListState<DynamicItem>
    var nextCursor: ListCursor?
    var items: KindItems?
    var lastError: ListStoreError?
  }

  /// Runs the loader's rules: the first page, then with `--all` every page until the end or a
  /// failure. With `--events`, each event is written to stderr as it happens. Opening the file
  /// and reading the kind's definition are part of the first page; a cursor of another list is
  /// a usage error, before anything is shown.
  private static func load(
    _ options: Options, _ context: Context, opened reused: ListsDatabase? = nil
  ) throws(CLIError) -> Outcome {
    var machine = LoaderMachine<DynamicItem, ListCursor>(
      pageSize: options.limit, beginsMidList: options.after != nil)
    let open = context.readingOpener()
    var items: KindItems?
    var lastError: ListStoreError?
    // Before the file answers, a failure is shown as the list's: the built-in kind's, or one
    // named after the list.
    var definition = KindCatalog.standIn(named: options.list)
    var database: ListsDatabase?
    do throws(ListStoreError) {
      let opened: ListsDatabase
      if let reused {
        opened = reused
      } else {
        opened = try open()
      }
      database = opened
      let found = try opened.items(of: options.list, account: context.account)
      definition = found.definition
      if let after = options.after { try found.validate(after) }
      items = found
    } catch {
      if case .invalidCursor = error { throw .usageMessage(error.message, commandPath: ["show"]) }
      if case .unknownKind = error, let database { throw context.failure(error, list: options.list, in: database) }
      lastError = error
    }
    func fetch(_ cursor: ListCursor?, _ limit: Int) throws -> SourcePage<DynamicItem, ListCursor> {
      do throws(ListStoreError) {
        guard let items else { throw lastError ?? .internalError(detail: "the list was not opened") }
        let page = try items.page(after: cursor ?? options.after, limit: limit)
        lastError = nil
        return SourcePage(items: page.items, nextCursor: page.nextCursor)
      } catch {
        lastError = error
        throw error
      }
    }
    let stderr = context.stderr
    func publish(_ transition: ListTransition<DynamicItem>) {
      guard options.events else { return }
      for event in transition.events { stderr.writeVerbatimLine(event.jsonLine) }
      stderr.flush()
    }
    machine.drive(.loadNextPage, fetch: fetch, publish: publish)
    while options.all && machine.state.phase == .content && !machine.state.endReached,
      case .idle = machine.state.append
    {
      machine.drive(.loadNextPage, fetch: fetch, publish: publish)
    }
    return Outcome(
      definition: definition, state: machine.state, nextCursor: machine.nextCursor, items: items,
      lastError: lastError)
  }
}
