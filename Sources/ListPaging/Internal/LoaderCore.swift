/// Everything a ``ListLoader`` guards with its lock: the machine, the query, the task running its
/// request, and the subscribers to its streams.
@usableFromInline
struct LoaderCore<Item: Sendable, Cursor: Sendable, Query: Sendable>: Sendable {
  /// The request in flight and the chain running it.
  @usableFromInline
  struct ActiveChain: Sendable {
    @usableFromInline var request: RequestID
    @usableFromInline var chain: Int
    /// The task running the chain; nil until `Task.immediate` returned its handle.
    @usableFromInline var task: Task<ListState<Item>, Never>?

    @inlinable
    init(request: RequestID, chain: Int, task: Task<ListState<Item>, Never>?) {
      self.request = request
      self.chain = chain
      self.task = task
    }
  }

  /// What applying one event asks the loader to do once the lock is released.
  @usableFromInline
  struct Outcome: Sendable {
    /// The request to start, if any: the machine has at most one in flight.
    @usableFromInline var fetch: PendingFetch<Cursor, Query>?
    /// The task to cancel, if the event replaced its request.
    @usableFromInline var cancelled: Task<ListState<Item>, Never>?
    /// The state right after the event.
    @usableFromInline var state: ListState<Item>

    @inlinable
    init(state: ListState<Item>) {
      self.state = state
    }
  }

  @usableFromInline var machine: LoaderMachine<Item, Cursor>
  /// The query every page is asked with; changed together with the machine's generation.
  @usableFromInline var query: Query?
  @usableFromInline var active: ActiveChain?
  @usableFromInline var chainCount = 0
  /// Reused for every event, so that applying one allocates nothing.
  @usableFromInline var effects: [LoaderEffect<Item, Cursor>] = []
  @usableFromInline var transitionSubscribers: [Int: StreamBuffer<ListTransition<Item>>] = [:]
  @usableFromInline var eventSubscribers: [Int: StreamBuffer<PageEvent>] = [:]
  @usableFromInline var subscriberCount = 0

  @usableFromInline
  init(pageSize: Int, beginsMidList: Bool, around: Cursor?, maxItems: Int?) {
    machine = LoaderMachine(
      pageSize: pageSize, beginsMidList: beginsMidList, around: around, maxItems: maxItems)
  }

  /// Applies `event` and carries out its effects that need the lock: publishing (under the
  /// lock, so that transitions keep their order across threads) and finding what to cancel.
  ///
  /// - Parameter chain: The chain that produced `event`; a follow-up fetch stays in it, so the
  ///   task already running it makes that request too.
  @inlinable
  mutating func apply(_ event: consuming LoaderEvent<Item, Cursor>, chain: Int?) -> Outcome {
    var finished: ActiveChain?
    if let request = event.settledRequest, active?.request == request {
      finished = active
      active = nil
    }
    effects.removeAll(keepingCapacity: true)
    let listened = !transitionSubscribers.isEmpty || !eventSubscribers.isEmpty
    machine.publishesTransitions = listened
    machine.handle(consume event, into: &effects)
    var outcome = Outcome(state: machine.state)
    // Each effect is moved out of the reused array, first to last, never copied: there are at
    // most three, so shifting the rest down costs less than copying a transition's state.
    while !effects.isEmpty {
      switch effects.removeFirst() {
      case .publish(let transition):
        if listened { broadcast(transition) }
      case .cancel(let request):
        if let replaced = active, replaced.request == request {
          // A task whose handle is not known yet cancels itself when it gets attached.
          outcome.cancelled = replaced.task
          active = nil
        }
      case .fetch(let request, let target, _, let limit):
        precondition(outcome.fetch == nil, "the loader machine asked for two pages at once")
        let owner: Int
        if let chain {
          owner = chain
        } else {
          chainCount += 1
          owner = chainCount
        }
        let task = finished?.chain == owner ? finished?.task : nil
        active = ActiveChain(request: request, chain: owner, task: task)
        outcome.fetch = PendingFetch(
          request: request, target: target, limit: limit, chain: owner, query: query)
      }
    }
    return outcome
  }

  /// Records the task running `chain` so that a later `cancel` effect reaches it.
  ///
  /// - Returns: Whether the task must be cancelled now: its chain was replaced before its
  ///   handle was known. (If the chain simply finished, cancelling the finished task is
  ///   harmless.)
  @inlinable
  mutating func attach(_ task: Task<ListState<Item>, Never>, to chain: Int) -> Bool {
    guard active?.chain == chain else { return true }
    active?.task = task
    return false
  }

  @inlinable
  func broadcast(_ transition: ListTransition<Item>) {
    for subscriber in transitionSubscribers.values {
      subscriber.yield(transition)
    }
    guard !eventSubscribers.isEmpty else { return }
    for event in transition.events {
      for subscriber in eventSubscribers.values {
        subscriber.yield(event)
      }
    }
  }

  @usableFromInline
  mutating func nextSubscriberID() -> Int {
    subscriberCount += 1
    return subscriberCount
  }
}
