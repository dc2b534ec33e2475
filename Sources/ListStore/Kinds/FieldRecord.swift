import SQLiteCore

/// A record whose fields are declared once, each beside the property it is read into and bound
/// from: no `init(row:)`, no draft type, no `bind`. The draft is the record itself, its `id`
/// ignored when it is added.
///
/// The README's books:
///
/// ```swift
/// struct Book: FieldRecord {
///   var id: Int64 = 0
///   var title = ""
///   var author: String?
///   var pages: Int64?
///   var price: Money?
///   var status = "want"
///
///   static let fields = RecordFields<Book>(
///     name: "books", item: "book",
///     .text("title", \.title, maxLength: 300, required: true),
///     .text("author", \.author),
///     .integer("pages", \.pages, min: 1),
///     .money("price", \.price),
///     .enumeration("status", \.status, ["want", "reading", "done"], default: "want"),
///     unique: UniqueRule(["title", "author"]), show: ["title", "author", "status"], search: ["title", "author"])
/// }
///
/// let books = try database.records(of: Book.self)
/// let dune = try books.add(Book(title: "Dune", pages: 412))
/// ```
///
/// Each property is written and read where it is stored (its offset in the record, found once
/// from its key path), so a page of these records costs what a hand-written ``KindRecord``'s
/// does. The properties must be `var`s stored in the record itself, each with a default (the
/// record's `init()`).
public protocol FieldRecord: KindRecord where Draft == Self {
  /// The record's kind: its name and rules, and its fields, each tied to its property.
  static var fields: RecordFields<Self> { get }
  /// A record with every property at its default: what reading a row fills in.
  init()
  /// The item's id; 0 in a record not yet added.
  var id: Int64 { get set }
}

extension FieldRecord {
  /// The kind ``fields`` declares.
  public static var definition: KindDefinition { fields.definition }

  /// Reads every declared field into its property.
  @inlinable
  public init(row: KindRow) {
    self.init()
    id = row.id
    let fields = Self.fields
    let values = row.row
    withUnsafeMutableBytes(of: &self) { fields.layout.read(into: $0.baseAddress.unsafelyUnwrapped, from: values) }
  }

  /// The record itself: what adding it again would take.
  public var draft: Self { self }

  /// Gives every declared field its property's value.
  public static func bind(_ draft: Self, to bindings: inout KindBindings) throws(ListStoreError) {
    try fields.bind(draft, to: &bindings)
  }
}

/// The kind of a ``FieldRecord``: a ``KindDefinition`` whose fields are declared with the
/// record's properties (``RecordField``), in the order the kind keeps them.
public final class RecordFields<Record: FieldRecord>: Sendable {
  /// The kind the fields make.
  public let definition: KindDefinition
  /// Where each field is kept in the record and read from in the row.
  @usableFromInline let layout: RecordLayout

  /// The kind named `name`, whose one item is an `item`, with `fields` and the rules of
  /// ``KindDefinition/init(name:item:fields:order:unique:show:search:placeholders:display:)``.
  public init(
    name: String, item: String, _ fields: RecordField<Record>..., order: [OrderTerm] = [],
    unique: UniqueRule? = nil, show: [String] = [], search: [String] = [],
    placeholders: [PlaceholderPhase: PlaceholderText] = [:], display: DisplayTexts = [:]
  ) {
    let definition = KindDefinition(
      name: name, item: item, fields: fields.compactMap(\.definition), order: order, unique: unique, show: show,
      search: search, placeholders: placeholders, display: display)
    // The columns follow the kind's select list: the id, each field's columns in order, then
    // the implicit `added_at`.
    var accesses: [RecordLayout.Access] = []
    var column: Int32 = 1
    var index = 0
    for field in fields {
      guard let declared = field.definition else { continue }
      accesses.append(RecordLayout.Access(offset: field.offset, column: column, field: index, slot: field.slot))
      column += Int32(declared.columns.count)
      index += 1
    }
    for field in fields where field.definition == nil {
      precondition(definition.hasImplicitAddedAt, "\(name) keeps the time an item is added in a field of its own")
      accesses.append(RecordLayout.Access(offset: field.offset, column: column, field: -1, slot: field.slot))
    }
    self.definition = definition
    self.layout = RecordLayout(accesses)
  }

  /// Gives every field the value of its property in `record`, in the definition's order.
  func bind(_ record: Record, to bindings: inout KindBindings) throws(ListStoreError) {
    var failure: ListStoreError?
    withUnsafeBytes(of: record) { bytes in
      failure = layout.bind(bytes.baseAddress.unsafelyUnwrapped, to: &bindings)
    }
    if let failure { throw failure }
  }
}

