import CSQLite

/// A statement's result columns by name, each name looked up once per statement.
///
/// A name is given as a `StaticString`, a literal in the caller's code, so its bytes never
/// move: the first lookup of a literal compares it with the statement's column names
/// (`sqlite3_column_name`) and remembers the literal's address with the column it found; every
/// later lookup of the same literal (every later row) compares addresses only, and a record
/// that reads its fields in the same order on every row finds each at the first comparison
/// (or the second, for a field read twice in a row). A
/// statement remembers at most ``capacity`` literals; more are looked up by their bytes each
/// time.
///
/// A value of three pointers into memory its ``Statement`` owns (and frees), so that a row
/// reader can hold it without reference counting. Not `Sendable`, like the statement: it is
/// used by the connection's owner only, so it takes no lock.
@usableFromInline
struct ColumnNames {
  /// How many literals a statement remembers.
  @usableFromInline static let capacity = 32

  /// How many literals are remembered (`[0]`), and the slot looked at first (`[1]`): the one
  /// after the last found.
  @usableFromInline let state: UnsafeMutablePointer<Int>
  /// The remembered literals' addresses, in the order first asked for.
  @usableFromInline let keys: UnsafeMutablePointer<UnsafeRawPointer?>
  /// The column of each remembered literal.
  @usableFromInline let columns: UnsafeMutablePointer<Int32>

  /// Empty lookups; ``deallocate()`` frees them.
  init() {
    state = .allocate(capacity: 2)
    state.initialize(repeating: 0, count: 2)
    keys = .allocate(capacity: Self.capacity)
    columns = .allocate(capacity: Self.capacity)
  }

  func deallocate() {
    state.deallocate()
    keys.deallocate()
    columns.deallocate()
  }

  /// The 0-based result column of `handle` named `name`, or -1 when it has none.
  @inlinable @inline(__always)
  func column(named name: StaticString, in handle: OpaquePointer) -> Int32 {
    if name.hasPointerRepresentation {
      let key = UnsafeRawPointer(name.utf8Start)
      let guess = state[1]
      let count = state[0]
      if guess < count && keys[guess] == key {
        // After the last field, the next row starts again with the first.
        state[1] = guess + 1 == count ? 0 : guess + 1
        return columns[guess]
      }
      // The same field again (an enum compared with a second name).
      if guess > 0 && keys[guess - 1] == key { return columns[guess - 1] }
    }
    return search(name, in: handle)
  }

  /// Looks `name` up among the remembered literals, then among the column names, and
  /// remembers it when there is room.
  @usableFromInline
  func search(_ name: StaticString, in handle: OpaquePointer) -> Int32 {
    if name.hasPointerRepresentation {
      let key = UnsafeRawPointer(name.utf8Start)
      let count = state[0]
      for index in 0..<count where keys[index] == key {
        state[1] = index + 1 == count ? 0 : index + 1
        return columns[index]
      }
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
    let count = state[0]
    if found >= 0, name.hasPointerRepresentation, count < Self.capacity {
      keys[count] = UnsafeRawPointer(name.utf8Start)
      columns[count] = found
      state[0] = count + 1
      state[1] = count + 1
    }
    return found
  }
}
