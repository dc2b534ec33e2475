import Synchronization

/// Turns any ``PageSource`` into a list state that knows, page by page, whether it is loading,
/// showing content, empty or failed, and publishes every change in order.
///
/// The rules are a pure function of state and event; the loader runs them under a lock and runs
/// the page requests they ask for. For example:
///
/// ```swift
/// // `ordersSource` is any PageSource; `ordersChanges()` makes a new sequence that yields
/// // whenever the orders change.
/// let loader = ListLoader(source: ordersSource, pageSize: 20, makeInvalidations: { ordersChanges() })
/// let observation = loader.startObservingChanges()   // until cancelled or released
/// let (current, transitions) = loader.subscribe()
/// let state = await loader.loadNextPage()   // .content, .empty or .error
/// for await transition in transitions { render(transition.state) }
/// ```
///
/// Requests run as tasks, started with `Task.immediate`: they run on the caller's thread until the source
/// really suspends, so a source that answers without suspending (a local store) completes its
/// page inside the call. No lock is held while the source runs or while a command awaits. The
/// loader owns its requests: cancelling the task that awaits a command does not cancel the
/// request; a refresh does.
public final class ListLoader<Source: PageSource>: Sendable {
  /// The items the source pages.
  public typealias Item = Source.Item
  /// How the source marks where a page ends.
  public typealias Cursor = Source.Cursor

  /// Where the pages come from.
  public let source: Source
  /// Makes the sequence one observer of the data's changes follows.
  private let makeInvalidations: (@Sendable () -> any AsyncSequence<Void, Never> & Sendable)?
  /// The tasks of ``startObservingChanges()`` not cancelled yet: they end with the loader, so
  /// that a forgotten observation stops listening (and lets the store stop polling) too.
  private let observations = Mutex<[Task<Void, Never>]>([])
  @usableFromInline let classify: @Sendable (any Error) -> LoadError
  /// What selects the items the pages hold; `Never` when the source takes no query.
  public typealias Query = Source.Query

  @usableFromInline let core: Mutex<LoaderCore<Item, Cursor, Query>>

  /// Creates a loader in phase ``ListPhase/idle``; nothing is requested until asked. Every
  /// observation of the data's changes follows a sequence of its own: observations can be
  /// cancelled and started again any number of times (a SwiftUI view's `.task`), several at
  /// once, and each hears of every change.
  ///
  /// For example, over a source that hands out a new stream per call:
  ///
  /// ```swift
  /// let source = ArrayPageSource<String>()
  /// let loader = ListLoader(source: source, makeInvalidations: { source.changes })
  /// ```
  /// - Parameters:
  ///   - source: Where the pages come from.
  ///   - pageSize: How many items each page request asks for; must be positive.
  ///   - makeInvalidations: Makes, for each observation (``startObservingChanges()``,
  ///     ``ListModel/run(observingChanges:)``), a new sequence
  ///     that yields whenever the underlying data changes; nil (the default) for a loader that
  ///     is refreshed only when asked. A stream with `.bufferingNewest(1)` lets a burst of
  ///     changes that arrive while a refresh runs cost one more refresh, not one each. What it
  ///     captures lives as long as the loader.
  ///   - classify: Turns what the source throws into a ``LoadError``; it is never given a
  ///     `CancellationError`. By default ``LoadError/init(classifying:)``.
  ///   - beginsMidList: Whether the source's first page starts after a cursor the caller
  ///     already had: an empty first page then means the end was reached (phase
  ///     ``ListPhase/content``), not an empty list.
  ///   - around: Open the list at the item this cursor was made for: the first page is the
  ///     one holding it (``PageRequest/around(_:)``), and the loader pages both
  ///     ways from there (``loadPreviousPage()``, ``loadNextPage()``). Nil starts at the top.
  ///   - maxItems: The most items kept, at least three pages' worth: beyond them the pages
  ///     farthest from the one last asked for are dropped, and loaded again when the screen
  ///     comes back to them. Nil (the default) keeps every page.
  public init(
    source: Source,
    pageSize: Int = 20,
    makeInvalidations: (@Sendable () -> any AsyncSequence<Void, Never> & Sendable)? = nil,
    classify: @escaping @Sendable (any Error) -> LoadError = { LoadError(classifying: $0) },
    beginsMidList: Bool = false,
    around: Cursor? = nil,
    maxItems: Int? = nil
  ) {
    self.source = source
    self.makeInvalidations = makeInvalidations
    self.classify = classify
    self.core = Mutex(
      LoaderCore(pageSize: pageSize, beginsMidList: beginsMidList, around: around, maxItems: maxItems))
  }

