import CSQLite

/// A statement's result columns by name, each name looked up once per statement.
///
/// A name is given as a `StaticString`, a literal in the caller's code, so its bytes never
/// move: the first lookup of a literal compares it with the statement's column names
/// (`sqlite3_column_name`) and remembers the literal's address with the column it found, in a
/// small table hashed by that address; every later lookup of the same literal (every later row)
/// is one hash and one comparison of addresses (two when the literal's first slot was taken by
/// another), with nothing written. A
/// statement remembers at most ``capacity`` literals; more are looked up by their bytes each
/// time.
///
/// A value of pointers into memory its ``Statement`` owns (and frees), so that a row reader can
/// hold it without reference counting. Not `Sendable`, like the statement: it is used by the
/// connection's owner only, so it takes no lock.
@usableFromInline
struct ColumnNames {
  /// How many literals a statement remembers: half the table's slots.
  @usableFromInline static let capacity = 32
  /// The table's slots, a power of two.
  @usableFromInline static let slots = 64

  /// How many literals are remembered.
  @usableFromInline let count: UnsafeMutablePointer<Int>
  /// Each slot's literal address (nil: empty), open addressing with linear probing.
  @usableFromInline let keys: UnsafeMutablePointer<UnsafeRawPointer?>
  /// Each slot's column.
  @usableFromInline let columns: UnsafeMutablePointer<Int32>

  /// An empty table; ``deallocate()`` frees it.
  init() {
    count = .allocate(capacity: 1)
    count.initialize(to: 0)
    keys = .allocate(capacity: Self.slots)
    keys.initialize(repeating: nil, count: Self.slots)
    columns = .allocate(capacity: Self.slots)
  }

  func deallocate() {
    count.deallocate()
    keys.deallocate()
    columns.deallocate()
  }

  /// The slot a literal's address is looked for first.
  @inlinable @inline(__always)
  static func slot(of key: UnsafeRawPointer) -> Int {
    let bits = UInt(bitPattern: key)
    return Int(truncatingIfNeeded: (bits ^ (bits >> 6)) & UInt(slots - 1))
  }

  /// The 0-based result column of `handle` named `name`, or -1 when it has none.
  @inlinable @inline(__always)
  func column(named name: StaticString, in handle: OpaquePointer) -> Int32 {
    if name.hasPointerRepresentation {
      let key = UnsafeRawPointer(name.utf8Start)
      let slot = Self.slot(of: key)
      if keys[slot] == key { return columns[slot] }
      // A literal whose first slot was taken sits in the next one, nearly always: looked at here
      // too, not through a call per row.
      let next = (slot + 1) & (Self.slots - 1)
      if keys[next] == key { return columns[next] }
    }
    return search(name, in: handle)
  }

  /// Looks `name` up in the table past its first slot, then among the column names, and
  /// remembers it when there is room.
  @usableFromInline
  func search(_ name: StaticString, in handle: OpaquePointer) -> Int32 {
    var free: Int?
    if name.hasPointerRepresentation {
      let key = UnsafeRawPointer(name.utf8Start)
      var slot = Self.slot(of: key)
      while let found = keys[slot] {
        if found == key { return columns[slot] }
        slot = (slot + 1) & (Self.slots - 1)
      }
      free = slot
    }
    let found: Int32 = name.withUTF8Buffer { wanted in
      for column in 0..<sqlite3_column_count(handle) {
        guard let text = sqlite3_column_name(handle, column) else { continue }
        let length = CLibrary.length(ofCString: text)
        guard length == wanted.count else { continue }
        let same = UnsafeRawPointer(text).withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
          (0..<length).allSatisfy { bytes[$0] == wanted[$0] }
        }
        if same { return column }
      }
      return -1
    }
    if found >= 0, let free, count.pointee < Self.capacity {
      keys[free] = UnsafeRawPointer(name.utf8Start)
      columns[free] = found
      count.pointee += 1
    }
    return found
  }
}
