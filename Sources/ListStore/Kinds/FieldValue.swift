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
    // On the value first, then the field's type: a switch over the pair would copy the type
    // (and retain its payload) for every value checked.
    switch self {
    case .null:
      if check.field.required { throw invalid("is required") }
      return
    case .text(let text):
      if case .text(let maxLength, let pattern) = check.field.type {
        if text.isEmpty && check.field.required { throw invalid("must not be empty") }
        if Self.containsNUL(text) { throw invalid("must not contain a NUL character") }
        // Counted only when it could be too long: a text has no more characters than bytes.
        if let maxLength, text.utf8.count > maxLength, text.unicodeScalars.count > maxLength {
          throw invalid("must be at most \(maxLength) characters long")
        }
        if let pattern, let glob = check.glob,
          !glob.matches(check.field.uppercase ? Self.asciiUppercased(text) : text)
        {
          throw invalid("must be \(check.field.format ?? "text matching \(pattern)"), got '\(text)'")
        }
        return
      }
      if case .enumeration(let values) = check.field.type {
        if !values.contains(text) { throw invalid("must be one of " + values.joined(separator: ", ")) }
        return
      }
    case .integer(let number):
      if case .integer(let min, let max) = check.field.type {
        if let min, number < min { throw invalid("must be at least \(min)") }
        if let max, number > max { throw invalid("must be at most \(max)") }
        return
      }
    case .bool: if case .bool = check.field.type { return }
    case .timestamp: if case .timestamp = check.field.type { return }
    case .date: if case .date = check.field.type { return }
    case .money: if case .money = check.field.type { return }
    }
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