  deinit {
    for observation in observations.withLock({ $0 }) { observation.cancel() }
    // Most loaders (a one-shot `lists show`) never had a subscriber: finish nothing, and build
    // no arrays of generic continuation types just to find that out.
    let hasSubscribers = core.withLock { !$0.transitionSubscribers.isEmpty || !$0.eventSubscribers.isEmpty }
    guard hasSubscribers else { return }
    let subscribers = core.withLock { core in
      defer {
        core.transitionSubscribers = [:]
        core.eventSubscribers = [:]
      }
      return (Array(core.transitionSubscribers.values), Array(core.eventSubscribers.values))
    }
    subscribers.0.forEach { $0.finish() }
    subscribers.1.forEach { $0.finish() }
  }

  /// How many items each page request asks for.
  public var pageSize: Int { core.withLock { $0.machine.pageSize } }

  /// The current state.
  @inlinable
  public var state: ListState<Item> { core.withLock { $0.machine.state } }

  /// The current state and where the pages before and after it end, read together: a pager
  /// that prints "previous: --before <cursor> · next: --after <cursor>" needs all three from
  /// one moment. A cursor is nil when the list's start (or end) is shown.
  @inlinable
  public var stateAndCursors: (state: ListState<Item>, previousCursor: Cursor?, nextCursor: Cursor?) {
    core.withLock { ($0.machine.state, $0.machine.previousCursor, $0.machine.nextCursor) }
  }

  // MARK: Commands

  /// Asks for the next page: the first one from ``ListPhase/idle``, else the one after the
  /// content; does nothing while anything is loading, after the end, or while a failed page
  /// waits for ``retry()``.
  ///
  /// - Returns: The state once the request it started settled, or at once if it started none.
  @inlinable
  @discardableResult
  public func loadNextPage() async -> ListState<Item> {
    await perform(.loadNextPage)
  }

  /// Asks for the page before the content: for a list opened around an item, or one whose
  /// first pages were dropped (`maxItems`); does nothing at the start of the list
  /// (``ListState/startReached``), while anything is loading, or while a failed previous page
  /// waits for ``retry()``.
  ///
  /// For example:
  ///
  /// ```swift
  /// let loader = ListLoader(source: books, around: cursorOfTheFoundBook)
  /// await loader.loadNextPage()       // the page holding the book
  /// await loader.loadPreviousPage()   // the page before it
  /// ```
  /// - Returns: The state once the request it started settled, or at once if it started none.
  @inlinable
  @discardableResult
  public func loadPreviousPage() async -> ListState<Item> {
    await perform(.loadPreviousPage)
  }

  /// Tells the loader which item the screen shows first (its index in ``ListState/items``):
  /// a refresh reloads from the page holding it, so a list scrolled deep keeps its place
  /// instead of loading every page from the top again. Before any call, the first shown item.
  public func setFirstVisibleItem(_ index: Int) {
    _ = apply(.firstVisibleItem(index), chain: nil)
  }

  /// Reloads the shown pages from the one holding the first visible item
  /// (``setFirstVisibleItem(_:)``) on, one after the other, and replaces the content with
  /// them in one step; the content stays shown meanwhile. An item removed meanwhile gives its
  /// place to the item after it (or, at the end, the one before it). From ``ListPhase/idle``,
  /// ``ListPhase/empty`` or ``ListPhase/error`` it starts over and shows ``ListPhase/loading``.
  ///
  /// A refresh cancels a page load in flight. It does nothing while the first page or another
  /// refresh is loading.
  /// - Returns: The state once the refresh settled, or at once if it started none.
  @inlinable
  @discardableResult
  public func refresh() async -> ListState<Item> {
    await perform(.refresh)
  }

  /// Asks again for what failed: page 1 after a failed first page (showing `loading`), exactly
  /// the failed page after a failed append or prepend (both, one after the other, when both
  /// failed), or a refresh after a failed refresh.
  ///
  /// - Returns: The state once the request settled, or at once if nothing had failed.
  @inlinable
  @discardableResult
  public func retry() async -> ListState<Item> {
    await perform(.retry)
  }

  /// Applies `action` without waiting for the request it starts: for buttons and scroll events.
  ///
  /// The state changes before this returns (to ``ListPhase/loading`` for a first page, say);
  /// `execution` says where the request it starts runs.
  @inlinable
  package func send(_ action: LoaderAction, execution: RequestExecution = .inline) {
    carryOut(apply(LoaderEvent(action), chain: nil), execution: execution)
  }

  /// The query the pages are asked with; nil for the whole list.
  public var query: Query? { core.withLock { $0.query } }

  /// Shows the list as `query` selects it (nil: the whole list), as a new generation: what an
  /// older query asked for is dropped, never shown.
  ///
  /// A settled list cancels its request in flight and loads page 1 with the new query, showing
  /// ``ListPhase/loading``; an empty first page of a list that has items is
  /// ``ListPhase/noResults``. While a first page is loading, the change only takes note: once
  /// that page is in, it is dropped and page 1 is asked for with the newest query. So a burst of
  /// changes, one per keystroke, costs at most two requests, and the last query wins. Before
  /// anything was asked for (``ListPhase/idle``), the query is kept for the first page.
  ///
  /// For example:
  ///
  /// ```swift
  /// loader.setQuery("dun")   // loading, then content or noResults
  /// loader.setQuery(nil)     // the whole list again
  /// ```
  /// - Parameter query: The new query, or nil for the whole list.
  public func setQuery(_ query: Query?) {
    setQuery(query, execution: .inline)
  }

