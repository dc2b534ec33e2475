extension LoaderMachine {
  /// Handles `event` with a source that answers at once, carrying out every effect until the
  /// machine asks for nothing more: each fetch is made with `fetch` and its result fed back,
  /// each transition handed to `publish`, in order.
  ///
  /// This is ``ListLoader`` without tasks, locks or streams, for a driver that owns the machine
  /// on one thread and reads a synchronous source — a command-line tool showing a page, say.
  /// The states and events are the machine's, exactly as a ``ListLoader`` would publish them.
  ///
  /// For example:
  ///
  /// ```swift
  /// var machine = LoaderMachine<Order, ListCursor>(pageSize: 20)
  /// machine.drive(.loadNextPage, fetch: { try orders.page(after: $0, limit: $1) }) { transition in
  ///   print(transition.events)
  /// }
  /// ```
  /// - Parameters:
  ///   - event: What happened: an action of the person, or a change of the data.
  ///   - classify: Turns what `fetch` throws into the ``LoadError`` the state shows.
  ///   - fetch: Reads the page of `limit` items after the cursor; what it throws becomes a
  ///     failed request through `classify`.
  ///   - publish: Receives every transition, in order.
  public mutating func drive(
    _ event: LoaderEvent<Item, Cursor>,
    fetch: (Cursor?, Int) throws -> SourcePage<Item, Cursor>,
    classify: (any Error) -> LoadError = { LoadError(classifying: $0) },
    publish: (ListTransition<Item>) -> Void
  ) {
    var pending = [event]
    var effects: [LoaderEffect<Item, Cursor>] = []
    while !pending.isEmpty {
      effects.removeAll(keepingCapacity: true)
      handle(pending.removeFirst(), into: &effects)
      for effect in effects {
        switch effect {
        case .fetch(let request, let cursor, _, let limit):
          do {
            pending.append(.pageLoaded(request, try fetch(cursor, limit)))
          } catch {
            pending.append(.pageFailed(request, classify(error)))
          }
        case .cancel:
          // A synchronous fetch is over before anything could cancel it.
          break
        case .publish(let transition):
          publish(transition)
        }
      }
    }
  }
}
