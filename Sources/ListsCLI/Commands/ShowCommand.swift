import CLISupport
import ExitCodeTable
import ListPaging
import ListStore

/// `lists show LIST [--limit N] [--after CURSOR | --before CURSOR] [--all] [--json] [--events]
/// [--search TEXT] [--where FIELD=VALUE ...]`: one page of a list (or all of them), whole or as a
/// search and filters select it, as a table, or its placeholder.
///
/// The command runs the paging loader (``ListLoader``) over the store, so what it prints and
/// what `--events` reports are the loader's real states and events: a list without items ends
/// in `empty`, a query that matches nothing in a list with items in `no_results` (both exit 0).
/// The source reads at once, so each page is read inside the call that asks for it. Opening
/// the file is part of the first page: a busy or broken file is a failed load, with its error
/// placeholder and its exit code. `--all` prints each page as it reads it (``ShowAll``), so a
/// long list is shown in bounded memory.
package enum ShowCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) async throws(CLIError) -> ExitCode {
    let options = Options(
      list: parsed.value(ShowSpec.list).rawValue, limit: parsed.value(ShowSpec.limit),
      after: parsed[ShowSpec.after].map(ListCursor.init), before: parsed[ShowSpec.before].map(ListCursor.init),
      all: parsed[ShowSpec.all], json: parsed[ShowSpec.json], events: parsed[ShowSpec.events],
      sync: try ShowSync.options(parsed))
    if options.before != nil && (options.after != nil || options.all) {
      throw .usageMessage(
        "--before cannot be used with \(options.all ? "--all" : "--after"): it shows the one page before a cursor.",
        commandPath: ["show"])
    }
    let search = parsed[ShowSpec.search]
    let filters = parsed.values(ShowSpec.filter)
    // A list that is not built in is looked up before anything is drawn: an unknown one is
    // the parser's usage error, with no spinner before it. The file opened for that is the one
    // the page is read from. A search or filters are checked against the kind first: a bad one
    // is a usage error, and the file must answer for that.
    var opened: (database: ListsDatabase, items: KindItems?)?
    var query: TypedQuery?
    if search != nil || !filters.isEmpty {
      let database = try context.openForReading()
      let items = try context.items(named: options.list, in: database)
      query = try TypedQuery.parse(
        search: search, filters: filters, after: options.after ?? options.before, for: items, command: "show")
      opened = (database, items)
    } else if !KindDefinition.builtIns.contains(where: { $0.name == options.list }),
      let database = try? context.readingOpener()()
    {
      // Only a file that answers "no such kind" is an unknown list; a failure to read it is
      // the page's error, shown as the list's. The kind found is the one the page is read from.
      do throws(ListStoreError) {
        opened = (database, try database.items(of: options.list, account: context.account))
      } catch .unknownKind {
        throw context.failure(.unknownKind(options.list), list: options.list, in: database)
      } catch {
        opened = (database, nil)
      }
    }
    context.stderr.flush()
    let spinner = Spinner(
      "Loading \(options.list)…", enabled: context.stderrIsTerminal && !options.events && query == nil)
    var outcome: Outcome
    do {
      outcome = try await load(options, query, context, opened: opened)
    } catch {
      await spinner.stop()
      throw error
    }
    await spinner.stop()
    // A kind with a remote: a refresh when due, then the two-source rules (ShowSync). A search
    // or filters read the cache as it is: the remote's state is reported, never refreshed
    // (`lists show KIND` or `lists sync KIND` does that).
    var syncOptions = options.sync
    if query != nil { syncOptions.offline = true }
    let sync = try await ShowSync.refreshIfDue(
      kind: options.list, syncOptions, outcome.items?.database, context, events: options.events && query == nil)
    if sync?.changed == true { outcome = try await load(options, query, context) }
    var state = outcome.state
    var presenter = ListPresenter(outcome.definition, limit: options.limit, query: query)
    if let sync, query == nil {
      state = ShowSync.combine(state, sync.view)
      ShowSync.configure(&presenter.catalog, kind: options.list, sync.view)
    }
    let totalCount: Int? =
      state.phase == .error || query != nil ? nil : outcome.items.flatMap { items in try? items.count() }
    var snapshot = ListPresenter.Snapshot(
      state: state, nextCursor: outcome.nextCursor, totalCount: totalCount, showsAll: options.all,
      sync: sync?.view, previousCursor: outcome.previousCursor, endsBefore: options.before != nil)
    var failed = outcome.failed
    if let loader = outcome.loader, ListWalk.continues(outcome.state) {
      // --all past the first page: printed page by page, the loader keeping the last ones.
      let printed = await ShowAll.print(
        snapshot, loader: loader, events: outcome.events, presenter: presenter, json: options.json, context: context
      ) { state in
        guard let sync, query == nil else { return state }
        return ShowSync.combine(state, sync.view)
      }
      (snapshot, failed) = (printed.snapshot, printed.failed)
      state = snapshot.state
    } else if options.json {
      presenter.json(snapshot, account: context.account).withBytes { context.stdout.write($0) }
    } else {
      context.stdout.write(TerminalText(rendered: presenter.human(snapshot, settings: context.renderSettings)))
    }
    guard let failure = presenter.failure(of: state) else { return .success }
    // Cached rows shown with the offline notice: a success, as the remote never hides them.
    if sync != nil && query == nil && state.phase != .error { return .success }
    // The placeholder (or the JSON) is the view; the one line on stderr is for the
    // script or person that only looks at the exit status and the diagnostics.
    context.stdout.flush()
    context.stderr.write(TerminalText(rendered: ErrorRenderer.render(message: failure.message, style: context.stderrStyle)))
    if let failed { return ExitCode(failureOf: failed.kind) }
    return sync?.view.exitCode ?? .software
  }

  struct Options {
    var list: String
    var limit: Int
    var after: ListCursor?
    var before: ListCursor?
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
    var previousCursor: ListCursor?
    var items: KindItems?
    /// The error of the load's last page, nil when it was read.
    var failed: LoadError?
    /// With `--all`, the loader that read the first page, to read the others with.
    var loader: ListLoader<ListSource>? = nil
    /// The loader's events, when `--events` asked for them.
    var events: ListStream<PageEvent>? = nil
  }

  /// Runs the loader for the first page (with `--all`, a loader that keeps at most
  /// ``ShowAll/window(limit:)`` items, returned to read the others with). With `--events`, the
  /// page's events are written to stderr, in order, before anything is shown (``ShowAll``
  /// writes each later page's before its items). Opening the file and reading the kind's
  /// definition are part of the first page; a cursor of another list is a usage error, before
  /// anything is shown.
  private static func load(
    _ options: Options, _ query: TypedQuery?, _ context: Context,
    opened reused: (database: ListsDatabase, items: KindItems?)? = nil
  ) async throws(CLIError) -> Outcome {
    // Before the file answers, a failure is shown as the list's: the built-in kind's, or one
    // named after the list.
    var definition = KindCatalog.standIn(named: options.list)
    var database: ListsDatabase?
    let items: Result<KindItems, ListStoreError>
    do throws(ListStoreError) {
      let opened: ListsDatabase
      if let reused {
        opened = reused.database
      } else {
        opened = try context.readingOpener()()
      }
      database = opened
      let found: KindItems
      if let reusedItems = reused?.items {
        found = reusedItems
      } else {
        found = try opened.items(of: options.list, account: context.account)
      }
      definition = found.definition
      if let cursor = options.after ?? options.before, query == nil { try found.validate(cursor) }
      items = .success(found)
    } catch {
      if case .invalidCursor = error { throw .usageMessage(error.message, commandPath: ["show"]) }
      if case .unknownKind = error, let database { throw context.failure(error, list: options.list, in: database) }
      items = .failure(error)
    }
    let loader = ListLoader(
      source: ListSource(items: items, start: options.after, end: options.before), pageSize: options.limit,
      beginsMidList: options.after != nil || options.before != nil,
      maxItems: options.all ? ShowAll.window(limit: options.limit) : nil)
    let events = options.events ? loader.events : nil
    let walk = await ListWalk.first(loader, query: query?.query, events: events)
    if options.events {
      for event in walk.events { context.stderr.writeVerbatimLine(event.jsonLine) }
      context.stderr.flush()
    }
    let failed = walk.state.phase == .error ? walk.state.error : PlaceholderCatalog.notice(of: walk.state)?.error
    return Outcome(
      definition: definition, state: walk.state, nextCursor: walk.nextCursor,
      // A page after a cursor that holds nothing (past the end) still ends where the page before
      // it does: at that cursor.
      previousCursor: walk.previousCursor ?? (walk.state.items.isEmpty ? options.after : nil),
      items: try? items.get(),
      failed: failed, loader: options.all ? loader : nil, events: events)
  }
}
