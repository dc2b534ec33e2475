import SQLiteCore

/// A record type of a kind: how an app's own type is read from its kind's rows and how its
/// drafts are written, column by column, with no `Codable` and no dictionary on the way.
///
/// For example, an app's books:
///
/// ```swift
/// struct Book: KindRecord {
///   static let definition = try! KindDefinition(json: booksJSON)
///   var id: Int64
///   var title: String
///   var pages: Int64?
///
///   init(row: KindRow) {
///     id = row.id
///     title = row.text(1)
///     pages = row.optionalInteger(2)
///   }
///
///   struct Draft: Sendable { var title: String; var pages: Int64? }
///
///   var draft: Draft { Draft(title: title, pages: pages) }
///
///   static func bind(_ draft: Draft, to bindings: inout KindBindings) throws(ListStoreError) {
///     try bindings.text(draft.title)
///     try bindings.integer(draft.pages)
///   }
/// }
/// ```
///
/// Columns are numbered as ``KindRow`` says: `0` is the id, then the fields' columns in the
/// definition's order (a money field takes two), then `added_at` where the kind has it
/// implicitly. ``bind(_:to:)`` gives a value for every field in the definition's order.
public protocol KindRecord: Sendable, Identifiable where ID == Int64 {
  /// What adding an item takes: the item without its id.
  associatedtype Draft: Sendable

  /// The kind the records are items of.
  static var definition: KindDefinition { get }

  /// Reads the record from the row.
  init(row: KindRow)

  /// The record's values as a draft: what adding it again would take. A typed update
  /// (`KindRepository.update(id:_:)`) hands it to the change, and writes the fields whose
  /// values the change made differ from it; a field the draft does not hold is never touched.
  var draft: Draft { get }

  /// Gives the draft's values, one per field, in the definition's order.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` from ``KindBindings`` when a value
  ///   is outside its field's limits.
  static func bind(_ draft: Draft, to bindings: inout KindBindings) throws(ListStoreError)
}

/// The row a record is read from, its columns by index: `0` the id, then the fields' columns in
/// the definition's order (a money field's minor units, then its currency), then `added_at`
/// where implicit. Valid only inside ``KindRecord/init(row:)``: the row it reads moves on after.
public struct KindRow {
  /// The statement's row, read without retaining the statement: a row lives only inside
  /// ``KindRecord/init(row:)``, while the page being read holds the statement.
  @usableFromInline let columns: StatementRow

  @inlinable @inline(__always)
  init(_ statement: Statement) {
    columns = statement.row
  }

  /// The row id.
  @inlinable public var id: Int64 { columns.int64(at: 0) }
  /// The text of a text or enum column.
  @inlinable public func text(_ column: Int) -> String { columns.text(at: Int32(column)) }
  /// The text of an optional text or enum column.
  @inlinable public func optionalText(_ column: Int) -> String? {
    // One call: SQLite gives no text pointer for NULL (and one for an empty text).
    columns.withUTF8(at: Int32(column)) { $0.baseAddress == nil ? nil : String(decoding: $0, as: UTF8.self) }
  }
  /// Calls `body` with the UTF-8 bytes of a text or enum column in SQLite's own buffer (empty
  /// for NULL), without making a `String`: for reading an enum column into an app's own enum.
  /// The bytes are valid only inside `body`.
  @inlinable public func withUTF8<R>(_ column: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try columns.withUTF8(at: Int32(column), body)
  }
  /// Whether the text of a text or enum column is `name`, compared in SQLite's own buffer a
  /// machine word at a time: for reading an enum column into an app's own enum with no `String` per row.
  ///
  /// ```swift
  /// status = row.text(6, is: "done") ? .done : row.text(6, is: "reading") ? .reading : .want
  /// ```
  @inlinable public func text(_ column: Int, is name: StaticString) -> Bool {
    columns.withUTF8(at: Int32(column)) { ColumnText.bytes($0, equal: name) }
  }
  /// The value of an integer column.
  @inlinable public func integer(_ column: Int) -> Int64 { columns.int64(at: Int32(column)) }
  /// The value of an optional integer column.
  @inlinable public func optionalInteger(_ column: Int) -> Int64? {
    columns.isNull(at: Int32(column)) ? nil : columns.int64(at: Int32(column))
  }
  /// The value of a bool column.
  @inlinable public func bool(_ column: Int) -> Bool { columns.int64(at: Int32(column)) != 0 }
  /// The value of a timestamp column.
  @inlinable public func timestamp(_ column: Int) -> Timestamp {
    Timestamp(millisecondsSince1970: columns.int64(at: Int32(column)))
  }
  /// The value of an optional timestamp column.
  @inlinable public func optionalTimestamp(_ column: Int) -> Timestamp? {
    columns.isNull(at: Int32(column)) ? nil : timestamp(column)
  }
  /// The amount of a money field whose minor units are in `column` and currency in the next
  /// one. A currency code this build does not know is kept, with two decimals.
  @inlinable @inline(__always) public func money(_ column: Int) -> Money {
    let currency = columns.withUTF8(at: Int32(column + 1)) { Currency(storedUTF8: $0) }
    return Money(storedMinorUnits: columns.int64(at: Int32(column)), currency: currency)
  }
  /// The amount of an optional money field; see ``money(_:)``.
  @inlinable public func optionalMoney(_ column: Int) -> Money? {
    columns.isNull(at: Int32(column)) ? nil : money(column)
  }
}