/// Where each field of a ``FieldRecord`` is kept in the record and read from in the row: not
/// generic over the record, so reading a row looks up no type metadata.
@usableFromInline
final class RecordLayout: Sendable {
  /// Where one field is kept in the record and read from in the row.
  @usableFromInline struct Access: Sendable {
    /// The property's offset in the record.
    @usableFromInline let offset: Int
    /// The column the field is read from (its first, for money).
    @usableFromInline let column: Int32
    /// The field's place among the definition's fields; -1 for the implicit `added_at`.
    let field: Int
    /// What the property holds.
    @usableFromInline let slot: RecordSlot
  }

  /// Each field, in the definition's order, the implicit `added_at` last.
  @usableFromInline let accesses: [Access]

  init(_ accesses: [Access]) {
    self.accesses = accesses
  }

  /// Reads every field of the row into the record at `record`. Compiled here once rather than
  /// inlined into each record's code, where the switch over every type costs more than the
  /// call (`Documentation/Benchmarks.md`).
  @usableFromInline
  func read(into record: UnsafeMutableRawPointer, from row: StatementRow) {
    accesses.withUnsafeBufferPointer { accesses in
      for index in accesses.indices {
        accesses[index].slot.read(into: record + accesses[index].offset, from: row, at: accesses[index].column)
      }
    }
  }

  /// Gives every field the value of its property in the record at `record`; the first error.
  func bind(_ record: UnsafeRawPointer, to bindings: inout KindBindings) -> ListStoreError? {
    accesses.withUnsafeBufferPointer { accesses in
      for index in accesses.indices {
        do throws(ListStoreError) {
          try accesses[index].slot.bind(record + accesses[index].offset, to: &bindings, field: accesses[index].field)
        } catch {
          return error
        }
      }
      return nil
    }
  }
}

/// One field of a ``FieldRecord``: its ``FieldDefinition`` and the stored property it is read
/// into and bound from. Made by the type's function, `.text("title", \.title, required: true)`.
public struct RecordField<Record>: Sendable {
  /// The field; nil for the implicit `added_at` (``addedAt(_:)``).
  let definition: FieldDefinition?
  /// The property's offset in the record.
  let offset: Int
  /// What the property holds.
  let slot: RecordSlot

  /// The field `definition` kept in the property `path`, of the kind `slot` says.
  @usableFromInline
  init<Value>(_ definition: FieldDefinition?, _ path: WritableKeyPath<Record, Value>, _ slot: RecordSlot) {
    guard let offset = MemoryLayout<Record>.offset(of: path) else {
      preconditionFailure("The field \(definition?.name ?? "added_at") must be kept in a stored var of \(Record.self)")
    }
    self.definition = definition
    self.offset = offset
    self.slot = slot
  }

  /// A required text field, or one with a default (see ``FieldType/text(maxLength:pattern:)``).
  public static func text(
    _ name: String, _ path: WritableKeyPath<Record, String>, maxLength: Int? = nil, pattern: String? = nil,
    required: Bool = false, default defaultValue: String? = nil, caseInsensitive: Bool = false,
    uppercase: Bool = false, format: String? = nil
  ) -> Self {
    Self(
      FieldDefinition(
        name, .text(maxLength: maxLength, pattern: pattern), required: required,
        default: defaultValue.map(FieldDefault.text), caseInsensitive: caseInsensitive, uppercase: uppercase,
        format: format),
      path, .text)
  }

  /// An optional text field: nil is its default, or null.
  public static func text(
    _ name: String, _ path: WritableKeyPath<Record, String?>, maxLength: Int? = nil, pattern: String? = nil,
    default defaultValue: String? = nil, caseInsensitive: Bool = false, uppercase: Bool = false,
    format: String? = nil
  ) -> Self {
    Self(
      FieldDefinition(
        name, .text(maxLength: maxLength, pattern: pattern), default: defaultValue.map(FieldDefault.text),
        caseInsensitive: caseInsensitive, uppercase: uppercase, format: format),
      path, .optionalText)
  }

  /// An enum field kept as its text.
  public static func enumeration(
    _ name: String, _ path: WritableKeyPath<Record, String>, _ values: [String], required: Bool = false,
    default defaultValue: String? = nil
  ) -> Self {
    Self(
      FieldDefinition(name, .enumeration(values), required: required, default: defaultValue.map(FieldDefault.text)),
      path, .text)
  }

  /// An optional enum field kept as its text.
  public static func enumeration(
    _ name: String, _ path: WritableKeyPath<Record, String?>, _ values: [String],
    default defaultValue: String? = nil
  ) -> Self {
    Self(
      FieldDefinition(name, .enumeration(values), default: defaultValue.map(FieldDefault.text)), path,
      .optionalText)
  }

