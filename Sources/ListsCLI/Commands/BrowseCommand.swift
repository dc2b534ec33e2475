import CLISupport
import Dispatch
import ListPaging
import ListStore
import Synchronization

/// `lists browse KIND [--limit N] [--at ID]`: a full-screen view of any kind on a terminal, driven by a
/// ``ListLoader`` over the generic repository.
///
/// One task owns the screen and reads one stream of events: the keys (read by a thread that
/// polls stdin), the loader's transitions (its pages, refreshes and failures, also those that
/// another process's writes cause), the terminal's resizes and SIGINT/SIGTERM. Every event
/// draws the whole screen again. The terminal is put back — raw mode undone, the alternate
/// screen left, the cursor shown — on every way out: `q`, Ctrl-C, a signal, a failure.
package enum BrowseCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) async throws(CLIError)
    -> ExitCode
  {
    guard System.isTerminal(System.standardInput), context.stdoutIsTerminal else {
      throw .usageMessage(
        "lists browse needs a terminal on stdin and stdout; use 'lists show' or 'lists export' "
          + "in scripts and pipes.", commandPath: ["browse"])
    }
    let database = try context.openForReading()
    let items = try context.items(of: parsed.value(BrowseSpec.kind), in: database)
    var around: ListCursor?
    if let id = parsed[BrowseSpec.at] {
      do {
        around = try items.cursor(at: Int64(id))
      } catch {
        throw .store(error)
      }
      guard around != nil else {
        throw .usageMessage("\(items.definition.name) has no item with id \(id).", commandPath: ["browse"])
      }
    }
    let source = BrowseSource(pages: BrowseSource.searching(items))
    let pageSize = parsed.value(BrowseSpec.limit)
    // The screen keeps ten pages at most: a walk through a long list holds as much as a short
    // one's, the pages it drops read again when the view comes back to them.
    let loader = ListLoader(
      source: source, pageSize: pageSize,
      makeInvalidations: { (try? items.changes()) ?? AsyncStream { $0.finish() } },
      around: around, maxItems: pageSize * 10)
    context.stdout.flush()
    guard let screen = Screen.enter() else {
      throw .usageMessage(
        "lists browse cannot put the terminal in raw mode.", commandPath: ["browse"])
    }
    let failure = await Session(
      items: items, loader: loader, catalog: catalog(for: items.definition), screen: screen,
      style: context.stdoutStyle
    ).run()
    screen.leave()
    // Close the file before the process exits, as every other command does.
    database.stopObserving()
    if let failure { throw failure }
    return .success
  }

  /// The placeholders of `definition` — its own where it gives them — with actions that say
  /// which key to press rather than which command to run.
  static func catalog(for definition: KindDefinition) -> PlaceholderCatalog {
    var catalog = PlaceholderCatalog()
    let name = definition.name
    let own = definition.placeholders
    let actions = definition.commandLine.placeholderActions
    func placeholder(_ phase: PlaceholderPhase) -> Placeholder? {
      own[phase].map { Placeholder(title: $0.title, detail: $0.detail, action: actions[phase]) }
    }
    if let loading = placeholder(.loading) { catalog.setLoading(loading, list: name) }
    if let empty = placeholder(.empty) { catalog.setEmpty(empty, list: name) }
    let error = placeholder(.error)
    catalog.setError(list: name) { failure in
      error
        ?? Placeholder(
          title: "Couldn't load \(name)", detail: failure.message,
          action: failure.isRetryable ? "Press r to retry." : "Check the file: lists doctor")
    }
    let noResults = placeholder(.noResults)
    catalog.setNoResults(list: name) { query in
      noResults
        ?? Placeholder(
          title: "No results for “\(query.search ?? "")”", detail: "Try another search.",
          action: "Clear the search: press Esc.")
    }
    return catalog
  }

  /// What the screen task hears of.
  enum Event: Sendable {
    /// Keys were pressed.
    case keys([BrowseKey])
    /// The loader moved to this state.
    case changed(ListState<DynamicItem>)
    /// The terminal was resized.
    case resized
    /// SIGINT or SIGTERM, or stdin ended (the terminal went away).
    case stop
  }

  /// The terminal in raw mode on the alternate screen, until ``leave()``.
  final class Screen: Sendable {
    private let saved: TerminalDevice.SavedMode
    private let left = Atomic(false)

    private init(saved: TerminalDevice.SavedMode) {
      self.saved = saved
    }

    /// Raw mode, the alternate screen, the cursor hidden; nil when stdin is no terminal.
    static func enter() -> Screen? {
      guard let saved = TerminalDevice.enterRawMode(System.standardInput) else { return nil }
      StandardOutput.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
      return Screen(saved: saved)
    }

    /// Shows the cursor, leaves the alternate screen and restores the terminal's settings;
    /// once, however often it is called.
    func leave() {
      guard !left.exchange(true, ordering: .acquiringAndReleasing) else { return }
      StandardOutput.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
      TerminalDevice.restore(saved, on: System.standardInput)
    }

    deinit { leave() }

    /// The terminal's size; 24 by 80 when it cannot be read.
    var size: (rows: Int, columns: Int) {
      guard let size = TerminalDevice.size(System.standardOutput), size.rows > 0 else {
        return (24, Terminal.defaultWidth)
      }
      return size
    }

    /// Draws `lines` from the top left, each line cleared to its end.
    func draw(_ lines: [String]) -> OutputFailure? {
      var frame = ""
      for (index, line) in lines.enumerated() {
        frame += "\u{1B}[\(index + 1);1H" + line + "\u{1B}[0m\u{1B}[K"
      }
      return StandardOutput.write(frame)
    }
  }
}