  /// ``setQuery(_:)`` whose request runs as `execution` says.
  package func setQuery(_ query: Query?, execution: RequestExecution) {
    let outcome = core.withLock { core in
      core.query = query
      return core.apply(.queryChanged, chain: nil)
    }
    outcome.cancelled?.cancel()
    carryOut(outcome, execution: execution)
  }

  /// Refreshes automatically whenever the data changes, until the calling task is cancelled or
  /// the sequence of changes ends; returns at once if the loader was given none.
  ///
  /// Each call follows a sequence of its own, made by the loader's `makeInvalidations`: it may
  /// be cancelled and called again any number of times, from several tasks at once. The calling
  /// task keeps the loader alive while it runs; ``startObservingChanges()`` does not.
  package func observeChanges() async {
    await observeChanges(execution: .inline)
  }

  /// ``observeChanges()`` whose automatic refreshes run as `execution` says.
  func observeChanges(execution: RequestExecution) async {
    guard let invalidations = makeInvalidations?() else { return }
    await Self.follow(invalidations, execution: execution) { self }
  }

  /// Starts observing the data's changes in a task that holds the loader only weakly: every
  /// change refreshes the loader by itself (an automatic refresh, never through `loading`).
  ///
  /// Each observation follows a sequence of its own (the loader's `makeInvalidations`), so
  /// observations can be started and ended any number of times, several at once. One ends
  /// when the returned value is cancelled or released, when the loader is released (which
  /// cancels it), or when the sequence of changes ends (a store's, when its database is
  /// released).
  ///
  /// Keep the returned value as long as the screen shows the list. For example:
  ///
  /// ```swift
  /// let loader = database.orders().loader(pageSize: 20)
  /// let observation = loader.startObservingChanges()
  /// // ... later, or simply by releasing `observation`:
  /// observation.cancel()
  /// ```
  public func startObservingChanges() -> ChangeObservation {
    guard let invalidations = makeInvalidations?() else { return ChangeObservation(nil) }
    let task = Task { [weak self] in
      await Self.follow(invalidations, execution: .inline) { self }
    }
    observations.withLock { tasks in
      tasks.removeAll { $0.isCancelled }
      tasks.append(task)
    }
    return ChangeObservation(task)
  }

  /// Refreshes the loader on every element of `invalidations`, until the task is cancelled, the
  /// sequence ends or `loader` gives nil (the loader is gone).
  ///
  /// An element taken is always acted on, even when the task was cancelled meanwhile: a source
  /// may count a change as seen once it is taken (the store's loaders do, to catch up on what
  /// an observation started later missed), and dropping it would lose that change for good.
  private static func follow(
    _ invalidations: some AsyncSequence<Void, Never>, execution: RequestExecution,
    loader: () -> ListLoader?
  ) async {
    for await _ in invalidations {
      guard let loader = loader() else { return }
      loader.send(.invalidate, execution: execution)
      if Task.isCancelled { return }
    }
  }

  // MARK: Streams

  /// A new stream of every transition from now on, in order, none dropped.
  ///
  /// Each access makes a new subscriber with an unbounded buffer; the subscription ends when
  /// the stream's reader is cancelled or drops it, or when the loader is released.
  package var transitions: ListStream<ListTransition<Item>> { subscribe().transitions }

  /// A new stream of every per-page event from now on, in order, none dropped.
  public var events: ListStream<PageEvent> {
    let id = core.withLock { $0.nextSubscriberID() }
    let buffer = StreamBuffer<PageEvent>(onTermination: { [weak self] in
      self?.core.withLock { _ = $0.eventSubscribers.removeValue(forKey: id) }
    })
    core.withLock { $0.eventSubscribers[id] = buffer }
    return ListStream(buffer)
  }

  /// The current state together with a stream of every transition after it, taken atomically,
  /// so that a screen neither misses nor repeats a change.
  public func subscribe() -> (
    current: ListState<Item>, transitions: ListStream<ListTransition<Item>>
  ) {
    let id = core.withLock { $0.nextSubscriberID() }
    let buffer = StreamBuffer<ListTransition<Item>>(onTermination: { [weak self] in
      self?.core.withLock { _ = $0.transitionSubscribers.removeValue(forKey: id) }
    })
    let current = core.withLock { core in
      core.transitionSubscribers[id] = buffer
      return core.machine.state
    }
    return (current, ListStream(buffer))
  }
}
