/// Names one page request of a loader, so that its result can be matched to it.
///
/// The ``generation`` is the loader's generation when the request was made; a refresh starts a
/// new generation. A result is only applied when its request is the one in flight, so the result
/// of a cancelled or superseded request is dropped.
@usableFromInline
package struct RequestID: Sendable, Hashable, CustomStringConvertible {
  /// The loader's generation when the request was made.
  @usableFromInline package var generation: Int
  /// The request's number among all of its loader's requests, counted from 1.
  @usableFromInline package var serial: Int

  /// Creates a request identifier.
  @usableFromInline package init(generation: Int, serial: Int) {
    self.generation = generation
    self.serial = serial
  }

  /// For example `#7 (generation 2)`.
  @usableFromInline package var description: String { "#\(serial) (generation \(generation))" }
}
