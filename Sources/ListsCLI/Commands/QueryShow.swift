import CLISupport
import ListPaging
import ListStore
import TextFormats

/// `lists show KIND --search TEXT --where FIELD=VALUE ...`: one page (or all) of the items that
/// match, through the generic repository and the loader's rules, so that a list with items but
/// no match ends in `no_results` (exit 0) and a list without items in `empty`.
///
/// Items are read by field name (``DynamicItem``), so any kind the store can read works here.
/// A result count is shown only where it is cheap: with a query none is (it would need
/// COUNT(*) over the results), so the footer says `20+ results` while more follow.
enum QueryShow {
  static func run(_ parsed: ParsedCommand, list: String, _ context: Context) async throws(CLIError) -> ExitCode {
    let texts = parsed.values(ShowSpec.filter)
    let search = parsed[ShowSpec.search]
    let limit = parsed.value(ShowSpec.limit)
    let after = parsed[ShowSpec.after].map(ListCursor.init)
    let (items, query) = try prepare(list: list, search: search, filters: texts, after: after, context, command: "show")
    let definition = items.definition
    var machine = LoaderMachine<DynamicItem, ListCursor>(pageSize: limit, beginsMidList: after != nil)
    var lastError: ListStoreError?
    func fetch(_ cursor: ListCursor?, _ limit: Int) throws -> SourcePage<DynamicItem, ListCursor> {
      do throws(ListStoreError) {
        let page = try items.page(matching: query, after: cursor ?? after, limit: limit)
        lastError = nil
        return SourcePage(items: page.items, nextCursor: page.nextCursor, listHasItems: page.listHasItems)
      } catch {
        lastError = error
        throw error
      }
    }
    let events = parsed[ShowSpec.events]
    let stderr = context.stderr
    func publish(_ transition: ListTransition<DynamicItem>) {
      guard events else { return }
      for event in transition.events { stderr.writeVerbatimLine(event.jsonLine) }
      stderr.flush()
    }
    let all = parsed[ShowSpec.all]
    machine.drive(.loadNextPage, fetch: fetch, publish: publish)
    while all && machine.state.phase == .content && !machine.state.endReached, case .idle = machine.state.append {
      machine.drive(.loadNextPage, fetch: fetch, publish: publish)
    }
    // A search or filters read the cache as it is: the remote's state is reported, never
    // refreshed (`lists show KIND` or `lists sync KIND` does that).
    var offline = try ShowSync.options(parsed)
    offline.offline = true
    let sync = try await ShowSync.refreshIfDue(kind: list, offline, items.database, context, events: false)
    let view = QueryView(
      definition: definition, query: query, filterTexts: texts, limit: limit, state: machine.state,
      nextCursor: machine.nextCursor, showsAll: all, sync: sync?.view)
    if parsed[ShowSpec.json] {
      view.json(account: context.account).withBytes { context.stdout.write($0) }
    } else {
      context.stdout.write(TerminalText(rendered: view.human(settings: context.renderSettings)))
    }
    guard machine.state.phase == .error || PlaceholderCatalog.notice(of: machine.state)?.error != nil else {
      return .success
    }
    let message = (machine.state.error ?? PlaceholderCatalog.notice(of: machine.state)?.error)?.message ?? ""
    context.stdout.flush()
    context.stderr.write(TerminalText(rendered: ErrorRenderer.render(message: message, style: context.stderrStyle)))
    return lastError.map(CLIError.exitCode(for:)) ?? .software
  }

  /// The kind's items and the query of `search` and `filters` (as typed), checked: a bad filter,
  /// a search the kind cannot run, or a cursor `after` of another query is a usage error.
  static func prepare(
    list: String, search: String?, filters texts: [String], after: ListCursor?, _ context: Context, command: String
  ) throws(CLIError) -> (KindItems, KindQuery) {
    let database = try store { () throws(ListStoreError) in try context.readingOpener()() }
    let items = try context.items(named: list, in: database)
    let definition = items.definition
    var filters: [KindFilter] = []
    for text in texts {
      do {
        filters.append(try KindFilter(parsing: text, in: definition))
      } catch {
        throw usage(error, definition, command)
      }
    }
    let query = KindQuery(search: search, filters: filters)
    if let after {
      do {
        try items.validate(after, for: query)
      } catch {
        throw .usageMessage(
          "The cursor was not made by a page of this search and these filters of \(list); "
            + "use the next_cursor of a page of the same query.", commandPath: [command])
      }
    }
    do {
      _ = try items.page(matching: query, after: after, limit: 1)
    } catch {
      // A search the kind cannot run, or a bad filter: a misuse of the command, said at once.
      switch error {
      case .search, .unknownField, .invalidFilter: throw usage(error, definition, command)
      default: break
      }
    }
    return (items, query)
  }

  /// A store error about the query as a usage error, with did-you-mean for an unknown field.
  private static func usage(_ error: ListStoreError, _ definition: KindDefinition, _ command: String) -> CLIError {
    if case .unknownField(let kind, let field, let known) = error {
      let hint = NearMiss.suggestion(for: field, among: known).map { " Did you mean '\($0)'?" } ?? ""
      return .usageMessage(
        "Unknown field '\(TerminalEscaping.escape(field))' of \(kind).\(hint)", commandPath: [command])
    }
    return .usageMessage(error.message, commandPath: [command])
  }
}
