import CLISupport
import ListPaging
import ListStore
import TextFormats

/// What `show` and `watch` print for the state of a list of any kind, whole or as a search and
/// filters select it: a table and footer, or the placeholder (`no_results` with the query in its
/// title), for people; one JSON object in the `show --json` shape for programs (with the
/// `"query"` for a search or filters).
package struct ListPresenter: Sendable {
  /// An item of any kind.
  package typealias Item = DynamicItem

  /// The kind shown.
  package let definition: KindDefinition
  /// The list shown.
  package let list: KindName
  /// The page size asked for.
  package let limit: Int
  /// The search and filters, nil for the whole list.
  let query: TypedQuery?
  /// Where the placeholders come from: the defaults, and the kind's own.
  package var catalog: PlaceholderCatalog
  /// The human table.
  let table: KindTable
  /// The JSON items.
  let format: KindItemFormat

  /// The presenter of pages of `limit` items of `definition`, all of them or those `query`
  /// selects.
  init(_ definition: KindDefinition, limit: Int, query: TypedQuery? = nil) {
    self.definition = definition
    self.list = KindName(definition)
    self.limit = limit
    self.query = query
    self.catalog = PlaceholderCatalog.commandLine(for: [definition])
    self.table = KindTable(definition)
    self.format = KindItemFormat(definition)
  }

  /// Everything known about one moment of the list.
  package struct Snapshot: Sendable {
    /// The loader's state.
    var state: ListState<Item>
    /// Where the next page starts, when more follow.
    var nextCursor: ListCursor?
    /// The kept count of the list, nil when it could not be read (an error) or for a query,
    /// whose results are not counted (that would need COUNT(*) over them).
    var totalCount: Int?
    /// Whether `--all` walked every page.
    var showsAll: Bool
    /// The kind's remote, for a kind that syncs (the JSON `sync` object).
    var sync: ShowSync.View? = nil
    /// Where the page before the shown one ends, when one comes before it.
    var previousCursor: ListCursor? = nil
    /// Whether the page was asked for before a cursor (`--before`) rather than after one.
    var endsBefore = false
    /// How many items were shown in all, when more than the state holds: `--all` prints each
    /// page as it comes and keeps only the last ones.
    var shownCount: Int? = nil

    /// How many items were shown.
    var shown: Int { shownCount ?? state.items.count }
  }

  /// The error that failed the load or its last page, if any.
  func failure(of state: ListState<Item>) -> LoadError? {
    if let error = state.error, state.phase == .error { return error }
    return PlaceholderCatalog.notice(of: state)?.error
  }

  /// The `show --json` object, on one line.
  package func json(_ snapshot: Snapshot, account: String) -> JSONWriter {
    var writer = JSONWriter(capacity: 4096)
    writeJSONHead(phase: snapshot.state.phase, account: account, into: &writer)
    for item in snapshot.state.items { format.writeJSON(item, into: &writer) }
    writeJSONTail(snapshot, into: &writer)
    return writer
  }

  /// The `show --json` object up to its items: `{"list": ..., "items": [`; its items are
  /// written with ``writeJSONItem(_:into:)`` and the rest with ``writeJSONTail(_:into:)``, so
  /// that `--all` prints the object page by page.
  func writeJSONHead(phase: ListPhase, account: String, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("list")
    writer.string(list.rawValue)
    writer.key("account")
    writer.string(account)
    writer.key("state")
    writer.string(phase.name)
    if let query {
      writer.key("query")
      writer.beginObject()
      writer.key("search")
      writer.string(query.query.search)
      writer.key("where")
      writer.beginArray()
      for text in query.filterTexts { writer.string(text) }
      writer.endArray()
      writer.endObject()
    }
    writer.key("items")
    writer.beginArray()
  }

  /// One item of the `show --json` object's items.
  func writeJSONItem(_ item: Item, into writer: inout JSONWriter) {
    format.writeJSON(item, into: &writer)
  }

  /// The `show --json` object after its items: `], "page": ...}` and the line's end.
  func writeJSONTail(_ snapshot: Snapshot, into writer: inout JSONWriter) {
    let state = snapshot.state
    writer.endArray()
    StateJSON.writePage(
      limit: limit, count: snapshot.shown, nextCursor: snapshot.nextCursor,
      previousCursor: snapshot.previousCursor, into: &writer)
    writer.key("total_count")
    writer.int(state.phase == .error || query != nil ? nil : snapshot.totalCount)
    StateJSON.writePlaceholderAndError(display(state).placeholder, failure(of: state), into: &writer)
    writer.key("sync")
    ShowSync.writeJSON(snapshot.sync, into: &writer)
    writer.endObject()
    writer.newline()
  }

  /// The human view: the table and its footer, or the placeholder box; lines end in `\n`.
  package func human(_ snapshot: Snapshot, settings: RenderSettings) -> String {
    let state = snapshot.state
    let style = settings.style
    let width = settings.width
    let display = display(state)
    let changeNotices = (snapshot.sync?.changeNotices(kind: list.rawValue) ?? [])
      .map { style.yellow(TerminalEscaping.escape($0)) }
    if let placeholder = display.placeholder {
      let lines = PlaceholderBox.render(
        title: placeholder.title, detail: placeholder.detail, action: placeholder.action,
        width: width, style: style)
      return (lines + changeNotices).joined(separator: "\n") + "\n"
    }
    var lines: [String] = []
    if snapshot.shown == 0 {
      // A page after the last one (`--after` the cursor of the end), or before the first
      // (`--before` the cursor of the start): content, with no rows.
      let side = snapshot.endsBefore ? "before" : "after"
      lines.append(
        query == nil
          ? TerminalEscaping.escape("No more \(list.rawValue) \(side) this cursor (\(counted(snapshot)) in all).")
          : "No more results \(side) this cursor.")
    } else {
      lines = TableRenderer.render(
        columns: table.columns, rows: state.items.map(table.row), width: width,
        style: style)
      lines += humanTail(snapshot, settings: settings)
      return lines.joined(separator: "\n") + "\n"
    }
    return (lines + notices(snapshot, style: style)).joined(separator: "\n") + "\n"
  }

  /// What follows the table's rows: a blank line, the footer, the notices; lines without
  /// their line feeds.
  func humanTail(_ snapshot: Snapshot, settings: RenderSettings) -> [String] {
    // The kind's names come from the file, the cursor's command from the command line.
    ["", settings.style.dim(TerminalEscaping.escape(footer(snapshot, settings: settings)))]
      + notices(snapshot, style: settings.style)
  }

  /// A failed later page or refresh, then what the sync says changed.
  private func notices(_ snapshot: Snapshot, style: TextStyle) -> [String] {
    var lines: [String] = []
    if let notice = display(snapshot.state).notice {
      lines.append(style.yellow(TerminalEscaping.escape(notice)))
    }
    return lines
      + (snapshot.sync?.changeNotices(kind: list.rawValue) ?? []).map { style.yellow(TerminalEscaping.escape($0)) }
  }

  /// The list's total with its noun: `143 orders`, `1 order`, `? orders` when unknown.
  private func counted(_ snapshot: Snapshot) -> String {
    let total = snapshot.totalCount.map(String.init) ?? "?"
    return "\(total) \(snapshot.totalCount == 1 ? list.itemName : list.rawValue)"
  }

  /// What the catalog shows for `state`: a placeholder or a notice.
  private func display(_ state: ListState<Item>) -> ListDisplay {
    catalog.display(for: state, list: list.rawValue, query: query?.summary ?? QuerySummary())
  }

  /// `Showing 20 of 143 orders · next: lists show orders --after <cursor>`, then
  /// `· previous: lists show orders --before <cursor>` when a page comes before it; for a query,
  /// which counts no results, `Showing 20 of 20+ results · next: lists show books --search dun
  /// --after <cursor>`.
  private func footer(_ snapshot: Snapshot, settings: RenderSettings) -> String {
    let shown = snapshot.shown
    var text: String
    if query != nil {
      text =
        snapshot.nextCursor == nil
        ? "Showing all \(shown) result\(shown == 1 ? "" : "s")" : "Showing \(shown) of \(shown)+ results"
    } else {
      text =
        snapshot.showsAll && snapshot.nextCursor == nil
        ? "Showing all \(counted(snapshot))" : "Showing \(shown) of \(counted(snapshot))"
    }
    var words = query?.words(list: list.rawValue) ?? ["show", list.rawValue]
    if String(limit) != ShowSpec.limit.spec.defaultValue { words += ["--limit", String(limit)] }
    if let cursor = snapshot.nextCursor {
      text += " · next: " + settings.command(words + ["--after", cursor.token])
    }
    if let cursor = snapshot.previousCursor {
      text += " · previous: " + settings.command(words + ["--before", cursor.token])
    }
    return text
  }
}

/// What rendering for people needs from the invocation, as a value any task can hold.
package struct RenderSettings: Sendable {
  /// Styling of stdout.
  package var style: TextStyle
  /// The width to fit.
  package var width: Int
  /// `lists` and the global options given explicitly, to start printed hints with.
  package var commandPrefix: [String]

  /// A command line that repeats the invocation's explicit global options.
  package func command(_ words: [String]) -> String {
    (commandPrefix + words).joined(separator: " ")
  }
}
