import TextFormats

extension KindDefinition {
  /// Reads a definition from its JSON text, the form `lists kinds add FILE` takes and the file
  /// keeps in `list_kinds.definition`.
  ///
  /// Only the form is checked here; ``validate()`` checks names, references and limits.
  /// - Throws: ``KindDefinitionError`` naming what is not a definition: not JSON, a missing or
  ///   mistyped member, an unknown member or type.
  public init(json text: String) throws(KindDefinitionError) {
    let value: JSONValue
    do {
      value = try JSONParser.parse(text)
    } catch {
      throw KindDefinitionError("The definition is not valid JSON: \(error.description).")
    }
    try self.init(jsonValue: value)
  }

  /// Reads a definition from a parsed JSON value; see ``init(json:)``.
  package init(jsonValue value: JSONValue) throws(KindDefinitionError) {
    let object = try Members(value, "The definition", known: Self.memberNames)
    name = try object.string("name")
    item = try object.optionalString("item") ?? Self.singular(of: name)
    fields = []
    for (index, element) in try object.array("fields").enumerated() {
      fields.append(try Self.field(element, position: index + 1))
    }
    order = []
    for (index, element) in try object.optionalArray("order").enumerated() {
      let term = try Members(element, "Order term \(index + 1)", known: ["field", "direction"])
      let field = try term.string("field")
      let direction = try term.optionalString("direction") ?? "asc"
      guard direction == "asc" || direction == "desc" else {
        throw KindDefinitionError(
          "Order term \(index + 1) has the direction '\(TerminalEscaping.escape(direction))'; use asc or desc.")
      }
      order.append(OrderTerm(field, descending: direction == "desc"))
    }
    if let rule = object.value("unique") {
      let members = try Members(rule, "The unique rule", known: ["fields", "on_duplicate"])
      let names = try members.strings("fields")
      let onDuplicate = try members.optionalString("on_duplicate") ?? "reject"
      guard let parsed = UniqueRule.OnDuplicate(rawValue: onDuplicate) else {
        throw KindDefinitionError(
          "The unique rule's on_duplicate is '\(TerminalEscaping.escape(onDuplicate))'; use reject or keep.")
      }
      unique = UniqueRule(names, onDuplicate: parsed)
    } else {
      unique = nil
    }
    show = try object.optionalStrings("show")
    search = try object.optionalStrings("search")
    display = try object.display(at: .kind)
    placeholders = [:]
    if let given = object.value("placeholders") {
      let phases = try Members(given, "The placeholders", known: PlaceholderPhase.allCases.map(\.rawValue))
      for phase in PlaceholderPhase.allCases {
        guard let text = phases.value(phase.rawValue) else { continue }
        let members = try Members(
          text, "The \(phase.rawValue) placeholder", known: ["title", "detail"] + DisplayTexts.Place.placeholder.names)
        placeholders[phase] = PlaceholderText(
          title: try members.string("title"), detail: try members.optionalString("detail") ?? "",
          display: try members.display(at: .placeholder))
      }
    }
  }