  /// An enum field kept as an app's enum, whose cases' raw values are the field's values. A
  /// stored text that is none of them (written past the table's check) reads as `fallback`,
  /// or the default.
  @inlinable
  public static func enumeration<Value: CaseIterable & RawRepresentable & Sendable>(
    _ name: String, _ path: WritableKeyPath<Record, Value>, required: Bool = false, default defaultValue: Value,
    fallback: Value? = nil
  ) -> Self where Value.RawValue == String {
    // Inlined into the app, so that the functions below are compiled for its enum.
    let cases = Array(Value.allCases)
    let names = RecordSlot.Names(cases.map(\.rawValue))
    let fallback = fallback ?? defaultValue
    return Self(
      FieldDefinition(
        name, .enumeration(cases.map(\.rawValue)), required: required, default: .text(defaultValue.rawValue)),
      path,
      .custom(
        read: { property, row, column in
          // Compared in SQLite's buffer: no String per row.
          let index = row.withUTF8(at: column) { names.index(of: $0) }
          property.assumingMemoryBound(to: Value.self).pointee = index.map { cases[$0] } ?? fallback
        },
        bind: { property, bindings, field throws(ListStoreError) in
          try bindings.text(property.assumingMemoryBound(to: Value.self).pointee.rawValue, field: field)
        }))
  }

  /// An integer field (see ``FieldType/integer(min:max:)``).
  public static func integer(
    _ name: String, _ path: WritableKeyPath<Record, Int64>, min: Int64? = nil, max: Int64? = nil,
    required: Bool = false, default defaultValue: Int64? = nil
  ) -> Self {
    Self(
      FieldDefinition(
        name, .integer(min: min, max: max), required: required, default: defaultValue.map(FieldDefault.integer)),
      path, .integer)
  }

  /// An optional integer field.
  public static func integer(
    _ name: String, _ path: WritableKeyPath<Record, Int64?>, min: Int64? = nil, max: Int64? = nil,
    default defaultValue: Int64? = nil
  ) -> Self {
    Self(
      FieldDefinition(name, .integer(min: min, max: max), default: defaultValue.map(FieldDefault.integer)), path,
      .optionalInteger)
  }

  /// A bool field; `onePerAccount`: setting it on one item clears it on the others.
  public static func bool(
    _ name: String, _ path: WritableKeyPath<Record, Bool>, default defaultValue: Bool? = false,
    onePerAccount: Bool = false
  ) -> Self {
    Self(
      FieldDefinition(name, .bool, default: defaultValue.map(FieldDefault.bool), onePerAccount: onePerAccount),
      path, .bool)
  }

  /// An optional bool field.
  public static func bool(_ name: String, _ path: WritableKeyPath<Record, Bool?>) -> Self {
    Self(FieldDefinition(name, .bool), path, .optionalBool)
  }

  /// A timestamp field; `defaultsToNow`: an item added without one gets the time of the add,
  /// and the field is the kind's time of adding.
  public static func timestamp(
    _ name: String, _ path: WritableKeyPath<Record, Timestamp>, required: Bool = false, defaultsToNow: Bool = false
  ) -> Self {
    Self(FieldDefinition(name, .timestamp, required: required, default: defaultsToNow ? .now : nil), path, .timestamp)
  }

  /// An optional timestamp field.
  public static func timestamp(
    _ name: String, _ path: WritableKeyPath<Record, Timestamp?>, defaultsToNow: Bool = false
  ) -> Self {
    Self(FieldDefinition(name, .timestamp, default: defaultsToNow ? .now : nil), path, .optionalTimestamp)
  }

  /// A money field (see ``FieldType/money(currencyColumn:)``).
  public static func money(
    _ name: String, _ path: WritableKeyPath<Record, Money>, required: Bool = false, currencyColumn: String? = nil
  ) -> Self {
    Self(FieldDefinition(name, .money(currencyColumn: currencyColumn), required: required), path, .money)
  }

  /// An optional money field.
  public static func money(
    _ name: String, _ path: WritableKeyPath<Record, Money?>, currencyColumn: String? = nil
  ) -> Self {
    Self(FieldDefinition(name, .money(currencyColumn: currencyColumn)), path, .optionalMoney)
  }

  /// The implicit `added_at`: the time an item was added, for a kind with no timestamp field
  /// that defaults to now. A record added with the property at 0 gets the time of the add.
  public static func addedAt(_ path: WritableKeyPath<Record, Timestamp>) -> Self {
    Self(nil, path, .addedAt)
  }
}