extension BrowseCommand {
  /// One run of the screen: its producers of events and the loop that handles them.
  struct Session {
    let items: KindItems
    let loader: ListLoader<BrowseSource>
    let catalog: PlaceholderCatalog
    let screen: Screen
    let style: TextStyle

    /// Runs until `q`, Ctrl-C, a signal or the end of stdin; returns why the screen could not
    /// be drawn, if it could not.
    func run() async -> CLIError? {
      let (events, continuation) = AsyncStream.makeStream(of: Event.self)
      let signals = Interrupts()
      let resizes = Interrupts([.windowChanged])
      defer { withExtendedLifetime((signals, resizes)) {} }
      let stops = signals.signals
      let sizes = resizes.signals
      let reading = KeyReader(continuation)
      defer { reading.stop() }
      let (current, transitions) = loader.subscribe()
      return await withTaskGroup(of: Void.self) { group in
        group.addTask {
          for await _ in stops { continuation.yield(.stop) }
        }
        group.addTask {
          for await _ in sizes { continuation.yield(.resized) }
        }
        group.addTask {
          for await transition in transitions { continuation.yield(.changed(transition.state)) }
        }
        group.addTask { await loader.observeChanges() }
        let failure = await handle(events, from: current)
        group.cancelAll()
        return failure
      }
    }

    /// The loop: every event updates the view, then the screen is drawn again.
    private func handle(_ events: AsyncStream<Event>, from current: ListState<DynamicItem>) async
      -> CLIError?
    {
      let size = screen.size
      var view = BrowseView(definition: items.definition, rows: size.rows, columns: size.columns)
      var state = current
      view.totalCount = try? items.count()
      loader.send(.loadNextPage, execution: .concurrent)
      for await event in events {
        switch event {
        case .keys(let keys):
          for key in keys {
            guard handle(key, &view, state) else { return nil }
          }
        case .changed(let changed):
          // Pages loaded or dropped before the shown ones move the items: the selection
          // stays on its item.
          view.follow(from: state, to: changed)
          state = changed
          if isSettled(state) { view.totalCount = try? items.count() }
        case .resized:
          break  // laid out again below, at the size read for the frame
        case .stop:
          return nil
        }
        // The size is read again before each frame (one ioctl): a resize whose SIGWINCH came
        // before the signal source was listening would otherwise leave the old layout.
        let size = screen.size
        if (view.rows, view.columns) != (size.rows, size.columns) {
          view.rows = size.rows
          view.columns = size.columns
        }
        view.settle(count: state.items.count)
        if view.wantsNextPage(state) { loader.send(.loadNextPage, execution: .concurrent) }
        if view.wantsPreviousPage(state) { loader.send(.loadPreviousPage, execution: .concurrent) }
        loader.setFirstVisibleItem(view.top)
        let query = QuerySummary(search: view.search)
        let display = catalog.display(for: state, list: items.definition.name, query: query)
        if let failure = screen.draw(view.lines(state, display: display, style: style)) {
          if case .writeFailed(let code) = failure {
            return .cannotWrite("the terminal", errno: code)
          }
          return nil
        }
      }
      return nil
    }

