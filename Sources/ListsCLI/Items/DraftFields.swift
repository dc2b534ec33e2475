import ListStore
import TextFormats

/// Reads the fields of one imported JSON object, with errors that name the field.
///
/// Every key must be one the list knows (a misspelt key is an error, not a silently missing
/// value); `id` is accepted and ignored, since imported items get new ids.
package struct DraftFields {
  /// A field that is missing, of the wrong type, unknown, or invalid.
  package struct Problem: Error, Equatable {
    /// The sentence, e.g. `field 'title' is missing`.
    package var reason: String
  }

  private let object: JSONObject

  /// Checks `value` is an object whose keys are all in `known` (or `id`).
  package init(_ value: JSONValue, known: [String]) throws(Problem) {
    guard let object = value.objectValue else {
      throw Problem(reason: "expected a JSON object, got \(value.typeName).")
    }
    for key in object.keys where key != "id" && !known.contains(key) {
      let hint = NearMiss.suggestion(for: key, among: known).map { " Did you mean '\($0)'?" } ?? ""
      throw Problem(reason: "unknown field '\(TerminalEscaping.escape(key))'.\(hint)")
    }
    self.object = object
  }

  /// A string field that must be present.
  package func string(_ key: String) throws(Problem) -> String {
    guard let value = try optionalString(key) else {
      throw Problem(reason: "field '\(key)' is missing.")
    }
    return value
  }

  /// A string field that may be missing or null.
  package func optionalString(_ key: String) throws(Problem) -> String? {
    guard let value = object[key], !value.isNull else { return nil }
    guard let text = value.stringValue else {
      throw Problem(reason: "field '\(key)' must be a string, got \(value.typeName).")
    }
    return text
  }

  /// A boolean field; `false` when missing or null.
  package func bool(_ key: String) throws(Problem) -> Bool {
    guard let value = object[key], !value.isNull else { return false }
    guard let flag = value.boolValue else {
      throw Problem(reason: "field '\(key)' must be true or false, got \(value.typeName).")
    }
    return flag
  }

  /// An ISO 8601 time field; nil when missing or null.
  package func timestamp(_ key: String) throws(Problem) -> Timestamp? {
    guard let text = try optionalString(key) else { return nil }
    return try checked(key) { () throws(ListStoreError) in try Timestamp(iso8601: text) }
  }

  /// The raw JSON value of `key`, or nil when missing or null.
  package func value(_ key: String) -> JSONValue? {
    guard let value = object[key], !value.isNull else { return nil }
    return value
  }

  /// Runs a store validation, turning its error into a problem naming `key`.
  package func checked<T>(_ key: String, _ body: () throws(ListStoreError) -> T) throws(Problem) -> T {
    do {
      return try body()
    } catch {
      throw Problem(reason: "field '\(key)': \(error.message)")
    }
  }
}

/// Turns one imported JSON object into a draft of a list.
package protocol ImportableDraft: Sendable {
  /// The draft the object describes.
  static func decode(_ value: JSONValue) throws(DraftFields.Problem) -> Self
  /// The fields that are JSON numbers (a CSV cell of these columns is read as one).
  static var integerFields: Set<String> { get }
  /// The fields that are JSON booleans.
  static var booleanFields: Set<String> { get }
}

extension FavoriteDraft: ImportableDraft {
  package static let integerFields: Set<String> = ["id"]
  package static let booleanFields: Set<String> = []

  package static func decode(_ value: JSONValue) throws(DraftFields.Problem) -> FavoriteDraft {
    let fields = try DraftFields(value, known: Favorite.fieldNames)
    return FavoriteDraft(
      ref: try fields.string("ref"), title: try fields.string("title"),
      note: try fields.optionalString("note"), addedAt: try fields.timestamp("added_at"))
  }
}

extension AddressDraft: ImportableDraft {
  package static let integerFields: Set<String> = ["id"]
  package static let booleanFields: Set<String> = ["is_default"]

  package static func decode(_ value: JSONValue) throws(DraftFields.Problem) -> AddressDraft {
    let fields = try DraftFields(value, known: Address.fieldNames)
    return AddressDraft(
      label: try fields.string("label"), recipient: try fields.string("recipient"),
      line1: try fields.string("line1"), line2: try fields.optionalString("line2"),
      city: try fields.string("city"), region: try fields.optionalString("region"),
      postalCode: try fields.string("postal_code"), country: try fields.string("country"),
      phone: try fields.optionalString("phone"), isDefault: try fields.bool("is_default"),
      createdAt: try fields.timestamp("created_at"))
  }
}

extension OrderDraft: ImportableDraft {
  package static let integerFields: Set<String> = ["id", "total_minor"]
  package static let booleanFields: Set<String> = []

  package static func decode(_ value: JSONValue) throws(DraftFields.Problem) -> OrderDraft {
    let fields = try DraftFields(value, known: Order.fieldNames)
    let number = try fields.string("number")
    let code = try fields.string("currency")
    let currency = try fields.checked("currency") { () throws(ListStoreError) in
      // As on the command line: `eur` is EUR.
      try Currency(code: AddCommand.uppercased(code))
    }
    var total: Money?
    if let value = fields.value("total") {
      // A string or a bare number, parsed from its exact text: 19.99 is never a Double.
      guard let text = value.stringValue ?? value.numberLiteral else {
        throw DraftFields.Problem(reason: "field 'total' must be a decimal string such as \"19.99\".")
      }
      total = try fields.checked("total") { () throws(ListStoreError) in
        try Money(parsing: text, currency: currency)
      }
    }
    if let value = fields.value("total_minor") {
      guard let literal = value.numberLiteral, let minor = Int64(literal) else {
        throw DraftFields.Problem(reason: "field 'total_minor' must be an integer.")
      }
      let money = try fields.checked("total_minor") { () throws(ListStoreError) in
        try Money(minorUnits: minor, currency: currency)
      }
      if let total, total != money {
        throw DraftFields.Problem(
          reason: "fields 'total' (\(total.decimalString)) and 'total_minor' (\(minor)) disagree.")
      }
      total = money
    }
    guard let total else {
      throw DraftFields.Problem(reason: "an order needs 'total' or 'total_minor'.")
    }
    let status = try fields.optionalString("status").map { text throws(DraftFields.Problem) in
      try fields.checked("status") { () throws(ListStoreError) in try OrderStatus(parsing: text) }
    }
    return OrderDraft(
      number: number, total: total, status: status ?? .pending,
      placedAt: try fields.timestamp("placed_at"))
  }
}
