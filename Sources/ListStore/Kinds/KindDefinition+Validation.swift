import SQLiteCore
import TextFormats

extension KindDefinition {
  /// The longest name of a kind or field.
  public static let maximumNameLength = 40
  /// Names the store uses for tables of its own, which no kind can take.
  public static let reservedNames = Set(["list_counts", "list_kinds", "lists_migrations"] + SyncSchema.objectNames)
  /// Words of the `sync` command (`lists sync status`, `lists sync resolve`), which no kind can
  /// take: `lists sync status` could not tell the kind from the word.
  public static let syncCommandWords: Set<String> = ["status", "resolve"]
  /// Column names every kind has, which no field can take (`added_at` only where it is implicit).
  static let commonColumns: Set<String> = ["id", "account", "remote_id"]

  /// Checks that the definition can be registered: valid and unreserved names, known
  /// references, limits that make sense, defaults within them.
  ///
  /// Names are checked here; whether the file already uses a name for something else is checked
  /// when the kind is registered.
  /// - Throws: ``KindDefinitionError`` naming the first problem.
  public func validate() throws(KindDefinitionError) {
    try checkTexts()
    try Self.checkName(name, what: "The kind's name")
    if Self.reservedNames.contains(name) || name.hasPrefix("sqlite_") {
      throw KindDefinitionError("The name '\(name)' is kept for the store's own tables; choose another.")
    }
    if Self.syncCommandWords.contains(name) {
      throw KindDefinitionError("The name '\(name)' is a word of 'lists sync'; choose another.")
    }
    guard !item.isEmpty, item.count <= Self.maximumNameLength, Self.isPlainText(item) else {
      throw KindDefinitionError(
        "The item name must be 1 to \(Self.maximumNameLength) characters without control characters.")
    }
    guard !fields.isEmpty else { throw KindDefinitionError("A kind needs at least one field.") }

    var columns: Set<String> = Self.commonColumns
    if hasImplicitAddedAt { columns.insert("added_at") }
    var names: Set<String> = []
    for field in fields {
      try Self.checkName(field.name, what: "The field name")
      guard names.insert(field.name).inserted else {
        throw KindDefinitionError("The field '\(field.name)' is defined twice.")
      }
      try check(field)
      for column in field.columns {
        try Self.checkName(column, what: "The field '\(field.name)' has a column named")
        guard columns.insert(column).inserted else {
          let reason =
            Self.commonColumns.contains(column) || column == "added_at"
            ? "every kind has it" : "another field uses it"
          throw KindDefinitionError("The field '\(field.name)' cannot use the column '\(column)': \(reason).")
        }
      }
    }
    if fields.filter({ $0.type == .timestamp && $0.defaultValue == .now }).count > 1 {
      throw KindDefinitionError("At most one timestamp field can default to now (the time an item is added).")
    }
    try checkOrder()
    if let unique {
      guard !unique.fields.isEmpty else { throw KindDefinitionError("The unique rule names no field.") }
      try checkReferences(unique.fields, what: "The unique rule") { field throws(KindDefinitionError) in
        if case .money = field.type {
          throw KindDefinitionError("The unique rule cannot use the money field '\(field.name)'.")
        }
      }
    }
    try checkReferences(show, what: "show", allowing: ["id", addedColumn]) { _ throws(KindDefinitionError) in }
    try checkReferences(search, what: "search") { field throws(KindDefinitionError) in
      guard case .text = field.type else {
        throw KindDefinitionError("search can only use text fields; '\(field.name)' is \(field.type.name).")
      }
      // FTS5 refuses these as column names of an index, and the index's own name.
      guard !Self.reservedSearchColumns.contains(field.name), field.name != searchTableName else {
        throw KindDefinitionError(
          "search cannot use the field '\(field.name)': the full-text index (FTS5) keeps that name for itself; "
            + "rename the field or leave it out of search.")
      }
    }
    try checkDisplay()
    for phase in PlaceholderPhase.allCases {
      guard let text = placeholders[phase] else { continue }
      try text.display.check(at: .placeholder, label: "The \(phase.rawValue) placeholder")
      guard !text.title.isEmpty, Self.isPlainText(text.title), Self.isPlainText(text.detail),
        Self.isPlainText(text.display.text("action") ?? "")
      else {
        throw KindDefinitionError(
          "The \(phase.rawValue) placeholder needs a title, and no control characters in its texts.")
      }
    }
  }

