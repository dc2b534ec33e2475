import Synchronization

/// How a loader carries out what its rules ask: the page requests, at once or as tasks.
extension ListLoader {
  // Inlinable, so that an app's module specializes the per-page path for its own source and
  // item types instead of running generic code on every page.

  @inlinable
  func perform(_ event: LoaderEvent<Item, Cursor>) async -> ListState<Item> {
    let outcome = continueAtOnce(apply(event, chain: nil))
    guard let fetch = outcome.fetch else { return outcome.state }
    return await start(fetch, execution: .inline).value
  }

  /// Starts the request `outcome` asks for without waiting for it: inline, a source that
  /// answers at once is read here (``continueAtOnce(_:)``), else the request runs as a task
  /// where `execution` says.
  @inlinable
  func carryOut(_ outcome: consuming LoaderCore<Item, Cursor, Query>.Outcome, execution: RequestExecution) {
    guard case .inline = execution else {
      if let fetch = outcome.fetch { _ = start(fetch, execution: execution) }
      return
    }
    if let fetch = continueAtOnce(outcome).fetch { _ = start(fetch, execution: .inline) }
  }

  /// Carries out the requests that follow from `outcome` on this thread for as long as the
  /// source answers at once (``SynchronousPageSource``): no task is made.
  ///
  /// - Returns: The outcome of the last event applied; its fetch, if any, is one the source
  ///   could not answer at once, to be run as a task.
  @inlinable
  func continueAtOnce(
    _ outcome: consuming LoaderCore<Item, Cursor, Query>.Outcome
  ) -> LoaderCore<Item, Cursor, Query>.Outcome {
    var outcome = outcome
    // Taken, not copied: the outcome is replaced by the next event's, or given the fetch back.
    while let fetch = outcome.fetch.take() {
      let result: LoaderEvent<Item, Cursor>
      do {
        guard let page = try source._synchronousPage(fetch.target, limit: fetch.limit, query: fetch.query) else {
          outcome.fetch = fetch
          return outcome
        }
        result = .pageLoaded(fetch.request, page)
      } catch is CancellationError {
        result = .cancelled(fetch.request)
      } catch {
        result = .pageFailed(fetch.request, classify(error))
      }
      outcome = apply(result, chain: fetch.chain)
    }
    return outcome
  }

  /// Applies `event` under the lock, then cancels what it replaced, outside the lock, because
  /// cancelling runs the source's cancellation handlers.
  @inlinable
  func apply(
    _ event: consuming LoaderEvent<Item, Cursor>, chain: Int?
  ) -> LoaderCore<Item, Cursor, Query>.Outcome {
    // Moved into the lock, not copied: a loaded page's event holds the page.
    var event = Optional(event)
    let outcome = core.withLock { $0.apply(event.take().unsafelyUnwrapped, chain: chain) }
    outcome.cancelled?.cancel()
    return outcome
  }

  /// Starts the task running `fetch` and the requests that follow from it, where `execution`
  /// says.
  @inlinable
  func start(_ fetch: PendingFetch<Cursor, Query>, execution: RequestExecution)
    -> Task<ListState<Item>, Never>
  {
    let task: Task<ListState<Item>, Never>
    switch execution {
    case .inline: task = Self.immediateTask { await self.drive(fetch) }
    case .concurrent: task = Task { await self.drive(fetch) }
    }
    if core.withLock({ $0.attach(task, to: fetch.chain) }) { task.cancel() }
    return task
  }

  /// Runs `first` and the requests that follow from it (the next page of a refresh, the repeat
  /// of a first load) in the current task.
  ///
  /// - Returns: The state right after the last of them settled.
  @inlinable
  func drive(_ first: PendingFetch<Cursor, Query>) async -> ListState<Item> {
    var fetch = first
    while true {
      let event: LoaderEvent<Item, Cursor>
      do {
        let page = try await source.page(fetch.target, limit: fetch.limit, query: fetch.query)
        event = .pageLoaded(fetch.request, page)
      } catch is CancellationError {
        event = .cancelled(fetch.request)
      } catch {
        event = .pageFailed(fetch.request, classify(error))
      }
      let outcome = apply(event, chain: fetch.chain)
      guard let next = outcome.fetch else { return outcome.state }
      fetch = next
    }
  }

  /// Starts `operation` on the caller's thread, so a source that does not suspend costs no
  /// thread hop; where `Task.immediate` does not exist (Apple systems before 26, compilers
  /// before Swift 6.2), as a plain task.
  @inlinable
  static func immediateTask(
    _ operation: sending @escaping () async -> ListState<Item>
  ) -> Task<ListState<Item>, Never> {
    #if compiler(>=6.2)
      if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        return Task.immediate(operation: operation)
      }
    #endif
    return Task(operation: operation)
  }
}
