import SQLiteCore

/// A record type of a kind: how an app's own type is read from its kind's rows, field by field
/// by name, and how its drafts are written, with no `Codable` and no dictionary on the way.
///
/// For example, an app's books:
///
/// ```swift
/// struct Book: KindRecord {
///   static let definition = KindDefinition(
///     name: "books", item: "book",
///     fields: [FieldDefinition("title", .text(maxLength: 300), required: true), FieldDefinition("pages", .integer(min: 1))])
///   let id: Int64
///   let title: String
///   let pages: Int64?
///
///   init(row: KindRow) {
///     id = row.id
///     title = row.text("title")
///     pages = row.optionalInteger("pages")
///   }
///
///   struct Draft: Sendable { var title: String; var pages: Int64? }
///
///   var draft: Draft { Draft(title: title, pages: pages) }
///
///   static func bind(_ draft: Draft, to bindings: inout KindBindings) throws(ListStoreError) {
///     try bindings.text("title", draft.title)
///     try bindings.integer("pages", draft.pages)
///   }
/// }
/// ```
///
/// ``KindRow`` reads a field by its name, whatever its place; ``bind(_:to:)`` gives the values
/// by name too, and a field it leaves out gets its default.
///
/// Declare the stored properties with `let`: a record is its row as read, changed through
/// `KindRepository.update(id:_:)` and its draft; and the compiler builds a struct of `let`s in
/// place, where it makes and drops one copy of a struct of `var`s per row it reads.
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

  /// Gives the draft's values, each by its field's name (``KindBindings``); a field left out
  /// gets its default, and a required one left out is refused.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` from ``KindBindings`` when a value
  ///   is outside its field's limits.
  static func bind(_ draft: Draft, to bindings: inout KindBindings) throws(ListStoreError)
}

/// The row a record is read from, its values by field name: `row.text("title")`,
/// `row.optionalMoney("price")`. Valid only inside ``KindRecord/init(row:)``: the row it reads
/// moves on after.
///
/// A name is resolved to its column once per statement and then found by the literal's address,
/// so reading by name costs what reading by position does. Asking for a field the kind does not
/// have is a programming error: it stops the program with the name.
public struct KindRow {
  /// The statement's current row, read without retaining the statement: a row lives only
  /// inside ``KindRecord/init(row:)``, while the page being read holds the statement.
  @usableFromInline let row: StatementRow

  @inlinable @inline(__always)
  init(_ statement: Statement) {
    row = statement.namedRow
  }

  /// The column of the field `name`.
  @inlinable @inline(__always)
  func column(_ name: StaticString) -> Int32 {
    let column = row.column(named: name)
    if column < 0 { Self.missing(name) }
    return column
  }

  @usableFromInline
  static func missing(_ name: StaticString) -> Never {
    preconditionFailure("The kind has no field named '\(name)'.")
  }

  /// The row id.
  @inlinable @inline(__always) public var id: Int64 { row.int64(at: 0) }
  /// The text of a text or enum field.
  @inlinable @inline(__always) public func text(_ field: StaticString) -> String { row.text(at: column(field)) }
  /// The text of an optional text or enum field.
  @inlinable @inline(__always) public func optionalText(_ field: StaticString) -> String? {
    // One call: SQLite gives no text pointer for NULL (and one for an empty text).
    row.withUTF8(at: column(field)) { $0.baseAddress == nil ? nil : ColumnText.string($0) }
  }
  /// The position among `names` of a text or enum field's value (nil: none of them, or NULL),
  /// compared in SQLite's own buffer a machine word at a time: for reading an enum field into an
  /// app's own enum with one read of the column and no `String` per row.
  ///
  /// ```swift
  /// enum Status: Int { case want, reading, done }
  /// status = Status(rawValue: row.text("status", among: "want", "reading", "done") ?? 0) ?? .want
  /// ```
  @inlinable @inline(__always) public func text(_ field: StaticString, among names: StaticString...) -> Int? {
    row.withUTF8(at: column(field)) { bytes -> Int? in
      for (position, name) in names.enumerated() where ColumnText.bytes(bytes, equal: name) { return position }
      return nil
    }
  }
  /// Calls `body` with the UTF-8 bytes of a text or enum field in SQLite's own buffer (empty
  /// for NULL), without making a `String`; the bytes are valid only inside `body`.
  @inlinable @inline(__always) func withUTF8<R>(_ field: StaticString, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows
    -> R
  {
    try row.withUTF8(at: column(field), body)
  }
  /// The value of an integer field.
  @inlinable @inline(__always) public func integer(_ field: StaticString) -> Int64 { row.int64(at: column(field)) }
  /// The value of an optional integer field.
  @inlinable @inline(__always) public func optionalInteger(_ field: StaticString) -> Int64? {
    let column = column(field)
    return row.isNull(at: column) ? nil : row.int64(at: column)
  }
  /// The value of a bool field.
  @inlinable @inline(__always) public func bool(_ field: StaticString) -> Bool { row.int64(at: column(field)) != 0 }
  /// The value of a timestamp field; `"added_at"` reads the time an item was added where the
  /// kind has no timestamp field of its own for it.
  @inlinable @inline(__always) public func timestamp(_ field: StaticString) -> Timestamp {
    Timestamp(millisecondsSince1970: row.int64(at: column(field)))
  }
  /// The value of an optional timestamp field.
  @inlinable @inline(__always) public func optionalTimestamp(_ field: StaticString) -> Timestamp? {
    let column = column(field)
    return row.isNull(at: column)
      ? nil : Timestamp(millisecondsSince1970: row.int64(at: column))
  }
  /// The amount of a money field. A currency code this build does not know is kept, with two
  /// decimals.
  @inlinable @inline(__always) public func money(_ field: StaticString) -> Money {
    money(at: column(field))
  }
  /// The amount of an optional money field; see ``money(_:)``.
  @inlinable @inline(__always) public func optionalMoney(_ field: StaticString) -> Money? {
    let column = column(field)
    return row.isNull(at: column) ? nil : money(at: column)
  }

  /// The amount whose minor units are in `column` and currency in the next one.
  @inlinable @inline(__always) func money(at column: Int32) -> Money {
    let currency = row.withUTF8(at: column + 1) { Currency(storedUTF8: $0) }
    return Money(storedMinorUnits: row.int64(at: column), currency: currency)
  }
}
