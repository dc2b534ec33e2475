// The rules of this file run off the forward path (a page before the content, pages dropped):
// never inlined into it, so that the code a forward page runs stays as small as it was.
extension LoaderMachine {
  // MARK: Paging towards the start

  @inlinable
  mutating func loadPreviousPage(_ effects: inout [LoaderEffect<Item, Cursor>]) {
    guard inFlight == nil, _state.phase == .content, !_state.startReached,
      case .idle = _state.prepend, window.pages.first?.start != nil
    else { return }
    startPrepend(page: window.firstNumber - 1, &effects)
  }

  /// Asks for the page that ends where the first shown page starts.
  @inlinable @inline(never)
  mutating func startPrepend(page: Int, _ effects: inout [LoaderEffect<Item, Cursor>]) {
    // The first shown page's start did not move since the page was numbered: a page loaded or
    // dropped at the start renumbers the failed one away (``dropFirstPages(keeping:)``).
    guard let start = window.pages.first?.start else { return }
    let previous = _state.phase
    _state.prepend = .loading(page: page)
    _state.refresh = .idle
    publish(from: previous, [.loading(page: page)], &effects)
    request(.prepend(page: page), .before(start), page: page, &effects)
  }

  @inlinable @inline(never)
  mutating func prependedPage(
    _ number: Int, _ page: SourcePage<Item, Cursor>, _ effects: inout [LoaderEffect<Item, Cursor>]
  ) {
    let previous = _state.phase
    _state.prepend = .idle
    if page.items.isEmpty {
      // An empty page before the content means the start, whatever cursor came with it.
      _state.startReached = true
    } else {
      window.pages.insert(PageWindow.Page(start: page.previousCursor, count: page.items.count), at: 0)
      window.firstNumber = number
      _state.pagesLoaded += 1
      _state.items = _state.items.prepending(page.items)
      _state.startReached = page.previousCursor == nil
      firstVisible += page.items.count
      if let maxItems, _state.items.count > maxItems { dropLastPages(keeping: maxItems) }
    }
    let loaded = PageEvent.loaded(page: number, count: page.items.count, hasMore: !_state.startReached)
    publish(from: previous, [loaded], &effects)
  }

  /// After a failed next page was retried, retries the failed previous page too, in the same
  /// chain, when ``retry(_:)`` found both failed.
  @inlinable
  mutating func retryPrependIfAsked(_ effects: inout [LoaderEffect<Item, Cursor>]) {
    guard retriesPrependNext else { return }
    retriesPrependNext = false
    guard inFlight == nil, case .failed(let page, _) = _state.prepend else { return }
    startPrepend(page: page, &effects)
  }

  // MARK: Bounded memory

  /// Drops the first pages, the farthest from the page just appended, until at most
  /// `maxItems` items are left (the last page always stays).
  @inlinable @inline(never)
  mutating func dropFirstPages(keeping maxItems: Int) {
    var dropped = 0
    var droppedItems = 0
    while _state.items.count - droppedItems > maxItems, dropped < window.pages.count - 1 {
      droppedItems += window.pages[dropped].count
      dropped += 1
    }
    guard dropped > 0 else { return }
    _state.items = _state.items.pages(dropped..<window.pages.count)
    window.pages.removeFirst(dropped)
    window.firstNumber += dropped
    _state.pagesLoaded -= dropped
    _state.startReached = false
    // A failed page before the dropped ones is no longer next to the content.
    if case .failed = _state.prepend { _state.prepend = .idle }
    firstVisible = Swift.max(0, firstVisible - droppedItems)
  }

  /// Drops the last pages, the farthest from the page just prepended, until at most
  /// `maxItems` items are left (the first page always stays).
  @inlinable @inline(never)
  mutating func dropLastPages(keeping maxItems: Int) {
    var kept = window.pages.count
    var count = _state.items.count
    while count > maxItems, kept > 1 {
      kept -= 1
      count -= window.pages[kept].count
    }
    guard kept < window.pages.count else { return }
    // The page after the kept ones starts where the first dropped page started.
    _nextCursor = window.pages[kept].start
    _state.items = _state.items.pages(0..<kept)
    window.pages.removeLast(window.pages.count - kept)
    _state.pagesLoaded = kept
    _state.endReached = false
    if case .failed = _state.append { _state.append = .idle }
    firstVisible = Swift.min(firstVisible, count - 1)
  }

  // MARK: The refresh key

  /// Records which item the screen shows first: a refresh reloads from its page.
  @inlinable
  mutating func showFirst(_ index: Int) {
    firstVisible = Swift.max(0, Swift.min(index, _state.items.count - 1))
  }
}