  /// The texts the programs that show the kind keep with it (``display`` and the fields'),
  /// checked in their form, so that any program can show any kind a file holds: each member is
  /// one a place takes, a list names fields of the kind, once each, and the texts that are
  /// limited (and a field's `format`) are 1 to 300 characters of plain text. What a program
  /// makes of them — the command line's options, and whether they clash — is its own to check.
  private func checkDisplay() throws(KindDefinitionError) {
    try display.check(at: .kind, label: "The definition")
    for field in fields { try field.display.check(at: .field, label: "The field '\(field.name)'") }
    for member in DisplayTexts.Place.kind.members where member.form == .fields {
      try checkReferences(display.fields(member.name), what: member.name) { _ throws(KindDefinitionError) in }
    }
    func limited(_ texts: DisplayTexts, at place: DisplayTexts.Place) -> [String?] {
      place.members.filter { $0.form == .text(limited: true) }.map { texts.text($0.name) }
    }
    let texts = fields.flatMap { limited($0.display, at: .field) + [$0.format] }
    for text in limited(display, at: .kind) + texts {
      guard let text else { continue }
      guard !text.isEmpty, text.count <= 300, Self.isPlainText(text) else {
        throw KindDefinitionError("A help text or placeholder must be 1 to 300 characters without control characters.")
      }
    }
  }

  private func check(_ field: FieldDefinition) throws(KindDefinitionError) {
    let label = "The field '\(field.name)'"
    if field.required && field.defaultValue != nil {
      throw KindDefinitionError("\(label) is required, so it takes no default.")
    }
    if field.caseInsensitive, case .text = field.type {} else if field.caseInsensitive {
      throw KindDefinitionError("\(label) is \(field.type.name); only text can be case-insensitive.")
    }
    if field.uppercase || field.format != nil, case .text = field.type {} else if field.uppercase {
      throw KindDefinitionError("\(label) is \(field.type.name); only text can be uppercase.")
    } else if field.format != nil {
      throw KindDefinitionError("\(label) is \(field.type.name); only text with a pattern takes a format.")
    }
    if field.onePerAccount && field.type != .bool {
      throw KindDefinitionError("\(label) is \(field.type.name); only a bool can be one per account.")
    }
    try field.type.rules.validateLimits(label: label)
    if let value = field.defaultValue {
      do {
        try FieldValue(defaultValue: value).check(for: field)
      } catch {
        throw KindDefinitionError("\(label) has a default that its own limits refuse: \(error.message)")
      }
    }
  }

  private func checkOrder() throws(KindDefinitionError) {
    var seen: Set<String> = []
    for (index, term) in order.enumerated() {
      guard seen.insert(term.field).inserted else {
        throw KindDefinitionError("The order names '\(TerminalEscaping.escape(term.field))' twice.")
      }
      if term.field == "id" {
        guard index == order.count - 1 else { throw KindDefinitionError("The order can name id only last.") }
        continue
      }
      if term.field == addedColumn { continue }
      guard let field = field(named: term.field) else {
        throw KindDefinitionError(
          "The order names '\(TerminalEscaping.escape(term.field))', which is not a field of '\(name)'.")
      }
      if case .money = field.type {
        throw KindDefinitionError("The order cannot use the money field '\(field.name)' (amounts in different currencies).")
      }
      // Keyset pages compare the last item's values; a missing value would need rules of its own.
      guard field.isNotNull else {
        throw KindDefinitionError(
          "The order can use only fields that are required or have a default; '\(field.name)' has neither.")
      }
    }
  }

  private func checkReferences(
    _ names: [String], what: String, allowing extra: Set<String> = [],
    _ check: (FieldDefinition) throws(KindDefinitionError) -> Void
  ) throws(KindDefinitionError) {
    var seen: Set<String> = []
    for name in names {
      guard seen.insert(name).inserted else {
        throw KindDefinitionError("\(what) names '\(TerminalEscaping.escape(name))' twice.")
      }
      if extra.contains(name) { continue }
      guard let field = field(named: name) else {
        throw KindDefinitionError(
          "\(what) names '\(TerminalEscaping.escape(name))', which is not a field of '\(self.name)'.")
      }
      try check(field)
    }
  }

