import ListStore
import TextFormats

/// Checks an item a push sends against its kind's definition with the code `lists add` and
/// `lists edit` use — ``KindItemFormat`` reads the JSON object (types, unknown and required
/// fields, money and times), ``FieldValue/check(for:)`` each value (limits, patterns, enum
/// values) — and makes the item's stored form.
package struct ItemValidator: Sendable {
  /// The kind checked against.
  package let definition: KindDefinition
  private let format: KindItemFormat

  /// A validator for `definition`'s items.
  package init(_ definition: KindDefinition) {
    self.definition = definition
    format = KindItemFormat(definition)
  }

  /// An item as stored: its JSON object without `id` and `version`, every field in the
  /// definition's order, and the key of its unique fields (nil when the kind has no unique rule
  /// or one of them is unset).
  package struct Checked: Sendable, Equatable {
    /// The item's members, a JSON object.
    package var body: String
    /// The unique fields' values as one JSON array, or nil.
    package var uniqueKey: String?
    /// The unique fields' values as text, for the message of a duplicate.
    package var uniqueTexts: [String]
    /// The item's one-per-account fields that it sets: each is cleared on the account's other
    /// items, as the store does (the default address).
    package var setOnePerAccount: [String] = []
  }

  /// Why an item is refused: the message `lists add` would print and the field at fault.
  package struct Rejection: Error, Sendable, Equatable {
    /// One sentence.
    package var message: String
    /// The field, when one is at fault.
    package var field: String?
  }

  /// Checks `object`, a whole item (an add, or an update merged onto the stored item), and
  /// gives fields left out their defaults; `added_at` is taken as sent, else `now`.
  /// - Throws: ``Rejection``.
  package func check(_ object: JSONObject, now: Int64) throws(Rejection) -> Checked {
    var members = object
    members.members.removeAll { $0.key == "id" || $0.key == "version" }
    let draft: DynamicDraft
    do {
      draft = try format.draft(from: .object(members))
    } catch {
      throw Rejection(message: Self.sentence(error.reason), field: fieldNamed(in: error.reason))
    }
    var values: [FieldValue] = []
    values.reserveCapacity(definition.fields.count)
    for field in definition.fields {
      var value = draft.values[field.name] ?? .null
      if value == .null, let fallback = field.defaultValue {
        switch fallback {
        case .text(let text): value = .text(text)
        case .integer(let number): value = .integer(number)
        case .bool(let flag): value = .bool(flag)
        case .now: value = .timestamp(Timestamp(millisecondsSince1970: now))
        }
      }
      do {
        try value.check(for: field)
      } catch {
        throw Rejection(message: error.message, field: field.name)
      }
      if field.uppercase, case .text(let text) = value { value = .text(ASCIICase.uppercased(text)) }
      values.append(value)
    }
    let addedAt =
      definition.hasImplicitAddedAt ? draft.addedAt ?? Timestamp(millisecondsSince1970: now) : nil
    let item = DynamicItem(id: 0, values: values, addedAt: addedAt)
    let key = uniqueKey(of: values)
    var checked = Checked(
      body: format.pushJSON(item, fields: nil), uniqueKey: key?.key, uniqueTexts: key?.texts ?? [])
    for (field, value) in zip(definition.fields, values)
    where field.onePerAccount && value == .bool(true) {
      checked.setOnePerAccount.append(field.name)
    }
    return checked
  }

  /// The unique rule's values as a JSON array (case-insensitive fields lowercased), or nil.
  private func uniqueKey(of values: [FieldValue]) -> (key: String, texts: [String])? {
    guard let rule = definition.unique else { return nil }
    var texts: [String] = []
    var writer = JSONWriter(capacity: 64)
    writer.beginArray()
    for name in rule.fields {
      guard let index = definition.fields.firstIndex(where: { $0.name == name }) else { return nil }
      let value = values[index]
      if value.isNull { return nil }
      definition.fields[index].writeIdentity(value, into: &writer)
      texts.append(value.quoted)
    }
    writer.endArray()
    return (String(decoding: writer.bytes, as: UTF8.self), texts)
  }

  /// The refusal of `checked`, whose unique fields equal a stored item's: the message
  /// `lists add` prints for a duplicate, and the rule's first field.
  package func duplicate(_ checked: Checked) -> Rejection {
    let fields = definition.unique?.fields ?? []
    let error = ListStoreError.duplicateItem(
      kind: definition.name, item: definition.item, fields: fields, values: checked.uniqueTexts)
    return Rejection(message: error.message, field: fields.first)
  }

  /// The field a reading problem names (`field 'title' is missing.`, `unknown field 'titel'`).
  private func fieldNamed(in reason: String) -> String? {
    guard let start = reason.firstRange(of: "field '")?.upperBound,
      let end = reason[start...].firstIndex(of: "'")
    else { return nil }
    return String(reason[start..<end])
  }

  /// A reading problem as a sentence: `Field 'title' is missing.`
  private static func sentence(_ reason: String) -> String {
    guard let first = reason.first else { return reason }
    return first.uppercased() + reason.dropFirst()
  }
}
