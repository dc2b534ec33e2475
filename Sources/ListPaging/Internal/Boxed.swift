/// A value behind one reference, for a field that is rarely set: a state or a page that carries
/// it stays one word larger, not the value's size, and copying it costs one retain when set and
/// nothing when nil. The loader copies its state on every transition and its pages several
/// times each, on the path every forward page takes.
@usableFromInline
final class Boxed<Value: Sendable>: Sendable {
  @usableFromInline let value: Value

  @inlinable
  init(_ value: Value) {
    self.value = value
  }
}

extension Boxed: Equatable where Value: Equatable {
  @inlinable
  static func == (lhs: Boxed, rhs: Boxed) -> Bool { lhs.value == rhs.value }
}
