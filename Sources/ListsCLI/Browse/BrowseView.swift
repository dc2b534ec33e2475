import CLISupport
import ListPaging
import ListStore
import TextFormats

/// What `lists browse` shows, as a value: where the selection and the window are, what is
/// being typed after `/`, and the screen's lines for a state of the loader.
///
/// The screen is a title line, the body — the table with one row per item, or the placeholder
/// centred — and a status line (the keys, a notice, or the search prompt). The last line of the
/// body is kept for the `Loading…` row of the next page and for a failed page's error.
package struct BrowseView: Sendable {
  /// The kind shown.
  package let definition: KindDefinition
  /// Its table.
  package let table: KindTable
  /// The terminal's size.
  package var rows: Int
  /// The terminal's width.
  package var columns: Int
  /// The selected item, counted from 0.
  package private(set) var selection = 0
  /// The first item in the window.
  package private(set) var top = 0
  /// What is typed after `/`, while the prompt is open; nil when it is closed.
  package var prompt: String?
  /// The search applied (the loader's query), nil for the whole list.
  package var search: String?
  /// The list's kept count, when known.
  package var totalCount: Int?

  /// A view of `definition`'s items on a terminal of `rows` by `columns`.
  package init(definition: KindDefinition, rows: Int, columns: Int) {
    self.definition = definition
    self.table = KindTable(definition)
    self.rows = rows
    self.columns = columns
  }

  /// The lines between the title and the status line.
  private var bodyHeight: Int { max(rows - 2, 1) }

  /// How many items the window shows.
  package var windowSize: Int { max(bodyHeight - 2, 1) }

  // MARK: Moving

  /// Moves the selection by `delta` items (negative: up), within the `count` items loaded.
  package mutating func move(by delta: Int, count: Int) {
    selection = min(max(selection + delta, 0), max(count - 1, 0))
    settle(count: count)
  }

  /// Selects the first item.
  package mutating func moveToStart(count: Int) { move(by: -selection, count: count) }

  /// Selects the last item loaded.
  package mutating func moveToEnd(count: Int) { move(by: count, count: count) }

  /// Keeps the selection among the `count` items and inside the window.
  package mutating func settle(count: Int) {
    selection = min(selection, max(count - 1, 0))
    if selection < top { top = selection }
    if selection >= top + windowSize { top = selection - windowSize + 1 }
    top = max(min(top, count - windowSize), 0)
  }

  /// Whether the window reaches the end of the loaded items while more may follow and nothing
  /// is being loaded: the moment to ask for the next page.
  package func wantsNextPage(_ state: ListState<DynamicItem>) -> Bool {
    guard state.phase == .content, !state.endReached, case .idle = state.append else {
      return false
    }
    if case .loading = state.refresh { return false }
    return top + windowSize >= state.items.count
  }

  /// Whether the window reaches the start of the loaded items while pages come before them
  /// (opened at an item, or pages dropped) and nothing is being loaded.
  package func wantsPreviousPage(_ state: ListState<DynamicItem>) -> Bool {
    guard state.phase == .content, !state.startReached, case .idle = state.prepend,
      case .idle = state.append
    else { return false }
    if case .loading = state.refresh { return false }
    return top == 0
  }

  /// Keeps the selection and the window on the same items when the items before them changed
  /// from `old` to `new` (a page loaded or dropped before them, a refresh from elsewhere) while
  /// the view does not start at the top of the list. A list shown from its top stays there, so
  /// that an item added at the top shows.
  package mutating func follow(from old: ListState<DynamicItem>, to new: ListState<DynamicItem>) {
    guard !(old.startReached && new.startReached), selection < old.items.count,
      let first = new.items.first, first.id != old.items.first?.id
    else { return }
    let selected = old.items[selection].id
    guard let index = new.items.firstIndex(where: { $0.id == selected }) else { return }
    top += index - selection
    selection = index
    settle(count: new.items.count)
  }

  // MARK: Drawing

  /// The screen's lines for `state`, exactly ``rows`` of them, none wider than ``columns``.
  package func lines(
    _ state: ListState<DynamicItem>, display: ListDisplay, style: TextStyle
  ) -> [String] {
    var lines = [style.bold(fit(titleText(state)))]
    if let placeholder = display.placeholder {
      lines += centred(placeholder, style: style)
    } else {
      lines += tableLines(state, style: style)
    }
    while lines.count < rows - 1 { lines.append("") }
    lines = Array(lines.prefix(max(rows - 1, 1)))
    lines.append(statusLine(state, notice: display.notice, style: style))
    return Array(lines.prefix(rows))
  }

  private func titleText(_ state: ListState<DynamicItem>) -> String {
    var parts = [definition.name]
    if let totalCount {
      parts.append("\(totalCount) \(totalCount == 1 ? definition.item : definition.name)")
    }
    if let search { parts.append("search: “\(search)”") }
    return TerminalEscaping.escape(parts.joined(separator: " · "))
  }

  /// The placeholder's box in the middle of the body.
  private func centred(_ placeholder: Placeholder, style: TextStyle) -> [String] {
    let box = PlaceholderBox.render(
      title: placeholder.title, detail: placeholder.detail, action: placeholder.action,
      width: min(columns, 72), style: style)
    let boxWidth = box.last.map(DisplayWidth.of) ?? 0
    let left = String(repeating: " ", count: max((columns - boxWidth) / 2, 0))
    let above = max((bodyHeight - box.count) / 2, 0)
    return Array(repeating: "", count: above) + box.map { left + $0 }
  }

  private func tableLines(_ state: ListState<DynamicItem>, style: TextStyle) -> [String] {
    let end = min(top + windowSize, state.items.count)
    let shown = top < end ? Array(state.items[top..<end]) : []
    let rendered = TableRenderer.render(
      columns: table.columns, rows: shown.map(table.row), width: max(columns - 2, 1),
      style: style)
    var lines: [String] = []
    for (offset, line) in rendered.enumerated() {
      if offset == 0 {
        lines.append("  " + line)
      } else if top + offset - 1 == selection {
        lines.append(style.isEnabled ? "\u{1B}[7m> " + line + "\u{1B}[0m" : "> " + line)
      } else {
        lines.append("  " + line)
      }
    }
    if end == state.items.count {
      switch state.append {
      case .loading: lines.append(style.dim("  Loading…"))
      case .failed(_, let error):
        lines.append(
          style.yellow(
            fit(
              "  Couldn't load more \(definition.name): \(TerminalEscaping.escape(error.message)) — r retries"
            )))
      case .idle: break
      }
    }
    return lines
  }

  private func statusLine(_ state: ListState<DynamicItem>, notice: String?, style: TextStyle)
    -> String
  {
    if let prompt { return fit("/" + TerminalEscaping.escape(prompt)) + "\u{2588}" }
    if case .failed = state.refresh, let notice {
      return style.yellow(fit(TerminalEscaping.escape(notice) + " — R refreshes"))
    }
    let keys = "↑↓ j/k move · g/G start/end · / search · R refresh · q quit"
    guard state.phase == .content, !state.items.isEmpty else { return style.dim(fit(keys)) }
    let more = state.endReached ? "" : "+"
    let position = "\(selection + 1)/\(state.items.count)\(more)"
    let room = columns - DisplayWidth.of(position) - 1
    guard room > 0 else { return fit(position) }
    let left = DisplayWidth.truncate(keys, toWidth: room)
    let gap = String(repeating: " ", count: max(room - DisplayWidth.of(left), 0) + 1)
    return style.dim(left) + gap + position
  }

  /// `text` cut to the width of the screen.
  private func fit(_ text: String) -> String {
    DisplayWidth.truncate(text, toWidth: columns)
  }
}
