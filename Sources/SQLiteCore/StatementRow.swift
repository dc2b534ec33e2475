import CSQLite

/// The row a ``Statement`` stands on, as a plain handle: reading its columns costs SQLite's
/// accessor and nothing more — no reference counting per column or per row.
///
/// A row does not keep its statement alive and is valid only until the statement steps,
/// resets or is finalized; it is handed to a decoder for one row and not kept. Get one from
/// ``Statement/row``.
@frozen
public struct StatementRow {
  /// The statement handle, owned by the ``Statement`` the row came from.
  @usableFromInline let handle: OpaquePointer
  /// The statement's columns by name; nil for a row read by index only.
  @usableFromInline let names: ColumnNames?

  @inlinable
  init(_ handle: OpaquePointer, names: ColumnNames? = nil) {
    self.handle = handle
    self.names = names
  }

  /// The 0-based column named `name`, or -1 when there is none (or the row was not read by
  /// name, see ``Statement/namedRow``); see ``Statement/column(named:)``.
  @inlinable @inline(__always)
  public func column(named name: StaticString) -> Int32 {
    names?.column(named: name, in: handle) ?? -1
  }

  /// Whether the 0-based column `index` is `NULL`.
  @inlinable
  public func isNull(at index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

  /// The 0-based column `index` as an integer.
  @inlinable
  public func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Calls `body` with the UTF-8 bytes of the 0-based column `index`, in SQLite's own buffer
  /// (empty for `NULL`), without making a `String`. The bytes are valid only inside `body`.
  @inlinable
  public func withUTF8<R>(at index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    // One column lookup, then the value's text first and its length second (the documented
    // safe order). `sqlite3_column_text` and `sqlite3_column_bytes` would each look the column
    // up again: the value is the same, and it is used on the connection owner's thread only,
    // as every statement is (the connections are opened `SQLITE_OPEN_NOMUTEX`).
    let value = sqlite3_column_value(handle, index)
    let text = sqlite3_value_text(value)
    let count = Int(sqlite3_value_bytes(value))
    return try body(UnsafeBufferPointer(start: text, count: text == nil ? 0 : count))
  }

  /// The 0-based column `index` as text (`""` for `NULL`).
  ///
  /// The bytes are decoded as UTF-8 once, straight from SQLite's buffer; a string of up to 15
  /// bytes is stored inline without allocating. Invalid UTF-8 written by another program is
  /// repaired with U+FFFD rather than failing the whole page.
  @inlinable
  public func text(at index: Int32) -> String {
    withUTF8(at: index) { ColumnText.string($0) }
  }
}

/// A column's UTF-8 bytes as read on every row: made into a `String`, or compared with a
/// constant without making one (as enum columns are read).
public enum ColumnText {
  /// A `String` of the UTF-8 `bytes`, invalid UTF-8 repaired with U+FFFD.
  ///
  /// Up to 15 bytes (most names, codes and titles) are copied straight into the string's
  /// inline storage, which tells ASCII from the rest with one mask and repairs the rest as
  /// decoding does: in callgrind about 15 instructions against `String(decoding:as:)`'s 50 to
  /// 90, which validates first and copies after. Longer texts are decoded.
  @inlinable @inline(__always)
  public static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    if bytes.count <= 15 {
      return String(unsafeUninitializedCapacity: bytes.count) { $0.initialize(fromContentsOf: bytes) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `bytes` are exactly the UTF-8 of `name`.
  ///
  /// Texts of 4 to 16 bytes are compared as two overlapping machine words from each side — a
  /// few instructions for the names of an enum, which the optimizer loads from the constant —
  /// instead of byte by byte or through `memcmp`.
  @inlinable @inline(__always)
  public static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, equal name: StaticString) -> Bool {
    let count = bytes.count
    guard count == name.utf8CodeUnitCount else { return false }
    guard count > 0, let base = bytes.baseAddress else { return true }
    let left = UnsafeRawPointer(base)
    let right = UnsafeRawPointer(name.utf8Start)
    switch count {
    case 4...8:
      return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
        && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
          == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    case 9...16:
      return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
        && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
          == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    default:
      for index in 0..<count where base[index] != name.utf8Start[index] { return false }
      return true
    }
  }
}