    /// Applies one key; false when it quits.
    private func handle(_ key: BrowseKey, _ view: inout BrowseView, _ state: ListState<DynamicItem>)
      -> Bool
    {
      let count = state.items.count
      if var prompt = view.prompt {
        switch key {
        case .interrupt: return false
        case .character(let character): prompt.append(character)
        case .backspace: if !prompt.isEmpty { prompt.removeLast() }
        case .escape:
          view.prompt = nil
          return true
        case .enter:
          view.prompt = nil
          let words = prompt.split(separator: " ")
          search(words.isEmpty ? nil : words.joined(separator: " "), &view)
          return true
        default: break
        }
        view.prompt = prompt
        return true
      }
      switch key {
      case .interrupt, .character("q"): return false
      case .down, .character("j"): view.move(by: 1, count: count)
      case .up, .character("k"): view.move(by: -1, count: count)
      case .pageDown, .character(" "): view.move(by: view.windowSize, count: count)
      case .pageUp: view.move(by: -view.windowSize, count: count)
      case .home, .character("g"): view.moveToStart(count: count)
      case .end, .character("G"): view.moveToEnd(count: count)
      case .character("r"): loader.send(.retry, execution: .concurrent)
      case .character("R"): loader.send(.refresh, execution: .concurrent)
      case .character("/"): view.prompt = view.search ?? ""
      case .escape: if view.search != nil { search(nil, &view) }
      default: break
      }
      return true
    }

    /// Shows the items `text` matches (nil: all of them), from the top.
    private func search(_ text: String?, _ view: inout BrowseView) {
      guard text != view.search else { return }
      view.search = text
      view.moveToStart(count: 0)
      loader.setQuery(text, execution: .concurrent)
    }

    /// Content, empty, no results or error, with nothing loading.
    private func isSettled(_ state: ListState<DynamicItem>) -> Bool {
      if case .loading = state.append { return false }
      if case .loading = state.refresh { return false }
      return state.phase != .idle && state.phase != .loading
    }
  }

  /// Reads stdin on a thread of its own, a short poll at a time so it notices ``stop()``, and
  /// yields what was typed as keys.
  final class KeyReader: Sendable {
    private let stopped = Atomic(false)

    init(_ continuation: AsyncStream<Event>.Continuation) {
      start(continuation)
    }

    private func start(_ continuation: AsyncStream<Event>.Continuation) {
      DispatchQueue(label: "lists.browse.keys").async { [self] in
        var buffer = [UInt8](repeating: 0, count: 256)
        while !stopped.load(ordering: .acquiring) {
          guard TerminalDevice.waitForInput(System.standardInput, milliseconds: 100) else {
            continue
          }
          let result = buffer.withUnsafeMutableBytes { System.read(System.standardInput, into: $0) }
          switch result {
          case .success(0), .failure:
            // The terminal went away (a hang-up): nothing more will be typed.
            continuation.yield(.stop)
            return
          case .success(let count):
            continuation.yield(.keys(BrowseKey.decode(Array(buffer[..<count]))))
          }
        }
      }
    }

    /// Asks the thread to end at its next poll.
    func stop() { stopped.store(true, ordering: .releasing) }
  }
}
