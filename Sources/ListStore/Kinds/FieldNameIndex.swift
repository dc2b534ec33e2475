import SQLiteCore
import Synchronization

/// A kind's field names as bytes, for finding the field a `StaticString` names without making
/// a `String`: what ``KindBindings`` resolves a draft's field names with.
///
/// A draft nearly always gives its fields in the definition's order, and names each with the
/// same literal every time, so a lookup first compares the literal's address with the one last
/// found naming the field after the last one given: one load and one comparison. Else the
/// bytes are compared there (one length check and a word or two,
/// `ColumnText.bytes(_:equal:)`), and only a field given out of order is searched for; the
/// address found is remembered for the next lookup.
struct FieldNameIndex: Sendable {
  /// The names, for the lookups the addresses do not answer.
  private let names: Names
  /// The address of the literal last found naming each field, 0 before any was: held apart
  /// from `names`, so that the lookup they answer touches no reference count (call
  /// `addresses.index(of:expected:)` first, then ``index(of:expected:)`` when it finds none).
  let addresses: LiteralAddresses
  /// How many names there are.
  var count: Int { addresses.count }

  init(_ names: [String]) {
    self.names = Names(names)
    addresses = self.names.addresses
  }

  /// The index of the field `name`, looked for first at `expected`, or nil when no field has
  /// that name; the literal's address is remembered for `addresses.index(of:expected:)`.
  func index(of name: StaticString, expected: Int) -> Int? {
    let found = expected >= 0 && expected < count && names.matches(name, at: expected) ? expected : names.search(name)
    if let found, name.hasPointerRepresentation {
      addresses.words[found].store(UInt(bitPattern: name.utf8Start), ordering: .relaxed)
    }
    return found
  }

  /// The names' bytes, and the words of ``FieldNameIndex/addresses``, which it owns.
  private final class Names: Sendable {
    /// The names' UTF-8 bytes, one after the other.
    let bytes: [UInt8]
    /// Where each name starts in ``bytes``, and one more entry: the end of the last.
    let starts: [Int]
    /// Allocated here and freed when the names go: the index lives as long as they do.
    let addresses: LiteralAddresses

    init(_ names: [String]) {
      var bytes: [UInt8] = []
      var starts = [0]
      for name in names {
        bytes.append(contentsOf: name.utf8)
        starts.append(bytes.count)
      }
      self.bytes = bytes
      self.starts = starts
      addresses = LiteralAddresses(count: names.count)
    }

    deinit { addresses.free() }

    /// Whether the field at `index` is named `name`.
    func matches(_ name: StaticString, at index: Int) -> Bool {
      let start = starts[index]
      let end = starts[index + 1]
      guard name.hasPointerRepresentation else {
        // A one-character literal may be held as its scalar, without an address.
        return name.withUTF8Buffer { bytes[start..<end].elementsEqual($0) }
      }
      return bytes.withUnsafeBufferPointer { all in
        ColumnText.bytes(UnsafeBufferPointer(rebasing: all[start..<end]), equal: name)
      }
    }

    /// The index of the field `name`, whatever its place.
    func search(_ name: StaticString) -> Int? {
      (0..<(starts.count - 1)).first { matches(name, at: $0) }
    }
  }
}

/// One word per field, read and written by any thread: an address is stored only once the
/// bytes at it were found to name the field, and literals never move or change, so whichever
/// store a load sees, the address it reads names that field. Atomic, so that no load sees half
/// a store. Freed by its owner (``FieldNameIndex``'s names).
struct LiteralAddresses: @unchecked Sendable {
  // Atomics at an address that never changes while the owner lives: @unchecked.
  let words: UnsafeMutablePointer<Atomic<UInt>>
  let count: Int

  init(count: Int) {
    self.count = count
    words = .allocate(capacity: max(count, 1))
    for index in 0..<count { (words + index).initialize(to: Atomic(0)) }
  }

  /// `expected` when the literal last found naming the field there is `name`, else nil.
  @inline(__always)
  func index(of name: StaticString, expected: Int) -> Int? {
    guard name.hasPointerRepresentation, expected >= 0, expected < count,
      words[expected].load(ordering: .relaxed) == UInt(bitPattern: name.utf8Start)
    else { return nil }
    return expected
  }

  func free() {
    words.deinitialize(count: count)
    words.deallocate()
  }
}
