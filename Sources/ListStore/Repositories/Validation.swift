/// Checks of text fields before they reach SQL, with errors that name the field.
@usableFromInline
enum Validation {
  /// A required text: not empty, no NUL character (SQLite's text functions stop at NUL).
  static func required(_ value: String, field: String) throws(ListStoreError) -> String {
    if value.isEmpty { throw .invalidValue(field: field, reason: "must not be empty") }
    return try optional(value, field: field)!
  }

  /// An optional text: no NUL character. Stored as given, including other control characters.
  @discardableResult
  static func optional(_ value: String?, field: String) throws(ListStoreError) -> String? {
    guard let value else { return nil }
    if FieldValue.containsNUL(value) {
      throw .invalidValue(field: field, reason: "must not contain a NUL character")
    }
    return value
  }

  /// An account name: not empty, no NUL.
  static func account(_ value: String) throws(ListStoreError) -> String {
    try required(value, field: "account")
  }

  /// Two ASCII letters, returned uppercase: `de` → `DE`.
  static func country(_ value: String) throws(ListStoreError) -> String {
    let bytes = Array(value.utf8)
    guard bytes.count == 2, bytes.allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") })
    else { throw .invalidValue(field: "country", reason: "must be a two-letter ISO 3166 code such as DE, got '\(value)'") }
    return String(decoding: bytes.map { $0 & ~0x20 }, as: UTF8.self)
  }

  /// A page size within ``ListPage/allowedLimits``.
  @usableFromInline
  static func limit(_ limit: Int) throws(ListStoreError) {
    let allowed = ListPage<Never>.allowedLimits
    guard allowed.contains(limit) else { throw .invalidLimit(limit, allowed: allowed) }
  }
}