  /// Checks a kind, field or column name: `[a-z][a-z0-9_]*`, at most 40 characters, not a
  /// keyword of SQLite. `what` says what the name is, e.g. `The field name`.
  static func checkName(_ name: String, what: String) throws(KindDefinitionError) {
    let bytes = Array(name.utf8)
    let shown = "'" + TerminalEscaping.escape(bytes.count > 40 ? String(name.prefix(40)) + "…" : name) + "'"
    guard let first = bytes.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"),
      bytes.allSatisfy({
        ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
          || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_")
      })
    else {
      throw KindDefinitionError(
        "\(what) \(shown) must be lowercase letters, digits and _, starting with a letter.")
    }
    guard bytes.count <= maximumNameLength else {
      throw KindDefinitionError("\(what) \(shown) is longer than \(maximumNameLength) characters.")
    }
    guard !SQLiteKeywords.contains(name) else {
      throw KindDefinitionError("\(what) \(shown) is a keyword of SQLite; choose another.")
    }
  }

  /// Column names FTS5 keeps for itself (sqlite.org/fts5.html#the_rank_column): a search
  /// field cannot have one; nor can it be named like the index (`<kind>_search`).
  static let reservedSearchColumns: Set<String> = ["rank", "rowid"]

  /// Whether `text` has no character that could change how a terminal shows it — none that
  /// the terminal escaping shows as an escape: no C0 or C1 control (U+0000–U+001F,
  /// U+007F–U+009F), no bidi override, embedding or isolate (U+202A–U+202E, U+2066–U+2069), no
  /// directional mark (U+200E, U+200F, U+061C) and no line or paragraph separator.
  static func isPlainText(_ text: String) -> Bool {
    !text.unicodeScalars.contains(where: isUnsafe)
  }

  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool { TerminalEscaping.needsEscape(scalar) }

  /// Refuses any text of the definition that holds a character ``isPlainText(_:)`` refuses,
  /// naming where it is as the JSON has it: `fields[1].help`, `placeholders.empty.title`.
  private func checkTexts() throws(KindDefinitionError) {
    func check(_ text: String?, _ path: @autoclosure () -> String) throws(KindDefinitionError) {
      guard let text, let scalar = text.unicodeScalars.first(where: Self.isUnsafe) else { return }
      let code = String(scalar.value, radix: 16, uppercase: true)
      throw KindDefinitionError(
        "The definition's \(path()) holds U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code), "
          + "a control or bidi formatting character; remove it.")
    }
    // The display members of one form at `place`: its texts, or its lists of fields.
    func check(_ texts: DisplayTexts, at place: DisplayTexts.Place, _ path: String, lists: Bool) throws(KindDefinitionError) {
      for member in place.members where (member.form == .fields) == lists {
        try check(texts.text(member.name), path + member.name)
        for (index, name) in texts.fields(member.name).enumerated() { try check(name, "\(path)\(member.name)[\(index)]") }
      }
    }
    try check(name, "name")
    try check(item, "item")
    try check(display, at: .kind, "", lists: false)
    for (index, field) in fields.enumerated() {
      let at = "fields[\(index)]"
      try check(field.name, at + ".name")
      try check(field.display, at: .field, at + ".", lists: false)
      try check(field.format, at + ".format")
      if case .text(let text) = field.defaultValue { try check(text, at + ".default") }
      for (text, key) in field.type.rules.limitTexts { try check(text, at + "." + key) }
    }
    for phase in PlaceholderPhase.allCases {
      guard let text = placeholders[phase] else { continue }
      let at = "placeholders.\(phase.rawValue)"
      try check(text.title, at + ".title")
      try check(text.detail, at + ".detail")
      try check(text.display, at: .placeholder, at + ".", lists: false)
    }
    for (index, term) in order.enumerated() { try check(term.field, "order[\(index)].field") }
    for (key, names) in [("show", show), ("search", search)] {
      for (index, name) in names.enumerated() { try check(name, "\(key)[\(index)]") }
    }
    try check(display, at: .kind, "", lists: true)
    for (index, name) in (unique?.fields ?? []).enumerated() { try check(name, "unique.fields[\(index)]") }
  }
}

extension KindDefinition {
  /// Whether `name` can name a kind: `[a-z][a-z0-9_]*`, at most 40 characters, not a keyword
  /// of SQLite.
  public static func isKindName(_ name: String) -> Bool {
    do {
      try checkName(name, what: "")
      return true
    } catch {
      return false
    }
  }
}
