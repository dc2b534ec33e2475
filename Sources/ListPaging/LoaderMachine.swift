/// The loader's rules as a pure, synchronous transition function: `(state, event) -> effects`.
///
/// The machine owns the ``ListState`` and everything needed to decide what comes next (the next
/// cursor, the generation, the request in flight); it never waits, sleeps or calls a source.
/// Its driver (``ListLoader``) runs the ``LoaderEffect/fetch(request:_:page:limit:)``
/// effects and feeds their outcomes back as events, so every rule can be tested by feeding
/// events and reading ``state`` right after each one.
///
/// For example:
///
/// ```swift
/// var machine = LoaderMachine<String, Int>(pageSize: 20)
/// let effects = machine.handle(.loadNextPage)
/// // machine.state.phase == .loading; effects end with .fetch(request: r, .after(nil), ...)
/// machine.handle(.pageLoaded(r, SourcePage(items: [], nextCursor: nil)))
/// // machine.state.phase == .empty
/// ```
///
/// At most one request is in flight at a time: asking for a page while one is loading does
/// nothing, and a refresh cancels the page it replaces.
@usableFromInline
package struct LoaderMachine<Item: Sendable, Cursor: Sendable>: Sendable {
  // The stored properties are internal so that the inlinable rules below can change them (a
  // `public internal(set)` setter cannot be used from inlinable code); public getters follow.
  @usableFromInline var _state = ListState<Item>()
  @usableFromInline var _generation = 0
  @usableFromInline var _transitionCount = 0
  /// Whether a transition is built and handed out as a ``LoaderEffect/publish(_:)`` effect;
  /// false while nobody listens (the loader's streams have no subscriber), when a transition
  /// is only counted, so that a page costs no copy of the state and no array of its events.
  @usableFromInline package var publishesTransitions = true
  @usableFromInline var _nextCursor: Cursor?
  @usableFromInline var _hasPendingInvalidation = false
  @usableFromInline var inFlight: InFlightRequest<Item, Cursor>?
  @usableFromInline var requestCount = 0
  /// Where each shown page starts, and the number of the first.
  @usableFromInline var window = PageWindow<Cursor>()
  /// The index of the first item the screen shows: the refresh key.
  @usableFromInline var firstVisible = 0
  /// The item the first page is loaded around: ``around`` until the query changes, then nil
  /// (the new query's results are shown from their top).
  @usableFromInline var anchor: Cursor?
  /// Whether a failed previous page is retried once the retry of a failed next page settled.
  @usableFromInline var retriesPrependNext = false

  /// How many items each page request asks for.
  @usableFromInline package let pageSize: Int

  /// Whether the first page the machine loads starts in the middle of the list (after a
  /// cursor the caller already had), so that it is a *later* page of the list: when it comes
  /// back with no items the end was reached and the phase is ``ListPhase/content``, not
  /// ``ListPhase/empty`` (rule 2). Its ``SourcePage/previousCursor`` says where the page
  /// before it ends, for ``LoaderEvent/loadPreviousPage``; nil means there is none.
  @usableFromInline package let beginsMidList: Bool

  /// The item the first page is loaded around (``PageRequest/around(_:)``); nil to start at
  /// the beginning of the list. A change of the query starts its results from their top.
  @usableFromInline package let around: Cursor?

  /// The most items kept: beyond them, the pages farthest from the one last asked for are
  /// dropped, and loaded again when asked for once more. Nil keeps every page.
  @usableFromInline package let maxItems: Int?

  /// Creates a machine in phase ``ListPhase/idle``.
  /// - Parameters:
  ///   - pageSize: How many items each page request asks for; must be positive.
  ///   - beginsMidList: Whether the source's first page starts after a cursor rather than at
  ///     the beginning of the list.
  ///   - around: Load the first page around this item, then page both ways from it.
  ///   - maxItems: The most items kept, at least three pages' worth; nil keeps every page.
  package init(pageSize: Int, beginsMidList: Bool = false, around: Cursor? = nil, maxItems: Int? = nil) {
    precondition(pageSize > 0, "pageSize must be positive, got \(pageSize)")
    if let maxItems {
      precondition(
        maxItems >= 3 * pageSize, "maxItems must hold at least three pages (\(3 * pageSize)), got \(maxItems)")
    }
    self.pageSize = pageSize
    self.beginsMidList = beginsMidList
    self.around = around
    self.anchor = around
    self.maxItems = maxItems
  }

  /// The state after the last event.
  @inlinable package var state: ListState<Item> { _state }

  /// Incremented by every refresh and every change of the query; stamped on every request made
  /// after it.
  @inlinable package var generation: Int { _generation }

  /// How many transitions were published so far.
  @inlinable package var transitionCount: Int { _transitionCount }

  /// Where the page after the content starts; nil before the first page and after the last.
  @inlinable package var nextCursor: Cursor? { _nextCursor }

  /// Where the page before the content ends; nil before the first page and at the start.
  @inlinable package var previousCursor: Cursor? { window.pages.first?.start }

  /// Whether the data or the query changed while the first load or a refresh was in flight, so
  /// that one more load follows it.
  @inlinable package var hasPendingInvalidation: Bool { _hasPendingInvalidation }

  /// The request whose result the machine waits for, if any.
  @inlinable package var inFlightRequest: RequestID? { inFlight?.id }

  /// Applies `event` and returns what the driver must do, in order.
  ///
  /// Publications come before the fetch that follows them, so observers see `loading` before
  /// `loaded` even when the source answers inside the fetch call.
  @inlinable
  @discardableResult
  package mutating func handle(_ event: LoaderEvent<Item, Cursor>) -> [LoaderEffect<Item, Cursor>] {
    var effects: [LoaderEffect<Item, Cursor>] = []
    handle(event, into: &effects)
    return effects
  }

  /// Applies `event`, appending what the driver must do to `effects`; lets a driver reuse one
  /// array for every event instead of allocating one per page.
  @inlinable
  package mutating func handle(
    _ event: consuming LoaderEvent<Item, Cursor>, into effects: inout [LoaderEffect<Item, Cursor>]
  ) {
    switch consume event {
    case .loadNextPage: loadNextPage(&effects)
    case .loadPreviousPage: loadPreviousPage(&effects)
    case .firstVisibleItem(let index): showFirst(index)
    case .refresh: refresh(&effects)
    case .retry: retry(&effects)
    case .invalidated: invalidate(&effects)
    case .queryChanged: changeQuery(&effects)
    case .pageLoaded(let request, let page): pageLoaded(request, page, &effects)
    case .pageFailed(let request, let error): pageFailed(request, error, &effects)
    case .cancelled(let request): cancelled(request, &effects)
    }
  }

  // MARK: Actions

  @inlinable
  mutating func loadNextPage(_ effects: inout [LoaderEffect<Item, Cursor>]) {
    guard inFlight == nil else { return }
    switch _state.phase {
    case .idle:
      startFirstLoad(&effects)
    case .content:
      // After the end, or after a failed page until it is retried, there is nothing to ask for.
      guard !_state.endReached, case .idle = _state.append else { return }
      startAppend(page: window.firstNumber + _state.pagesLoaded, &effects)
    case .loading, .empty, .noResults, .error:
      return
    }
  }

  @inlinable
  mutating func refresh(_ effects: inout [LoaderEffect<Item, Cursor>]) {
    switch _state.phase {
    case .loading:
      // The first page is on its way; it is as fresh as a reload would be.
      return
    case .idle, .empty, .noResults, .error:
      // An automatic refresh of an empty or failed list may be running; it is fresh enough.
      guard inFlight == nil else { return }
      _generation += 1
      startFirstLoad(&effects)
    case .content:
      if case .refresh = inFlight?.operation { return }
      startRefresh(automatic: false, &effects)
    }
  }

  @inlinable
  mutating func retry(_ effects: inout [LoaderEffect<Item, Cursor>]) {
    guard inFlight == nil else { return }
    if _state.phase == .error {
      startFirstLoad(&effects)
    } else if case .failed(let page, _) = _state.append {
      // The cursor did not move when the page failed, so this asks for exactly that page; a
      // failed previous page is asked for right after it.
      if case .failed = _state.prepend { retriesPrependNext = true }
      startAppend(page: page, &effects)
    } else if case .failed(let page, _) = _state.prepend {
      startPrepend(page: page, &effects)
    } else if case .failed = _state.refresh {
      refresh(&effects)
    }
  }

  @inlinable
  mutating func invalidate(_ effects: inout [LoaderEffect<Item, Cursor>]) {
    switch _state.phase {
    case .idle:
      return
    case .loading:
      _hasPendingInvalidation = true
    case .content, .empty, .noResults, .error:
      if case .refresh = inFlight?.operation {
        // However many changes arrive now, one more refresh after this one covers them all.
        _hasPendingInvalidation = true
      } else {
        startRefresh(automatic: true, &effects)
      }
    }
  }

  /// Starts over for the new query: what an older query asked for is never shown.
  ///
  /// From a settled list, the request in flight (an append, a refresh) is cancelled and the
  /// first page asked for, showing `loading`. While a first page is loading, nothing is asked
  /// now: once it is in, it is dropped and page 1 is asked for once more, with the query then in
  /// force. So a burst of changes costs at most two requests, however long it is.
  @inlinable
  mutating func changeQuery(_ effects: inout [LoaderEffect<Item, Cursor>]) {
    _generation += 1
    // The item the list was opened at belongs to the old query's results.
    anchor = nil
    switch _state.phase {
    case .idle:
      // Nothing was asked for yet; the first page will be asked with the new query.
      return
    case .loading:
      _hasPendingInvalidation = true
    case .content, .empty, .noResults, .error:
      cancelInFlight(&effects)
      startFirstLoad(&effects)
    }
  }

  // MARK: Starting requests

  /// Shows `loading` and asks for page 1, forgetting what was shown.
  @inlinable
  mutating func startFirstLoad(_ effects: inout [LoaderEffect<Item, Cursor>]) {
    let previous = _state.phase
    _state = ListState(phase: .loading)
    _nextCursor = nil
    _hasPendingInvalidation = false
    window = PageWindow()
    firstVisible = 0
    retriesPrependNext = false
    publish(from: previous, [.loading(page: 1)], &effects)
    request(.firstLoad, firstPageRequest, page: 1, &effects)
  }

  /// Where the first page is: around the anchor, or at the start.
  @inlinable
  var firstPageRequest: PageRequest<Cursor> {
    if let anchor { .around(anchor) } else { .after(nil) }
  }

  @inlinable
  mutating func startAppend(page: Int, _ effects: inout [LoaderEffect<Item, Cursor>]) {
    let previous = _state.phase
    _state.append = .loading(page: page)
    // Only one failure is reported at a time: the newest request's.
    _state.refresh = .idle
    publish(from: previous, [.loading(page: page)], &effects)
    request(.append(page: page), .after(_nextCursor), page: page, &effects)
  }

  /// Reloads the shown pages from the one holding the first visible item (the refresh key)
  /// while the current state stays on screen.
  @inlinable
  mutating func startRefresh(automatic: Bool, _ effects: inout [LoaderEffect<Item, Cursor>]) {
    _generation += 1
    cancelInFlight(&effects)
    let previous = _state.phase
    _state.append = .idle
    _state.prepend = .idle
    retriesPrependNext = false
    _state.refresh = .loading(automatic: automatic)
    _hasPendingInvalidation = false
    publish(from: previous, [.refreshing(automatic: automatic)], &effects)
    let key = window.page(holding: firstVisible)
    let start = key < window.pages.count ? window.pages[key].start : nil
    let progress = RefreshProgress<Item, Cursor>(
      automatic: automatic, targetPages: Swift.max(_state.pagesLoaded - key, 1),
      firstNumber: window.firstNumber + key, start: start,
      skipped: window.itemCount(before: key))
    request(.refresh(progress), .after(start), page: progress.firstNumber, &effects)
  }

  /// Cancels the request in flight, if any: its result will be dropped whatever it is.
  @inlinable
  mutating func cancelInFlight(_ effects: inout [LoaderEffect<Item, Cursor>]) {
    guard let replaced = inFlight else { return }
    effects.append(.cancel(replaced.id))
    inFlight = nil
  }

  /// Records `operation` as the one request in flight and asks the driver to run it.
  @inlinable
  mutating func request(
    _ operation: LoaderOperation<Item, Cursor>, _ target: PageRequest<Cursor>, page: Int,
    _ effects: inout [LoaderEffect<Item, Cursor>]
  ) {
    requestCount += 1
    let id = RequestID(generation: _generation, serial: requestCount)
    inFlight = InFlightRequest(id: id, operation: operation)
    effects.append(.fetch(request: id, target, page: page, limit: pageSize))
  }

  /// Publishes the current state as one transition.
  @inlinable
  mutating func publish(
    from previous: ListPhase, _ events: @autoclosure () -> [PageEvent],
    _ effects: inout [LoaderEffect<Item, Cursor>]
  ) {
    _transitionCount += 1
    guard publishesTransitions else { return }
    let transition = ListTransition(
      number: _transitionCount, previousPhase: previous, state: _state, events: events())
    effects.append(.publish(transition))
  }
}

/// The events of a loaded page, `loaded` and `end` after the last: kept as values until a
/// transition needs them as a list.
@usableFromInline
struct LoadedEvents {
  @usableFromInline let loaded: PageEvent
  @usableFromInline let end: PageEvent?

  @inlinable
  init(loaded: PageEvent, end: PageEvent?) {
    self.loaded = loaded
    self.end = end
  }

  /// `[loaded]` or `[loaded, end]`.
  @inlinable
  var list: [PageEvent] { end.map { [loaded, $0] } ?? [loaded] }
}

