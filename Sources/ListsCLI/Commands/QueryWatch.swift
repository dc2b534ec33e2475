import CLISupport
import ListPaging
import ListStore

/// `lists watch KIND --search TEXT --where FIELD=VALUE ... [--json]`: the first page of the
/// items that match, shown again after every committed change to the list (by this process or
/// another), until interrupted: `no_results` gives way to the table when a matching item
/// arrives, and back.
enum QueryWatch {
  static func run(_ parsed: ParsedCommand, list: String, _ context: Context) async throws(CLIError) -> ExitCode {
    let texts = parsed.values(WatchSpec.filter)
    let (items, query) = try QueryShow.prepare(
      list: list, search: parsed[WatchSpec.search], filters: texts, after: nil, context, command: "watch")
    let changes = try store { () throws(ListStoreError) in try items.changes() }
    let json = parsed[WatchSpec.json]
    let interactive = context.stdoutIsTerminal && !json
    let settings = context.renderSettings
    let account = context.account
    context.stdout.flush()
    let interrupts = Interrupts()
    defer { withExtendedLifetime(interrupts) {} }
    let signals = interrupts.signals
    if interactive { StandardOutput.write("\u{1B}[?25l") }
    let end = await withTaskGroup(of: WatchCommand.End.self) { group in
      group.addTask {
        for await _ in signals { return .stopped }
        return .stopped
      }
      group.addTask {
        var lastShown: [UInt8]?
        func show() -> WatchCommand.End? {
          let view = page(items, query, texts)
          let output: [UInt8]
          if json {
            output = view.json(account: account).withBytes { Array($0) }
          } else if interactive {
            output = Array(("\u{1B}[H\u{1B}[2J" + view.human(settings: settings)).utf8)
          } else {
            output = Array((view.human(settings: settings) + "\n").utf8)
          }
          guard output != lastShown else { return nil }
          lastShown = output
          return WatchCommand.End(output.withUnsafeBytes { StandardOutput.write($0) })
        }
        if let end = show() { return end }
        for await _ in changes {
          if let end = show() { return end }
        }
        return .stopped
      }
      let first = await group.next() ?? .stopped
      group.cancelAll()
      return first
    }
    if interactive { StandardOutput.write("\u{1B}[?25h") }
    // Close the file before the process exits: the last connection removes `-wal` and `-shm`.
    items.database.stopObserving()
    switch end {
    case .stopped: return .success
    case .failed(let error): throw error
    }
  }

  /// The first page of `query`, through the loader's rules.
  private static func page(_ items: KindItems, _ query: KindQuery, _ texts: [String]) -> QueryView {
    var machine = LoaderMachine<DynamicItem, ListCursor>(pageSize: 20)
    machine.drive(
      .loadNextPage,
      fetch: { cursor, limit in
        let page = try items.page(matching: query, after: cursor, limit: limit)
        return SourcePage(items: page.items, nextCursor: page.nextCursor, listHasItems: page.listHasItems)
      }, publish: { _ in })
    return QueryView(
      definition: items.definition, query: query, filterTexts: texts, limit: 20, state: machine.state,
      nextCursor: machine.nextCursor, showsAll: false)
  }
}
