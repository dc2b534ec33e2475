import CLISupport
import ListPaging
import ListStore
import TextFormats

/// `lists show LIST --all` past its first page: every page printed as it is read, by a loader
/// that keeps at most ``window(limit:)`` items, so a list of 1,000,000 items is shown in the
/// memory of one of 10,000.
///
/// The JSON object is written page by page: its head and the first page's items, each later
/// page's items, then the rest (the page counts every item shown). The table's columns must
/// be as wide as their widest value before the first row is printed, so the table reads the
/// list twice: once to measure every row, once to print it; a value that grew in between is
/// cut with `…`, as a value wider than the terminal is. With `--events`, each page's events
/// are written to stderr before its items.
enum ShowAll {
  /// The most items the loader keeps: ten pages.
  static func window(limit: Int) -> Int { 10 * limit }

  /// Prints `first` (the first page, as shown) and every page after it that `loader` reads,
  /// then the footer or the JSON's end.
  ///
  /// - Parameter shown: The state as shown for a state of the loader (a synced kind's
  ///   offline notice).
  /// - Returns: The snapshot the end was printed from, and the error of the last page when it
  ///   failed.
  static func print(
    _ first: ListPresenter.Snapshot, loader: ListLoader<ListSource>, events: ListStream<PageEvent>?,
    presenter: ListPresenter, json: Bool, context: Context,
    shown: (ListState<DynamicItem>) -> ListState<DynamicItem>
  ) async -> (snapshot: ListPresenter.Snapshot, failed: LoadError?) {
    var printer = Printer(presenter: presenter, json: json, context: context)
    printer.begin(first, loader: loader)
    printer.print(first.state.items)
    var count = first.state.items.count
    var last = first.state.items.last?.id
    while !context.stdout.isBrokenPipe, let step = await ListWalk.next(loader, events: events) {
      for event in step.events { context.stderr.writeVerbatimLine(event.jsonLine) }
      let added = ListWalk.items(of: step.state, after: last, limit: loader.pageSize)
      printer.print(added)
      count += added.count
      last = step.state.items.last?.id
    }
    context.stderr.flush()
    let (state, _, nextCursor) = loader.stateAndCursors
    var snapshot = first
    snapshot.state = shown(state)
    snapshot.nextCursor = nextCursor
    snapshot.shownCount = count
    printer.end(snapshot)
    let failed = state.phase == .error ? state.error : PlaceholderCatalog.notice(of: state)?.error
    return (snapshot, failed)
  }

  /// Writes one format's parts to stdout.
  private struct Printer {
    let presenter: ListPresenter
    let json: Bool
    let context: Context
    var writer = JSONWriter(capacity: 64 * 1024)
    var layout: TableRenderer.Layout
    var widths: [Int] = []

    init(presenter: ListPresenter, json: Bool, context: Context) {
      self.presenter = presenter
      self.json = json
      self.context = context
      layout = TableRenderer.Layout(presenter.table.columns)
    }

    /// The JSON's head, or the table's header once every row was measured.
    mutating func begin(_ first: ListPresenter.Snapshot, loader: ListLoader<ListSource>) {
      if json {
        presenter.writeJSONHead(phase: first.state.phase, account: context.account, into: &writer)
        return
      }
      for item in first.state.items { layout.measure(presenter.table.row(item)) }
      var cursor = first.nextCursor
      // A page that fails here fails again when it is printed, and is reported then.
      while let after = cursor,
        let page = try? loader.source.synchronousPage(.after(after), limit: loader.pageSize, query: loader.query)
      {
        for item in page.items { layout.measure(presenter.table.row(item)) }
        cursor = page.nextCursor
      }
      let settings = context.renderSettings
      widths = layout.widths(fitting: settings.width)
      context.stdout.write(TerminalText(rendered: layout.header(widths: widths, style: settings.style) + "\n"))
    }

    /// One page's items.
    mutating func print(_ items: some Sequence<DynamicItem>) {
      if json {
        for item in items { presenter.writeJSONItem(item, into: &writer) }
        writer.withBytes { context.stdout.write($0) }
        writer.removeWritten()
        return
      }
      for item in items {
        context.stdout.write(TerminalText(rendered: layout.line(presenter.table.row(item), widths: widths) + "\n"))
      }
    }

    /// The JSON's end, or the footer and the notices.
    mutating func end(_ snapshot: ListPresenter.Snapshot) {
      if json {
        presenter.writeJSONTail(snapshot, into: &writer)
        writer.withBytes { context.stdout.write($0) }
        writer.removeWritten()
        return
      }
      let lines = presenter.humanTail(snapshot, settings: context.renderSettings)
      context.stdout.write(TerminalText(rendered: lines.joined(separator: "\n") + "\n"))
    }
  }
}