  /// The definition as JSON, in one canonical form: members in a fixed order, options at their
  /// defaults left out. Equal definitions have equal JSON, so its checksum tells them apart.
  public var json: String {
    var writer = JSONWriter(capacity: 1024)
    writer.beginObject()
    writer.key("name")
    writer.string(name)
    writer.key("item")
    writer.string(item)
    // The kind's texts come after its item, its lists of fields after `search`.
    writer.display(display, at: .kind, lists: false)
    writer.key("fields")
    writer.beginArray()
    for field in fields { Self.write(field, into: &writer) }
    writer.endArray()
    if !order.isEmpty {
      writer.key("order")
      writer.beginArray()
      for term in order {
        writer.beginObject()
        writer.key("field")
        writer.string(term.field)
        writer.key("direction")
        writer.string(term.descending ? "desc" : "asc")
        writer.endObject()
      }
      writer.endArray()
    }
    if let unique {
      writer.key("unique")
      writer.beginObject()
      writer.key("fields")
      writer.strings(unique.fields)
      writer.key("on_duplicate")
      writer.string(unique.onDuplicate.rawValue)
      writer.endObject()
    }
    if !show.isEmpty {
      writer.key("show")
      writer.strings(show)
    }
    if !search.isEmpty {
      writer.key("search")
      writer.strings(search)
    }
    writer.display(display, at: .kind, lists: true)
    if !placeholders.isEmpty {
      writer.key("placeholders")
      writer.beginObject()
      for phase in PlaceholderPhase.allCases {
        guard let text = placeholders[phase] else { continue }
        writer.key(phase.rawValue)
        writer.beginObject()
        writer.key("title")
        writer.string(text.title)
        writer.key("detail")
        writer.string(text.detail)
        writer.display(text.display, at: .placeholder)
        writer.endObject()
      }
      writer.endObject()
    }
    writer.endObject()
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  static let memberNames = [
    "name", "item", "help", "fields", "order", "unique", "show", "search", "add", "summary", "placeholders",
  ]
  static let fieldMemberNames = [
    "name", "type", "required", "default", "max_length", "pattern", "min", "max", "values",
    "case_insensitive", "one_per_account", "currency_column", "uppercase", "format", "help", "flag", "placeholder",
  ]

  /// `books` → `book`, `addresses` → `address`: a guess for definitions that give no `item`.
  static func singular(of name: String) -> String {
    for ending in ["sses", "shes", "ches", "xes", "zes"] where name.hasSuffix(ending) {
      return String(name.dropLast(2))
    }
    if name.hasSuffix("ies") && name.count > 3 { return String(name.dropLast(3)) + "y" }
    if name.hasSuffix("s") && !name.hasSuffix("ss") && name.count > 1 { return String(name.dropLast()) }
    return name
  }

  private static func field(_ value: JSONValue, position: Int) throws(KindDefinitionError) -> FieldDefinition {
    let members = try Members(value, "Field \(position)", known: fieldMemberNames)
    let name = try members.string("name")
    let label = "Field '\(TerminalEscaping.escape(name))'"
    let named = Members(members.object, label)
    let typeName = try named.string("type")
    guard let declared = FieldType.declared.first(where: { $0.name == typeName }) else {
      throw KindDefinitionError(
        "\(label) has the unknown type '\(TerminalEscaping.escape(typeName))'; the types are "
          + FieldType.names.joined(separator: ", ") + ".")
    }
    let type = try declared.rules.type(from: named)
    // A key of another type's, in the order the types are declared.
    for other in FieldType.declared where other.name != typeName {
      for key in other.rules.definitionKeys where named.value(key) != nil && !declared.rules.definitionKeys.contains(key) {
        throw KindDefinitionError("\(label) is \(typeName), which takes no \(key).")
      }
    }
    var defaultValue: FieldDefault?
    if let given = named.value("default") {
      guard let value = try type.rules.defaultValue(from: given, label: label) else {
        throw KindDefinitionError("\(label) has a default of the wrong type for \(typeName).")
      }
      defaultValue = value
    }
    return FieldDefinition(
      name, type, required: try named.optionalBool("required") ?? false, default: defaultValue,
      caseInsensitive: try named.optionalBool("case_insensitive") ?? false,
      onePerAccount: try named.optionalBool("one_per_account") ?? false,
      uppercase: try named.optionalBool("uppercase") ?? false, format: try named.optionalString("format"),
      display: try named.display(at: .field))
  }

  private static func write(_ field: FieldDefinition, into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("name")
    writer.string(field.name)
    writer.key("type")
    writer.string(field.type.name)
    if field.required {
      writer.key("required")
      writer.bool(true)
    }
    field.type.rules.writeLimits(into: &writer)
    if let value = field.defaultValue {
      writer.key("default")
      switch value {
      case .text(let text): writer.string(text)
      case .integer(let number): writer.number(literal: String(number))
      case .bool(let flag): writer.bool(flag)
      case .now: writer.string("now")
      }
    }
    if field.caseInsensitive {
      writer.key("case_insensitive")
      writer.bool(true)
    }
    if field.onePerAccount {
      writer.key("one_per_account")
      writer.bool(true)
    }
    if field.uppercase {
      writer.key("uppercase")
      writer.bool(true)
    }
    if let format = field.format {
      writer.key("format")
      writer.string(format)
    }
    writer.display(field.display, at: .field)
    writer.endObject()
  }
}

extension JSONWriter {
  fileprivate mutating func strings(_ values: [String]) {
    beginArray()
    for value in values { string(value) }
    endArray()
  }

