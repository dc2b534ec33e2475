/// A statement's own memory for the text bound to its parameters, so that SQLite reads bound
/// text in place (`SQLITE_STATIC`) instead of allocating a copy of each string for every
/// binding (`SQLITE_TRANSIENT`), which costs more than binding itself.
///
/// Each parameter has two buffers. Text is written into the one SQLite does not point at and
/// then bound from it; only once SQLite accepts the binding is that buffer taken as the one it
/// points at. So SQLite never points at a buffer while it is written, moved or freed: not when
/// a binding is refused (a running statement keeps its old binding, and a row may be reading
/// it), nor when a parameter is rebound. A binding stays valid until the parameter is bound
/// again or the statement is finalized, like a copy SQLite made itself: bindings survive
/// `sqlite3_reset`.
///
/// A parameter also remembers the length of the text SQLite points at in its buffer, so that
/// binding the same text again (an account bound to every statement of a loop, which survives
/// each reset) costs a comparison of its bytes and no call into SQLite. Any other binding of
/// the parameter forgets it (``forget(at:)``).
///
/// Not thread-safe: used by the statement's one owner at a time, as the statement is.
@usableFromInline
struct BoundTextBuffers {
  /// The longest text (in bytes, without its terminator) bound from these buffers; longer
  /// text is copied by SQLite, so that a statement never keeps more than a few KiB.
  @usableFromInline static let longest = 2047

  /// One parameter's two buffers.
  private struct Parameter {
    var first: UnsafeMutablePointer<CChar>?
    var firstCapacity = 0
    var second: UnsafeMutablePointer<CChar>?
    var secondCapacity = 0
    /// Whether SQLite may point at `second` (else `first`); text is written into the other.
    var boundIsSecond = false
    /// The length of the text SQLite points at in that buffer; -1 when the parameter is bound
    /// to anything else (or nothing).
    var boundCount = -1
  }

  /// One entry per parameter, `?1` first; nil for a statement without parameters.
  private let parameters: UnsafeMutablePointer<Parameter>?
  private let count: Int32

  /// Room for `count` parameters; no text buffer is allocated before text is bound.
  init(count: Int32) {
    self.count = max(count, 0)
    if self.count > 0 {
      let parameters = UnsafeMutablePointer<Parameter>.allocate(capacity: Int(self.count))
      parameters.initialize(repeating: Parameter(), count: Int(self.count))
      self.parameters = parameters
    } else {
      self.parameters = nil
    }
  }

  /// Frees every buffer. Only after the statement is finalized: SQLite may point at them until
  /// then.
  func deallocate() {
    guard let parameters else { return }
    for index in 0..<Int(count) {
      parameters[index].first?.deallocate()
      parameters[index].second?.deallocate()
    }
    parameters.deinitialize(count: Int(count))
    parameters.deallocate()
  }

  /// A buffer of at least `size` bytes for text to bind to the 1-based parameter `index`, one
  /// SQLite does not point at; nil for an index the statement does not have (SQLite then
  /// refuses the binding itself).
  @usableFromInline
  func spare(at index: Int32, size: Int) -> UnsafeMutablePointer<CChar>? {
    guard index >= 1, index <= count, let parameters else { return nil }
    let parameter = parameters + Int(index - 1)
    if parameter.pointee.boundIsSecond {
      return Self.buffer(&parameter.pointee.first, &parameter.pointee.firstCapacity, size: size)
    } else {
      return Self.buffer(&parameter.pointee.second, &parameter.pointee.secondCapacity, size: size)
    }
  }

  /// Takes the spare buffer of parameter `index` as the one SQLite points at: SQLite accepted
  /// the `length` bytes of text bound from it.
  @usableFromInline
  func didBindSpare(at index: Int32, length: Int) {
    guard index >= 1, index <= count, let parameters else { return }
    parameters[Int(index - 1)].boundIsSecond.toggle()
    parameters[Int(index - 1)].boundCount = length
  }

  /// Whether parameter `index` is bound to the `length` bytes at `text` already, from the
  /// buffer SQLite points at.
  @usableFromInline
  func isBound(_ text: UnsafePointer<CChar>, length: Int, at index: Int32) -> Bool {
    guard index >= 1, index <= count, let parameters else { return false }
    let parameter = parameters[Int(index - 1)]
    guard parameter.boundCount == length,
      let bound = parameter.boundIsSecond ? parameter.second : parameter.first
    else { return false }
    return length == 0 || CLibrary.bytes(bound, equal: text, count: length)
  }

  /// Parameter `index` is no longer bound to text from its buffers: bound to another value,
  /// to text SQLite copied, or refused.
  @usableFromInline
  func forget(at index: Int32) {
    guard index >= 1, index <= count, let parameters else { return }
    parameters[Int(index - 1)].boundCount = -1
  }

  /// No parameter is bound to text from its buffers any longer (`sqlite3_clear_bindings`).
  func forgetAll() {
    for index in 0..<count { forget(at: index + 1) }
  }

  /// `buffer`, grown to hold `size` bytes first when it is smaller (its old bytes are not kept).
  private static func buffer(
    _ buffer: inout UnsafeMutablePointer<CChar>?, _ capacity: inout Int, size: Int
  ) -> UnsafeMutablePointer<CChar> {
    if let existing = buffer, capacity >= size { return existing }
    buffer?.deallocate()
    // Whole steps of 64 bytes, so that text growing by a few bytes does not reallocate each time.
    let grown = (size + 63) & ~63
    let fresh = UnsafeMutablePointer<CChar>.allocate(capacity: grown)
    buffer = fresh
    capacity = grown
    return fresh
  }
}
