/// A kind's field names as bytes, for finding the field a `StaticString` names without making
/// a `String`: what ``KindBindings`` resolves a draft's field names with.
///
/// A draft nearly always gives its fields in the definition's order, so a lookup starts at the
/// field after the last one given: one length check and one comparison of a few bytes.
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
  func index(of name: StaticString, expected: Int) -> Int? {
    let count = self.count
    guard count > 0 else { return nil }
    return name.withUTF8Buffer { wanted -> Int? in
      bytes.withUnsafeBufferPointer { bytes -> Int? in
        starts.withUnsafeBufferPointer { starts -> Int? in
          var index = expected < count && expected >= 0 ? expected : 0
          for _ in 0..<count {
            let start = starts[index]
            if starts[index + 1] - start == wanted.count {
              var same = true
              for offset in 0..<wanted.count where bytes[start + offset] != wanted[offset] {
                same = false
                break
              }
              if same { return index }
            }
            index = index + 1 == count ? 0 : index + 1
          }
          return nil
        }
      }
    }
  }
}
