/// The value of one field of an item, typed as its field is.
///
/// ``DynamicItem`` holds fields as these values, by name; a typed record of an app's kind reads
/// and writes its own properties and never goes through them.
public enum FieldValue: Sendable, Hashable {
  /// No value (an optional field left out).
  case null
  /// A text or enum value.
  case text(String)
  /// An integer value.
  case integer(Int64)
  /// A bool value.
  case bool(Bool)
  /// A moment.
  case timestamp(Timestamp)
  /// A day of the calendar.
  case date(CalendarDate)
  /// An exact amount with its currency.
  case money(Money)

  /// The value a default gives; `now` is resolved by the store at insert and reads here as null.
  init(defaultValue: FieldDefault) {
    switch defaultValue {
    case .text(let text): self = .text(text)
    case .integer(let number): self = .integer(number)
    case .bool(let flag): self = .bool(flag)
    case .now: self = .null
    }
  }

  /// The value as a duplicate's message quotes it (``ListStoreError/duplicateItem(kind:item:fields:values:)``,
  /// on the device and on the server): a text as it is, `true` or `false`, a number, a time or a
  /// date in ISO 8601, an amount's decimals; nothing for null.
  package var quoted: String {
    switch self {
    case .null: ""
    case .text(let text): text
    case .integer(let number): String(number)
    case .bool(let flag): flag ? "true" : "false"
    case .timestamp(let time): time.iso8601
    case .date(let day): day.iso8601
    case .money(let money): money.decimalString
    }
  }

  /// Gives the field at `index` of `bindings` the value, not null, through the binder of its
  /// type (which checks it against the field).
  func give(to bindings: inout KindBindings, at index: Int) throws(ListStoreError) {
    switch self {
    case .null: break
    case .text(let text): try bindings.text(text, at: index)
    case .integer(let number): try bindings.integer(number, at: index)
    case .bool(let flag): try bindings.bool(flag, at: index)
    case .timestamp(let time): try bindings.timestamp(time, at: index)
    case .date(let day): try bindings.date(day, at: index)
    case .money(let money): try bindings.money(money, at: index)
    }
  }

  /// Whether the value is ``null``.
  package var isNull: Bool {
    if case .null = self { true } else { false }
  }

  /// The value as a person types it in a filter: a text as it is, `true` or `false`, a number,
  /// a time or a date in ISO 8601, an amount and its currency (`20.00 EUR`); nothing for null.
  var typed: String {
    switch self {
    case .money(let money): money.description
    case .null, .text, .integer, .bool, .timestamp, .date: quoted
    }
  }

  /// Checks the value against `field`'s type and limits: the right type, a required field
  /// given, a text not empty when required and without NUL, within `max_length` and `pattern`,
  /// an integer within `min` and `max`, an enum value one of the values.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` naming the field.
  public func check(for field: FieldDefinition) throws(ListStoreError) {
    try check(against: KindStatements.FieldCheck(field))
  }

  /// ``check(for:)`` against a field's check, which a kind's statements keep per field with its
  /// pattern parsed. The field is read through the check's reference: passed on its own, it
  /// would be copied (each of its parts retained) for every value checked.
  func check(against check: KindStatements.FieldCheck) throws(ListStoreError) {
    func invalid(_ reason: String) -> ListStoreError { .invalidValue(field: check.field.name, reason: reason) }
    if case .null = self {
      if check.field.required { throw invalid("is required") }
      return
    }
    if try check.rules.check(self, against: check) { return }
    throw invalid("must be \(Self.article(check.field.type.name)) \(check.field.type.name)")
  }

  /// Whether `text` has a NUL byte, looked for in its contiguous UTF-8 (a word at a time)
  /// rather than through the generic view.
  static func containsNUL(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
      return memchr(base, 0, bytes.count) != nil
    }
  }

  /// ASCII letters uppercased, everything else as it is: `de` → `DE`.
  static func asciiUppercased(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) else { return text }
    return String(decoding: text.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
  }

  private static func article(_ word: String) -> String {
    "aeiou".contains(word.first ?? "x") ? "an" : "a"
  }
}
