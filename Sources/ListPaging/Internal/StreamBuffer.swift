import Synchronization

/// The shared inside of a ``ListStream``: what its loader has published and its reader has not
/// read yet, the reader waiting for more, and whether the stream has ended.
///
/// The loader adds with ``yield(_:)`` (under its own lock, so that elements keep their order
/// across threads) and ends the stream with ``finish()``; the reader takes with
/// ``next(isolation:)``, and ``terminate()`` ends the stream from the reader's side (its task
/// was cancelled, or it dropped the stream). Lock order: the loader's lock, then this one; the
/// termination handler runs with no lock held.
@usableFromInline
final class StreamBuffer<Element: Sendable>: Sendable {
  @usableFromInline
  struct State {
    /// Published and not read yet, from ``head`` on.
    @usableFromInline var elements: [Element] = []
    @usableFromInline var head = 0
    /// The reader waiting for an element; only while ``elements`` has none to read.
    @usableFromInline var waiter: UnsafeContinuation<Element?, Never>?
    /// Whether nothing more is added: the loader finished it or the reader terminated it.
    @usableFromInline var finished = false
    /// Run once, when the stream ends from either side.
    @usableFromInline var onTermination: (@Sendable () -> Void)?

    @usableFromInline
    init(onTermination: (@Sendable () -> Void)?) {
      self.onTermination = onTermination
    }

    /// What a read finds.
    @usableFromInline
    enum Taken {
      case element(Element)
      case finished
      case empty
    }

    /// Takes the oldest unread element; the array is emptied (keeping its room) once the
    /// reader has caught up, and compacted when a slow reader leaves much of it read.
    @inlinable
    mutating func take() -> Taken {
      guard head < elements.count else { return finished ? .finished : .empty }
      let element = elements[head]
      head += 1
      if head == elements.count {
        elements.removeAll(keepingCapacity: true)
        head = 0
      } else if head >= 1024 && head * 2 >= elements.count {
        elements.removeFirst(head)
        head = 0
      }
      return .element(element)
    }
  }

  @usableFromInline let state: Mutex<State>

  @usableFromInline
  init(onTermination: (@Sendable () -> Void)? = nil) {
    state = Mutex(State(onTermination: onTermination))
  }

  /// Adds `element` for the reader, or hands it to the reader waiting; nothing once ended.
  @inlinable
  func yield(_ element: Element) {
    let waiter = state.withLock { state -> UnsafeContinuation<Element?, Never>? in
      guard !state.finished else { return nil }
      if let waiter = state.waiter {
        state.waiter = nil
        return waiter
      }
      state.elements.append(element)
      return nil
    }
    waiter?.resume(returning: element)
  }

  /// Ends the stream from the loader's side: the reader still reads what is buffered, then
  /// gets nil.
  @usableFromInline
  func finish() {
    let (waiter, onTermination) = state.withLock { state in
      state.finished = true
      defer {
        state.waiter = nil
        state.onTermination = nil
      }
      return (state.waiter, state.onTermination)
    }
    waiter?.resume(returning: nil)
    onTermination?()
  }

  /// Ends the stream from the reader's side: what is buffered is dropped, a waiting read gets
  /// nil, and the loader is told to stop publishing to it.
  @usableFromInline
  func terminate() {
    let (waiter, onTermination, dropped) = state.withLock { state in
      state.finished = true
      defer {
        state.waiter = nil
        state.onTermination = nil
        state.elements = []
        state.head = 0
      }
      return (state.waiter, state.onTermination, state.elements)
    }
    waiter?.resume(returning: nil)
    onTermination?()
    _ = consume dropped  // released here, with no lock held
  }

  /// Every element buffered and not read yet, in order; none are left buffered.
  func takeBuffered() -> [Element] {
    state.withLock { state in
      defer {
        state.elements.removeAll(keepingCapacity: true)
        state.head = 0
      }
      return Array(state.elements[state.head...])
    }
  }

  /// The next element: at once when one is buffered (one lock, no continuation), else once the
  /// loader publishes one; nil once the stream has ended and everything buffered was read, or
  /// once the reading task is cancelled (which ends the stream).
  @inlinable
  func next(isolation actor: isolated (any Actor)?) async -> Element? {
    if Task.isCancelled {
      terminate()
      return nil
    }
    switch state.withLock({ $0.take() }) {
    case .element(let element): return element
    case .finished: return nil
    case .empty: break
    }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: actor) { (continuation: UnsafeContinuation<Element?, Never>) in
        let taken = state.withLock { state -> State.Taken in
          let taken = state.take()
          if case .empty = taken {
            precondition(state.waiter == nil, "a ListStream is read by one task at a time")
            state.waiter = continuation
          }
          return taken
        }
        switch taken {
        case .element(let element): continuation.resume(returning: element)
        case .finished: continuation.resume(returning: nil)
        case .empty: break
        }
      }
    } onCancel: {
      terminate()
    }
  }
}
