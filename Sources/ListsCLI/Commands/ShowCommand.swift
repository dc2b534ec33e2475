import Glibc
import ListPaging
import ListStore

/// `lists show LIST [--limit N] [--after CURSOR] [--all] [--json] [--events]`: one page of a
/// list (or all of them) as a table, or its placeholder.
///
/// The command drives the paging loader over the store, so what it prints and what `--events`
/// reports are the loader's real states: a failed load prints the error placeholder and exits
/// with the error's code.
package enum ShowCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) async throws(CLIError) -> ExitCode {
    let list = parsed.value(ShowSpec.list)
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
    let open = context.readingOpener()
    let account = context.account
    switch list {
    case .favorites: return await show(list, options, context) { OpeningPageSource(open: open, repository: { $0.favorites(account: account) }, startingAfter: after) }
    case .addresses: return await show(list, options, context) { OpeningPageSource(open: open, repository: { $0.addresses(account: account) }, startingAfter: after) }
    case .orders: return await show(list, options, context) { OpeningPageSource(open: open, repository: { $0.orders(account: account) }, startingAfter: after) }
    }
  }

  struct Options {
    var limit: Int
    var after: ListCursor?
    var all: Bool
    var json: Bool
    var events: Bool
  }

  private static func show<Repository: ListRepository>(
    _ list: ListKind, _ options: Options, _ context: Context,
    source makeSource: () -> OpeningPageSource<Repository>
  ) async -> ExitCode where Repository.Item: ListItemOutput {
    let source = makeSource()
    context.stderr.flush()
    let (state, nextCursor, printer) = await load(source, options, context)
    await printer?.value

    let presenter = ListPresenter<Repository.Item>(list: list, limit: options.limit)
    let totalCount: Int? =
      state.phase == .error ? nil : source.database.flatMap { database in
        try? ClearCommand.itemCount(of: list, database, context.account)
      }
    let snapshot = ListPresenter.Snapshot(
      state: state, nextCursor: nextCursor, totalCount: totalCount, showsAll: options.all)
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
    return source.lastError.map(CLIError.exitCode(for:)) ?? .software
  }

  /// Runs the loader: the first page, then with `--all` every page until the end or a failure.
  /// Returns the settled state and, with `--events`, the task printing the loader's events,
  /// which ends once the loader is gone.
  private static func load<Repository: ListRepository>(
    _ source: OpeningPageSource<Repository>, _ options: Options, _ context: Context
  ) async -> (ListState<Repository.Item>, ListCursor?, Task<Void, Never>?) {
    let loader = ListLoader(source: source, pageSize: options.limit, beginsMidList: options.after != nil)
    var printer: Task<Void, Never>?
    if options.events {
      let events = loader.events
      printer = Task.detached {
        for await event in events { StandardError.writeLine(event.jsonLine) }
      }
    }
    let spinner = Spinner(
      "Loading \(source.listName)…", enabled: context.stderrIsTerminal && !options.events)
    var state = await loader.loadNextPage()
    while options.all && state.phase == .content && !state.endReached,
      case .idle = state.append
    {
      state = await loader.loadNextPage()
    }
    await spinner.stop()
    let settled = loader.stateAndNextCursor
    return (settled.state, settled.nextCursor, printer)
  }
}

/// Unbuffered lines to stderr, usable from any task: one `write(2)` per line keeps lines whole.
enum StandardError {
  static func writeLine(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }
}
