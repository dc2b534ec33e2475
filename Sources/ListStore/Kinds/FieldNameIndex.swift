import SQLiteCore

/// A kind's field names as bytes, for finding the field a `StaticString` names without making
/// a `String`: what ``KindBindings`` resolves a draft's field names with.
///
/// A draft nearly always gives its fields in the definition's order, so a lookup starts at the
/// field after the last one given: one length check and a word or two compared
/// (`ColumnText.bytes(_:equal:)`); only a field given out of order is searched for.
struct FieldNameIndex: Sendable {
  /// The names' UTF-8 bytes, one after the other.
  private let bytes: [UInt8]
  /// Where each name starts in ``bytes``, and one more entry: the end of the last.
  private let starts: [Int]

  init(_ names: [String]) {
    var bytes: [UInt8] = []
    var starts = [0]
    for name in names {
      bytes.append(contentsOf: name.utf8)
      starts.append(bytes.count)
    }
    self.bytes = bytes
    self.starts = starts
  }

  /// How many names there are.
  var count: Int { starts.count - 1 }

  /// The index of the field `name`, looked for first at `expected`, or nil when no field has
  /// that name.
  @inline(__always)
  func index(of name: StaticString, expected: Int) -> Int? {
    if expected >= 0 && expected < count && matches(name, at: expected) { return expected }
    return search(name)
  }

  /// Whether the field at `index` is named `name`.
  @inline(__always)
  private func matches(_ name: StaticString, at index: Int) -> Bool {
    let start = starts[index]
    let end = starts[index + 1]
    return bytes.withUnsafeBufferPointer { all in
      ColumnText.bytes(UnsafeBufferPointer(rebasing: all[start..<end]), equal: name)
    }
  }

  /// The index of the field `name`, whatever its place.
  private func search(_ name: StaticString) -> Int? {
    (0..<count).first { matches(name, at: $0) }
  }
}
