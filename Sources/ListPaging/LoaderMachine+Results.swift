extension LoaderMachine {
  /// Takes the request in flight if `request` is it; a result of anything else is dropped.
  private mutating func settle(_ request: RequestID) -> LoaderOperation<Item, Cursor>? {
    guard let current = inFlight, current.id == request else { return nil }
    inFlight = nil
    return current.operation
  }

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
    case .refresh(let progress):
      refreshedPage(progress, page, &effects)
    }
  }

  mutating func pageFailed(
    _ request: RequestID, _ error: LoadError, _ effects: inout [LoaderEffect<Item, Cursor>]
  ) {
    let previous = state.phase
    switch settle(request) {
    case nil:
      return
    case .firstLoad:
      if repeatFirstLoadIfInvalidated(&effects) { return }
      state.phase = .error
      state.error = error
      publish(from: previous, [.failed(page: 1, error: error)], &effects)
    case .append(let number):
      state.append = .failed(page: number, error: error)
      publish(from: previous, [.failed(page: number, error: error)], &effects)
    case .refresh:
      state.refresh = .failed(error)
      if state.phase == .error { state.error = error }
      publish(from: previous, [.refreshFailed(error: error)], &effects)
      refreshAgainIfInvalidated(&effects)
    }
  }

  mutating func cancelled(_ request: RequestID, _ effects: inout [LoaderEffect<Item, Cursor>]) {
    // Only a cancellation the machine did not ask for gets here (the source gave up, say): the
    // state goes back to where it was before the request, and nothing is shown as failed.
    let previous = state.phase
    switch settle(request) {
    case nil:
      return
    case .firstLoad:
      state = ListState()
      hasPendingInvalidation = false
      publish(from: previous, [], &effects)
    case .append:
      state.append = .idle
      publish(from: previous, [], &effects)
    case .refresh:
      state.refresh = .idle
      publish(from: previous, [], &effects)
      refreshAgainIfInvalidated(&effects)
    }
  }

  // MARK: Private

  private mutating func firstPageLoaded(
    _ page: SourcePage<Item, Cursor>, _ effects: inout [LoaderEffect<Item, Cursor>]
  ) {
    if repeatFirstLoadIfInvalidated(&effects) { return }
    let previous = state.phase
    state.pagesLoaded = 1
    if page.items.isEmpty {
      state.phase = .empty
      state.endReached = true
      nextCursor = nil
      publish(from: previous, [.empty], &effects)
      return
    }
    state.items = LoadedItems(page.items)
    state.phase = .content
    nextCursor = page.nextCursor
    state.endReached = page.nextCursor == nil
    publish(from: previous, loadedEvents(page: 1, count: page.items.count), &effects)
  }

  private mutating func appendedPage(
    _ number: Int, _ page: SourcePage<Item, Cursor>, _ effects: inout [LoaderEffect<Item, Cursor>]
  ) {
    let previous = state.phase
    state.pagesLoaded = number
    state.append = .idle
    state.items.append(contentsOf: page.items)
    // An empty later page means the end, whatever cursor came with it.
    state.endReached = page.items.isEmpty || page.nextCursor == nil
    nextCursor = state.endReached ? nil : page.nextCursor
    publish(from: previous, loadedEvents(page: number, count: page.items.count), &effects)
  }

  private mutating func refreshedPage(
    _ progress: RefreshProgress<Item>, _ page: SourcePage<Item, Cursor>,
    _ effects: inout [LoaderEffect<Item, Cursor>]
  ) {
    var progress = progress
    progress.pagesFetched += 1
    progress.items.append(contentsOf: page.items)
    let reachedEnd = page.items.isEmpty || page.nextCursor == nil
    if !reachedEnd && progress.pagesFetched < progress.targetPages {
      // Nothing is shown until every page is in, so that the content changes in one step.
      request(
        .refresh(progress), cursor: page.nextCursor, page: progress.pagesFetched + 1, &effects)
      return
    }
    let previous = state.phase
    state = ListState(
      phase: progress.items.isEmpty ? .empty : .content,
      items: progress.items,
      pagesLoaded: progress.pagesFetched,
      endReached: reachedEnd)
    nextCursor = reachedEnd ? nil : page.nextCursor
    let event = PageEvent.refreshed(count: progress.items.count, hasMore: !reachedEnd)
    publish(from: previous, [event], &effects)
    refreshAgainIfInvalidated(&effects)
  }

  /// `loaded`, followed by `end` when this page was the last one.
  private func loadedEvents(page: Int, count: Int) -> [PageEvent] {
    let loaded = PageEvent.loaded(page: page, count: count, hasMore: !state.endReached)
    guard state.endReached else { return [loaded] }
    return [loaded, .end(pages: page, items: state.items.count)]
  }

  /// When the data changed during the first load, asks for page 1 again instead of showing a
  /// result that may be stale; the list keeps showing `loading`, so nothing extra is seen.
  private mutating func repeatFirstLoadIfInvalidated(
    _ effects: inout [LoaderEffect<Item, Cursor>]
  ) -> Bool {
    guard hasPendingInvalidation else { return false }
    hasPendingInvalidation = false
    request(.firstLoad, cursor: nil, page: 1, &effects)
    return true
  }

  /// Starts the one refresh that covers every change seen during the last one.
  private mutating func refreshAgainIfInvalidated(_ effects: inout [LoaderEffect<Item, Cursor>]) {
    guard hasPendingInvalidation else { return }
    startRefresh(automatic: true, &effects)
  }
}
