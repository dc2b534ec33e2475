import TextFormats
import Testing

@testable import ListStore

/// Each field type's rules live in one value (`Kinds/FieldTypes/`): the definition's JSON, the
/// schema, checks, JSON items and filters all go through them, so a definition with one field
/// of every type reads, writes and stores what each type's rules say.
@Suite struct FieldTypeRulesTests {
  /// One field of every type, each with its limits.
  static let everyType = """
    {"name": "things", "fields": [
      {"name": "title", "type": "text", "required": true, "max_length": 20, "pattern": "[A-Z]*"},
      {"name": "pages", "type": "integer", "min": 1, "max": 9000},
      {"name": "done", "type": "bool", "default": false},
      {"name": "seen_at", "type": "timestamp"},
      {"name": "due", "type": "date"},
      {"name": "price", "type": "money"},
      {"name": "status", "type": "enum", "values": ["want", "done"], "default": "want"}]}
    """

  @Test func everyDeclaredTypeIsNamedAndItsKeysAreMembersAFieldTakes() throws {
    #expect(FieldType.names == FieldType.declared.map(\.name))
    #expect(Set(FieldType.names).count == FieldType.names.count)
    for (name, rules) in FieldType.declared {
      for key in rules.definitionKeys {
        #expect(KindDefinition.fieldMemberNames.contains(key), "\(name) takes \(key), which a field's JSON refuses")
      }
    }
    let definition = try KindDefinition(json: Self.everyType)
    #expect(definition.fields.map(\.type.name) == ["text", "integer", "bool", "timestamp", "date", "money", "enum"])
    // The JSON each type's rules write reads back as the same definition.
    #expect(try KindDefinition(json: definition.json) == definition)
  }

  @Test func aKeyOfAnotherTypeIsRefusedNamingTheType() {
    for (json, message) in [
      (#"{"name": "due", "type": "date", "max_length": 3}"#, "Field 'due' is date, which takes no max_length."),
      (#"{"name": "n", "type": "integer", "values": ["a"]}"#, "Field 'n' is integer, which takes no values."),
      (#"{"name": "t", "type": "text", "one_per_account": true}"#, "Field 't' is text, which takes no one_per_account."),
      (#"{"name": "d", "type": "date", "default": "2026-12-24"}"#, "Field 'd' has a default of the wrong type for date."),
    ] {
      #expect(throws: KindDefinitionError(message)) {
        try KindDefinition(json: #"{"name": "things", "fields": [\#(json)]}"#)
      }
    }
  }

  @Test func theSchemaTheChecksAndTheFiltersAreEachTypes() throws {
    let definition = try KindDefinition(json: Self.everyType)
    let columns = definition.fields.flatMap { KindDefinition.columnSQL($0) }
    #expect(columns.contains { $0.hasPrefix("\"due\" INTEGER CHECK (\"due\" BETWEEN ") })
    #expect(columns.contains { $0.hasPrefix("\"price_minor\" INTEGER CHECK") })
    #expect(definition.filterIndexSQL(for: definition.fields[2]) != nil)  // bool
    #expect(definition.filterIndexSQL(for: definition.fields[4]) == nil)  // date
    #expect(definition.filterIndexSQL(for: definition.fields[6]) != nil)  // enum

    #expect(throws: ListStoreError.invalidValue(field: "due", reason: "must be a date")) {
      try FieldValue.text("2026-12-24").check(for: definition.fields[4])
    }
    #expect(throws: ListStoreError.invalidValue(field: "pages", reason: "must be at most 9000")) {
      try FieldValue.integer(9001).check(for: definition.fields[1])
    }
    let due = try KindFilter(parsing: "due<2027-01-01", in: definition)
    #expect(due.value == .date(CalendarDate(iso8601: "2027-01-01")!))
    #expect(due.description == "due<2027-01-01")
    let price = try KindFilter(parsing: "price>=20.00eur", in: definition)
    #expect(price.description == "price>=20.00 EUR")
    #expect(throws: ListStoreError.invalidFilter("status>want", reason: "compares enum field 'status' with >; it can only be matched with =")) {
      try KindFilter(parsing: "status>want", in: definition)
    }
    #expect(throws: ListStoreError.invalidFilter("due=soon", reason: "needs a date such as 2026-12-24")) {
      try KindFilter(parsing: "due=soon", in: definition)
    }
  }

  @Test func itemsWriteAndReadTheMembersOfEachType() throws {
    let definition = try KindDefinition(json: Self.everyType)
    let format = KindItemFormat(definition)
    #expect(
      format.fieldNames == [
        "id", "title", "pages", "done", "seen_at", "due", "price", "price_minor", "price_currency", "status", "added_at",
      ])
    let draft = try format.draft(
      from: try JSONParser.parse(
        #"{"title": "DUNE", "pages": 412, "done": true, "seen_at": "2026-11-30T13:40:00Z", "due": "2026-12-24", "price": "12.50", "price_currency": "eur", "status": "done"}"#
      ))
    #expect(draft.values["due"] == .date(CalendarDate(iso8601: "2026-12-24")!))
    #expect(draft.values["price"] == .money(try Money(minorUnits: 1250, currency: Currency(code: "EUR"))))
    #expect(draft.values["done"] == .bool(true))
    #expect(format.csvCells(of: DynamicItem(id: 1, values: definition.fields.map { draft.values[$0.name] ?? .null })) == [
      "DUNE", "412", "true", "2026-11-30T13:40:00Z", "2026-12-24", "12.50", "1250", "EUR", "done",
    ])
    #expect(throws: DraftFields.Problem(reason: "field 'due' must be a date such as 2026-12-24, got 'soon'.")) {
      try format.draft(from: try JSONParser.parse(#"{"title": "X", "due": "soon"}"#))
    }
  }
}
