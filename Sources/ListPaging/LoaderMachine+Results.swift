extension LoaderMachine {
  /// Takes the request in flight if `request` is it; a result of anything else is dropped.
  @inlinable
  mutating func settle(_ request: RequestID) -> LoaderOperation<Item, Cursor>? {
    guard inFlight?.id == request else { return nil }
    return inFlight.take().unsafelyUnwrapped.operation
  }

  @inlinable
  mutating func pageLoaded(
    _ request: RequestID, _ page: SourcePage<Item, Cursor>,
    _ effects: inout [LoaderEffect<Item, Cursor>]
  ) {
    switch settle(request) {
    case nil:
      return
    case .firstLoad:
      firstPageLoaded(page, &effects)
    case .append(let number):
      appendedPage(number, page, &effects)
    case .prepend(let number):
      prependedPage(number, page, &effects)
    case .refresh(let progress):
      refreshedPage(progress, page, &effects)
    }
  }

  @inlinable
  mutating func pageFailed(
    _ request: RequestID, _ error: LoadError, _ effects: inout [LoaderEffect<Item, Cursor>]
  ) {
    let previous = _state.phase
    switch settle(request) {
    case nil:
      return
    case .firstLoad:
      if repeatFirstLoadIfInvalidated(&effects) { return }
      _state.phase = .error
      _state.error = error
      publish(from: previous, [.failed(page: 1, error: error)], &effects)
    case .append(let number):
      _state.append = .failed(page: number, error: error)
      publish(from: previous, [.failed(page: number, error: error)], &effects)
      retryPrependIfAsked(&effects)
    case .prepend(let number):
      _state.prepend = .failed(page: number, error: error)
      publish(from: previous, [.failed(page: number, error: error)], &effects)
    case .refresh:
      _state.refresh = .failed(error)
      if _state.phase == .error { _state.error = error }
      publish(from: previous, [.refreshFailed(error: error)], &effects)
      refreshAgainIfInvalidated(&effects)
    }
  }

  @inlinable
  mutating func cancelled(_ request: RequestID, _ effects: inout [LoaderEffect<Item, Cursor>]) {
    // Only a cancellation the machine did not ask for gets here (the source gave up, say): the
    // state goes back to where it was before the request, and nothing is shown as failed.
    let previous = _state.phase
    switch settle(request) {
    case nil:
      return
    case .firstLoad:
      _state = ListState()
      _hasPendingInvalidation = false
      publish(from: previous, [], &effects)
    case .append:
      _state.append = .idle
      publish(from: previous, [], &effects)
      retryPrependIfAsked(&effects)
    case .prepend:
      _state.prepend = .idle
      publish(from: previous, [], &effects)
    case .refresh:
      _state.refresh = .idle
      publish(from: previous, [], &effects)
      refreshAgainIfInvalidated(&effects)
    }
  }

  // MARK: Private

  @inlinable
  mutating func firstPageLoaded(
    _ page: SourcePage<Item, Cursor>, _ effects: inout [LoaderEffect<Item, Cursor>]
  ) {
    if repeatFirstLoadIfInvalidated(&effects) { return }
    let previous = _state.phase
    _state.pagesLoaded = 1
    if page.items.isEmpty && !beginsMidList {
      _state.phase = page.listHasItems ? .noResults : .empty
      _state.endReached = true
      _state.startReached = true
      _nextCursor = nil
      publish(from: previous, [page.listHasItems ? .noResults : .empty], &effects)
      return
    }
    // A page around an item, or the first page of a source that starts mid-list, says where
    // the page before it ends (nil: nowhere, it is the list's first); the first page of the
    // list has nothing before it.
    let start = anchor == nil && !beginsMidList ? nil : page.previousCursor
    if !page.items.isEmpty { window.pages = [PageWindow.Page(start: start, count: page.items.count)] }
    _state.items = LoadedItems(page.items)
    _state.phase = .content
    _state.startReached = start == nil
    _state.endReached = page.items.isEmpty || page.nextCursor == nil
    _nextCursor = _state.endReached ? nil : page.nextCursor
    let events = loadedEvents(page: 1, count: page.items.count)
    publish(from: previous, events.list, &effects)
  }

  @inlinable
  mutating func appendedPage(
    _ number: Int, _ page: SourcePage<Item, Cursor>, _ effects: inout [LoaderEffect<Item, Cursor>]
  ) {
    let previous = _state.phase
    _state.pagesLoaded = number - window.firstNumber + 1
    _state.append = .idle
    // The page started where the next cursor was: moved into the window, not copied, since the
    // next cursor is replaced right after.
    let start = _nextCursor.take()
    if !page.items.isEmpty {
      window.pages.append(PageWindow.Page(start: start, count: page.items.count))
      _state.items.append(contentsOf: page.items)
    }
    // An empty later page means the end, whatever cursor came with it.
    _state.endReached = page.items.isEmpty || page.nextCursor == nil
    _nextCursor = _state.endReached ? nil : page.nextCursor
    if let maxItems, _state.items.count > maxItems { dropFirstPages(keeping: maxItems) }
    let events = loadedEvents(page: number, count: page.items.count)
    publish(from: previous, events.list, &effects)
    retryPrependIfAsked(&effects)
  }

  @inlinable
  mutating func refreshedPage(
    _ progress: RefreshProgress<Item, Cursor>, _ page: SourcePage<Item, Cursor>,
    _ effects: inout [LoaderEffect<Item, Cursor>]
  ) {
    var progress = progress
    progress.pagesFetched += 1
    if !page.items.isEmpty {
      // The page before the place where nothing was left starts where the source says.
      let start = progress.backward ? page.previousCursor : progress.cursor
      progress.pages.append(PageWindow.Page(start: start, count: page.items.count))
      progress.items.append(contentsOf: page.items)
    }
    let reachedEnd = progress.backward || page.items.isEmpty || page.nextCursor == nil
    if !reachedEnd && progress.pagesFetched < progress.targetPages {
      // Nothing is shown until every page is in, so that the content changes in one step.
      progress.cursor = page.nextCursor
      request(
        .refresh(progress), .after(page.nextCursor), page: progress.firstNumber + progress.pagesFetched,
        &effects)
      return
    }
    if progress.items.isEmpty, !progress.backward, let start = progress.start {
      // Everything from the first visible item on is gone: its neighbour is before it.
      progress.backward = true
      progress.firstNumber -= 1
      request(.refresh(progress), .before(start), page: progress.firstNumber, &effects)
      return
    }
    let previous = _state.phase
    let phase: ListPhase
    if progress.items.isEmpty && !beginsMidList {
      // The items are empty only when the first page was, so `page` is that page.
      phase = page.listHasItems ? .noResults : .empty
    } else {
      phase = .content
    }
    window.pages = progress.pages
    window.firstNumber = progress.firstNumber
    let start = progress.pages.first?.start
    _state = ListState(
      phase: phase,
      items: progress.items,
      pagesLoaded: progress.backward ? 1 : progress.pagesFetched,
      endReached: reachedEnd,
      startReached: start == nil || progress.items.isEmpty)
    _nextCursor = reachedEnd ? nil : page.nextCursor
    // The first visible item keeps its place among the items that were reloaded.
    firstVisible = Swift.max(0, Swift.min(firstVisible - progress.skipped, progress.items.count - 1))
    let event = PageEvent.refreshed(count: progress.items.count, hasMore: !reachedEnd)
    publish(from: previous, [event], &effects)
    refreshAgainIfInvalidated(&effects)
  }

  /// `loaded`, followed by `end` when this page was the last one: read from the state now,
  /// made into a list only when a transition is published.
  @inlinable
  func loadedEvents(page: Int, count: Int) -> LoadedEvents {
    LoadedEvents(
      loaded: .loaded(page: page, count: count, hasMore: !_state.endReached),
      end: _state.endReached ? .end(pages: page, items: _state.items.count) : nil)
  }

  /// When the data changed during the first load, asks for page 1 again instead of showing a
  /// result that may be stale; the list keeps showing `loading`, so nothing extra is seen.
  @inlinable
  mutating func repeatFirstLoadIfInvalidated(
    _ effects: inout [LoaderEffect<Item, Cursor>]
  ) -> Bool {
    guard _hasPendingInvalidation else { return false }
    _hasPendingInvalidation = false
    request(.firstLoad, firstPageRequest, page: 1, &effects)
    return true
  }

  /// Starts the one refresh that covers every change seen during the last one.
  @inlinable
  mutating func refreshAgainIfInvalidated(_ effects: inout [LoaderEffect<Item, Cursor>]) {
    guard _hasPendingInvalidation else { return }
    startRefresh(automatic: true, &effects)
  }
}