/// What a property of a ``FieldRecord`` holds, and so how it is read from its column and bound:
/// a switch per field, not a call through a closure, for every type but an app's own enum. Not
/// generic over the record, so reading a row looks up no type metadata.
@usableFromInline enum RecordSlot: Sendable {
  case text, optionalText, integer, optionalInteger, bool, optionalBool
  case timestamp, optionalTimestamp, date, optionalDate, money, optionalMoney, addedAt
  /// An app's enum: read and bound by the functions of ``RecordField/enumeration(_:_:required:default:fallback:)``.
  case custom(
    read: @Sendable (UnsafeMutableRawPointer, StatementRow, Int32) -> Void,
    bind: @Sendable (UnsafeRawPointer, inout KindBindings, Int) throws(ListStoreError) -> Void)

  /// Writes the value of `column` into the property at `property`.
  @usableFromInline @inline(__always)
  func read(into property: UnsafeMutableRawPointer, from row: StatementRow, at column: Int32) {
    func store<Value>(_ value: Value) { property.assumingMemoryBound(to: Value.self).pointee = value }
    switch self {
    case .text: store(row.text(at: column))
    case .optionalText: store(row.withUTF8(at: column) { $0.baseAddress == nil ? nil : ColumnText.string($0) })
    case .integer: store(row.int64(at: column))
    case .optionalInteger: store(row.isNull(at: column) ? nil : row.int64(at: column))
    case .bool: store(row.int64(at: column) != 0)
    case .optionalBool: store(row.isNull(at: column) ? nil : row.int64(at: column) != 0)
    case .timestamp, .addedAt: store(Timestamp(millisecondsSince1970: row.int64(at: column)))
    case .optionalTimestamp:
      store(row.isNull(at: column) ? nil : Timestamp(millisecondsSince1970: row.int64(at: column)))
    case .date: store(CalendarDate(stored: row.int64(at: column)))
    case .optionalDate: store(row.isNull(at: column) ? nil : CalendarDate(stored: row.int64(at: column)))
    case .money: store(Self.money(row, column))
    case .optionalMoney: store(row.isNull(at: column) ? nil : Self.money(row, column))
    case .custom(let read, _): read(property, row, column)
    }
  }

  /// Gives the field at `field` the value of the property at `property`.
  @inline(__always)
  func bind(_ property: UnsafeRawPointer, to bindings: inout KindBindings, field: Int) throws(ListStoreError) {
    func value<Value>(_ type: Value.Type) -> Value { property.assumingMemoryBound(to: Value.self).pointee }
    switch self {
    case .addedAt:
      // A record not yet added holds 0: the time of the add.
      let time = value(Timestamp.self)
      return bindings.addedAt(time.millisecondsSince1970 == 0 ? nil : time)
    case .custom(_, let bind): return try bind(property, &bindings, field)
    default: bindings.givenInOrder(field)
    }
    switch self {
    case .text: try bindings.text(value(String.self), at: field)
    case .optionalText: try bindings.text(value(String?.self), at: field)
    case .integer: try bindings.integer(value(Int64.self), at: field)
    case .optionalInteger: try bindings.integer(value(Int64?.self), at: field)
    case .bool: try bindings.bool(value(Bool.self), at: field)
    case .optionalBool: try bindings.bool(value(Bool?.self), at: field)
    case .timestamp: try bindings.timestamp(value(Timestamp.self), at: field)
    case .optionalTimestamp: try bindings.timestamp(value(Timestamp?.self), at: field)
    case .date: try bindings.date(value(CalendarDate.self), at: field)
    case .optionalDate: try bindings.date(value(CalendarDate?.self), at: field)
    case .money: try bindings.money(value(Money.self), at: field)
    case .optionalMoney: try bindings.money(value(Money?.self), at: field)
    case .addedAt, .custom: break
    }
  }

  /// The texts of an enum's cases, found by their UTF-8 bytes.
  @usableFromInline
  struct Names: Sendable {
    let names: [[UInt8]]

    @usableFromInline
    init(_ names: [String]) {
      self.names = names.map { Array($0.utf8) }
    }

    /// The place of the text `bytes` among the names; nil for none.
    @usableFromInline
    func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
      for index in names.indices where names[index].count == bytes.count {
        // An enum's value is a few bytes: compared one at a time.
        let equal = names[index].withUnsafeBufferPointer { name in
          var offset = 0
          while offset < name.count && name[offset] == bytes[offset] { offset += 1 }
          return offset == name.count
        }
        if equal { return index }
      }
      return nil
    }
  }

  /// The amount whose minor units are in `column` and currency in the next one.
  @usableFromInline @inline(__always)
  static func money(_ row: StatementRow, _ column: Int32) -> Money {
    let currency = row.withUTF8(at: column + 1) { Currency(storedUTF8: $0) }
    return Money(storedMinorUnits: row.int64(at: column), currency: currency)
  }
}
