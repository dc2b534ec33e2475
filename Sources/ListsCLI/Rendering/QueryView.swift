import ListPaging
import ListStore
import TextFormats

/// What `show` prints for a page of a search or filters: the table with a footer, or the
/// placeholder (`no_results` with the query in its title); or the `show --json` object with
/// `"state": "no_results"` and the `"query"`.
struct QueryView {
  var definition: KindDefinition
  var query: KindQuery
  /// The filters as typed.
  var filterTexts: [String]
  var limit: Int
  var state: ListState<DynamicItem>
  var nextCursor: ListCursor?
  var showsAll: Bool
  /// The kind's remote, for a kind that syncs (the JSON `sync` object); nil for one without.
  var sync: ShowSync.View? = nil
  /// The command line's placeholders of the kind, its own ones first.
  var catalog: PlaceholderCatalog { PlaceholderCatalog.commandLine(for: [definition]) }

  private var summary: QuerySummary {
    QuerySummary(search: ((try? query.searchQuery()) ?? nil) == nil ? nil : query.search, filters: filterTexts)
  }

  private var stateName: String {
    switch state.phase {
    case .error: "error"
    case .empty: "empty"
    case .noResults: "no_results"
    default: "content"
    }
  }

  /// The `show --json` object, on one line. `total_count` is null: counting the results would
  /// need COUNT(*) over them.
  func json(account: String) -> JSONWriter {
    var writer = JSONWriter(capacity: 4096)
    writer.beginObject()
    writer.key("list")
    writer.string(definition.name)
    writer.key("account")
    writer.string(account)
    writer.key("state")
    writer.string(stateName)
    writer.key("query")
    writer.beginObject()
    writer.key("search")
    writer.string(query.search)
    writer.key("where")
    writer.beginArray()
    for text in filterTexts { writer.string(text) }
    writer.endArray()
    writer.endObject()
    writer.key("items")
    writer.beginArray()
    let format = KindItemFormat(definition)
    for item in state.items { format.writeJSON(item, into: &writer) }
    writer.endArray()
    StateJSON.writePage(limit: limit, count: state.items.count, nextCursor: nextCursor, into: &writer)
    writer.key("total_count")
    writer.null()
    StateJSON.writePlaceholderAndError(
      catalog.display(for: state, list: definition.name, query: summary).placeholder,
      state.phase == .error ? state.error : PlaceholderCatalog.notice(of: state)?.error, into: &writer)
    writer.key("sync")
    ShowSync.writeJSON(sync, into: &writer)
    writer.endObject()
    writer.newline()
    return writer
  }

  /// The human view; lines end in `\n`.
  func human(settings: RenderSettings) -> String {
    let style = settings.style
    let display = catalog.display(for: state, list: definition.name, query: summary)
    if let placeholder = display.placeholder {
      return PlaceholderBox.render(
        title: placeholder.title, detail: placeholder.detail, action: placeholder.action,
        width: settings.width, style: style
      ).joined(separator: "\n") + "\n"
    }
    var lines: [String]
    if state.items.isEmpty {
      lines = ["No more results after this cursor."]
    } else {
      let table = KindTable(definition)
      lines = TableRenderer.render(
        columns: table.columns, rows: state.items.map(table.row), width: settings.width, style: style)
      lines.append("")
      let shown = state.items.count
      var footer =
        nextCursor == nil
        ? "Showing all \(shown) result\(shown == 1 ? "" : "s")" : "Showing \(shown) of \(shown)+ results"
      if let cursor = nextCursor {
        var words = ["show", definition.name]
        if let search = query.search { words += ["--search", Self.quoted(search)] }
        for text in filterTexts { words += ["--where", Self.quoted(text)] }
        if String(limit) != ShowSpec.limit.spec.defaultValue { words += ["--limit", String(limit)] }
        words += ["--after", cursor.token]
        footer += " · next: " + settings.command(words)
      }
      lines.append(style.dim(TerminalEscaping.escape(footer)))
    }
    if let notice = display.notice { lines.append(style.yellow(TerminalEscaping.escape(notice))) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A word for a shell: as it is when it is plain, else in single quotes.
  private static func quoted(_ word: String) -> String {
    let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "=<>._-:".contains($0) }
    return plain && !word.isEmpty ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
}
