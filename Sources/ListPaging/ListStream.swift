/// What a ``ListLoader`` publishes from the moment the stream was made — its transitions
/// (``ListLoader/subscribe()``) or its per-page events (``ListLoader/events``) — every one, in
/// order, none dropped, buffered until read.
///
/// ```swift
/// for await transition in loader.transitions { render(transition.state) }
/// ```
///
/// The stream ends (its loop finishes) once the loader is released and everything buffered was
/// read. Cancelling the task that reads it, or dropping the stream and its iterators, ends it
/// too, and the loader stops publishing to it. One task reads a stream at a time.
///
/// Reading an element that is already buffered takes one lock and no continuation, and the
/// reading code is specialized for the element type in the module that reads it, so a screen
/// pays little for being told of every change; a reader waiting for the next element is
/// resumed on its own actor (`next(isolation:)`), with no hop in between.
public struct ListStream<Element: Sendable>: AsyncSequence, Sendable {
  /// A stream of a loader never fails: it ends.
  public typealias Failure = Never

  @usableFromInline let reader: Reader

  @usableFromInline
  init(_ buffer: StreamBuffer<Element>) {
    reader = Reader(buffer)
  }

  /// An iterator over the stream's elements.
  @inlinable
  public func makeAsyncIterator() -> Iterator { Iterator(reader: reader) }

  /// Reads a ``ListStream``'s elements, in order.
  public struct Iterator: AsyncIteratorProtocol {
    /// Reading never fails: it ends with nil.
    public typealias Failure = Never

    @usableFromInline let reader: Reader

    @inlinable
    init(reader: Reader) { self.reader = reader }

    /// The next element, or nil once the stream has ended.
    @inlinable
    public mutating func next() async -> Element? {
      await reader.buffer.next(isolation: nil)
    }

    /// The next element, waited for on `actor`, or nil once the stream has ended.
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      await reader.buffer.next(isolation: actor)
    }
  }

  /// Takes every element published and not read yet, without waiting: for a reader that
  /// knows its loader has settled, as a command line reading a source that answers at once
  /// does after each page.
  package func takeBuffered() -> [Element] {
    reader.buffer.takeBuffered()
  }

  /// Ends the stream when the last copy of it and of its iterators is gone.
  @usableFromInline
  final class Reader: Sendable {
    @usableFromInline let buffer: StreamBuffer<Element>

    @usableFromInline
    init(_ buffer: StreamBuffer<Element>) { self.buffer = buffer }

    deinit { buffer.terminate() }
  }
}