  /// Writes the members of `texts` that `place` takes and that are given, in the order of the
  /// format's table; with `lists`, only those that list fields (true) or only the texts (false).
  fileprivate mutating func display(_ texts: DisplayTexts, at place: DisplayTexts.Place, lists: Bool? = nil) {
    for member in place.members where lists == nil || (member.form == .fields) == lists {
      guard let value = texts[member.name] else { continue }
      key(member.name)
      switch value {
      case .text(let text): string(text)
      case .fields(let fields): strings(fields)
      }
    }
  }
}

/// The members of one JSON object of a definition, read with errors that name where they are.
struct Members {
  let object: JSONObject
  let label: String

  init(_ object: JSONObject, _ label: String) {
    self.object = object
    self.label = label
  }

  init(_ value: JSONValue, _ label: String, known: [String]) throws(KindDefinitionError) {
    guard let object = value.objectValue else {
      throw KindDefinitionError("\(label) must be a JSON object, not \(value.typeName).")
    }
    for key in object.keys where !known.contains(key) {
      throw KindDefinitionError(
        "\(label) has the unknown member '\(TerminalEscaping.escape(key))'; it takes "
          + known.joined(separator: ", ") + ".")
    }
    self.init(object, label)
  }

  func value(_ key: String) -> JSONValue? {
    guard let value = object[key], !value.isNull else { return nil }
    return value
  }

  func string(_ key: String) throws(KindDefinitionError) -> String {
    guard let text = try optionalString(key) else { throw KindDefinitionError("\(label) has no \(key).") }
    return text
  }

  func optionalString(_ key: String) throws(KindDefinitionError) -> String? {
    guard let value = value(key) else { return nil }
    guard let text = value.stringValue else {
      throw KindDefinitionError("\(label)'s \(key) must be a string, not \(value.typeName).")
    }
    return text
  }

  func optionalBool(_ key: String) throws(KindDefinitionError) -> Bool? {
    guard let value = value(key) else { return nil }
    guard let flag = value.boolValue else {
      throw KindDefinitionError("\(label)'s \(key) must be true or false, not \(value.typeName).")
    }
    return flag
  }

  func optionalInt(_ key: String) throws(KindDefinitionError) -> Int64? {
    guard let value = value(key) else { return nil }
    guard let literal = value.numberLiteral, let number = Int64(literal) else {
      throw KindDefinitionError("\(label)'s \(key) must be an integer.")
    }
    return number
  }

  func array(_ key: String) throws(KindDefinitionError) -> [JSONValue] {
    guard value(key) != nil else { throw KindDefinitionError("\(label) has no \(key).") }
    return try optionalArray(key)
  }

  func optionalArray(_ key: String) throws(KindDefinitionError) -> [JSONValue] {
    guard let value = value(key) else { return [] }
    guard case .array(let elements) = value else {
      throw KindDefinitionError("\(label)'s \(key) must be an array, not \(value.typeName).")
    }
    return elements
  }

  /// The display texts `place` takes, as this object gives them.
  func display(at place: DisplayTexts.Place) throws(KindDefinitionError) -> DisplayTexts {
    var texts = DisplayTexts()
    for member in place.members {
      switch member.form {
      case .text: texts[member.name] = try optionalString(member.name).map(DisplayTexts.Value.text)
      case .fields: texts[member.name] = .fields(try optionalStrings(member.name))
      }
    }
    return texts
  }

  func strings(_ key: String) throws(KindDefinitionError) -> [String] {
    guard value(key) != nil else { throw KindDefinitionError("\(label) has no \(key).") }
    return try optionalStrings(key)
  }

  func optionalStrings(_ key: String) throws(KindDefinitionError) -> [String] {
    var result: [String] = []
    for element in try optionalArray(key) {
      guard let text = element.stringValue else {
        throw KindDefinitionError("\(label)'s \(key) must list strings, not \(element.typeName).")
      }
      result.append(text)
    }
    return result
  }
}
