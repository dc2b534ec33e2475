import SQLiteCore

/// Where a draft's values go: the insert of its kind, each value given by its field's name
/// (`try bindings.text("title", draft.title)`). Each value is checked against its field as it is
/// given: type, required, text limits (not empty when required, no NUL, `max_length`,
/// `pattern`), integer range, enum values. A field given no value gets its default (the time of
/// the add for `now`); a required field given none is refused.
///
/// A name is found among the fields by its bytes, starting at the field after the last one
/// given, so a draft that gives its fields in the definition's order pays one short comparison
/// per field. Naming a field the kind does not have, or giving a field twice, is a programming
/// error: it stops the program with the name, as reading one from a ``KindRow`` does.
///
/// Valid only inside ``KindRecord/bind(_:to:)``.
public struct KindBindings {
  /// Where the values go; nil while the values are only recorded (``recordingUniqueValues(of:now:_:)``).
  let statement: Statement?
  /// The kind's statements and what binding needs of each field, worked out once.
  let statements: KindStatements
  let now: Int64
  /// The field after the last one given: where the next value goes when given in order
  /// (``value(_:)``), and where the next name is looked for first.
  private(set) var field = 0
  /// Which of the first 64 fields were given a value (bit `n`: field `n`).
  private var given: UInt64 = 0
  /// Which of the fields past the 64th were given a value; empty until one is.
  private var givenBeyond: [Bool] = []
  /// The values given to the unique fields, by field name: recorded only when a duplicate
  /// needs them (the error names them; a kind that keeps duplicates looks the stored one up),
  /// never on the way of an insert that goes through.
  private(set) var uniqueValues: [String: FieldValue] = [:]
  /// The one-per-account fields given `true`: the other items' are cleared before the insert.
  private(set) var setOnePerAccount: [String] = []
  /// The implicit `added_at` given, if any.
  private(set) var addedAt: Int64?
  /// While finding an update's changes (``changes(of:from:to:)``): one slot per field, in the
  /// definition's order, holding the original's values (nil where it gave none); then, as the
  /// draft gives each field, its value where it differs from the original's and nil where it
  /// does not. Empty otherwise. (The caller's array, valid while ``changes(of:into:from:to:)``
  /// runs.)
  private var compared = UnsafeMutableBufferPointer<FieldValue?>(start: nil, count: 0)
  /// What the values given are for.
  private var purpose = Purpose.binding

  /// What the values given to a ``KindBindings`` are for.
  private enum Purpose {
    /// Checked and bound to the statement (or recorded, without one).
    case binding
    /// Kept, unchecked, as the original of an update.
    case comparingOriginal
    /// Compared, unchecked, with the original's.
    case comparingDraft
  }

  init(_ statement: Statement, statements: KindStatements, now: Int64) {
    self.statement = statement
    self.statements = statements
    self.now = now
  }

  private init(recordingFor statements: KindStatements, now: Int64) {
    self.statement = nil
    self.statements = statements
    self.now = now
  }

  /// The values `bind` gives the unique fields, found by running it again without a
  /// statement: what a duplicate's error names and a kept duplicate is looked up by.
  static func recordingUniqueValues(
    of statements: KindStatements, now: Int64, _ bind: (inout KindBindings) throws -> Void
  ) rethrows -> [String: FieldValue] {
    var recording = KindBindings(recordingFor: statements, now: now)
    try bind(&recording)
    try? recording.giveDefaults()
    return recording.uniqueValues
  }

  private init(comparingFor statements: KindStatements, in slots: UnsafeMutableBufferPointer<FieldValue?>) {
    self.statement = nil
    self.statements = statements
    self.now = 0
    self.compared = slots
    self.purpose = .comparingOriginal
  }

  /// The fields whose values `draft` gives otherwise than `original` does, into `changes`
  /// (one empty slot per field, in the definition's order): the value where a field changes,
  /// nil where it keeps its value. What an update writes. Neither is checked nor bound; a
  /// field `draft` leaves out keeps its value, a nil value is `.null`.
  static func changes<Failure: Error>(
    of statements: KindStatements, into changes: inout [FieldValue?],
    from original: (inout KindBindings) throws(Failure) -> Void,
    to draft: (inout KindBindings) throws(Failure) -> Void
  ) throws(Failure) {
    precondition(changes.count == statements.definition.fields.count, "one slot per field")
    try changes.withUnsafeMutableBufferPointer { slots throws(Failure) in
      var bindings = KindBindings(comparingFor: statements, in: slots)
      try original(&bindings)
      bindings.field = 0
      bindings.given = 0
      bindings.givenBeyond = []
      bindings.purpose = .comparingDraft
      try draft(&bindings)
      // The fields the draft did not give keep their values.
      for index in 0..<slots.count where !bindings.wasGiven(index) { slots[index] = nil }
    }
  }

  /// Keeps `value` of the field at `index` while finding changes: the original's, or the
  /// draft's when it differs from the original's.
  @inline(__always)
  private mutating func compare(_ value: FieldValue, at index: Int) {
    if purpose == .comparingDraft && compared[index] == value {
      compared[index] = nil
    } else {
      compared[index] = value
    }
  }

  /// Gives every field not given a value its default (or null): what an insert binds for the
  /// fields a draft leaves out.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` for a required field left out.
  mutating func giveDefaults() throws(ListStoreError) {
    for index in 0..<statements.fieldChecks.count where !wasGiven(index) {
      markGiven(index)
      try bindDefault(index)
    }
    field = statements.fieldChecks.count
  }

  /// The parameter after the fields': the implicit `added_at`.
  var addedAtParameter: Int32 { statements.addedAtParameter }

  /// Gives the field `name`, a text or enum, its value (nil: its default).
  public mutating func text(_ name: StaticString, _ value: String?) throws(ListStoreError) {
    try text(value, at: index(of: name))
  }

  /// Gives the field at `index` its value: see ``text(_:_:)``.
  mutating func text(_ value: String?, at index: Int) throws(ListStoreError) {
    if purpose != .binding { return compare(value.map(FieldValue.text) ?? .null, at: index) }
    guard let value else { return try bindDefault(index) }
    try statements.check(.text(value), field: index)
    let stored = statements.fieldChecks[index].uppercase ? FieldValue.asciiUppercased(value) : value
    if statement == nil { keepIfUnique(index, .text(stored)) }
    try bind(index) { statement, at throws(SQLiteError) in try statement.bind(stored, at: at) }
  }

  /// Gives the field `name`, an integer, its value (nil: its default).
  public mutating func integer(_ name: StaticString, _ value: Int64?) throws(ListStoreError) {
    try integer(value, at: index(of: name))
  }

  /// Gives the field at `index` its value: see ``integer(_:_:)``.
  mutating func integer(_ value: Int64?, at index: Int) throws(ListStoreError) {
    try storedAsInteger(value.map(FieldValue.integer), value ?? 0, at: index)
  }

  /// Gives the field at `index` `value`, stored as the one integer `stored` (an integer, a
  /// timestamp's milliseconds, a date's days); nil: its default.
  mutating func storedAsInteger(_ value: FieldValue?, _ stored: Int64, at index: Int) throws(ListStoreError) {
    if purpose != .binding { return compare(value ?? .null, at: index) }
    guard let value else { return try bindDefault(index) }
    try statements.check(value, field: index)
    if statement == nil { keepIfUnique(index, value) }
    try bind(index) { statement, at throws(SQLiteError) in try statement.bind(stored, at: at) }
  }

  /// Gives the field `name`, a bool, its value (nil: its default).
  public mutating func bool(_ name: StaticString, _ value: Bool?) throws(ListStoreError) {
    try bool(value, at: index(of: name))
  }

  /// Gives the field at `index` its value: see ``bool(_:_:)``.
  mutating func bool(_ value: Bool?, at index: Int) throws(ListStoreError) {
    if purpose != .binding { return compare(value.map(FieldValue.bool) ?? .null, at: index) }
    guard let value else { return try bindDefault(index) }
    try statements.check(.bool(value), field: index)
    if statement == nil { keepIfUnique(index, .bool(value)) }
    // Through the check's reference: a copy of the field would retain each of its parts.
    let check = statements.fieldChecks[index]
    if value && check.field.onePerAccount { setOnePerAccount.append(check.field.name) }
    try bind(index) { statement, at throws(SQLiteError) in try statement.bind(value, at: at) }
  }

  /// Gives the field `name`, a timestamp, its value (nil: its default).
  public mutating func timestamp(_ name: StaticString, _ value: Timestamp?) throws(ListStoreError) {
    try timestamp(value, at: index(of: name))
  }

  /// Gives the field at `index` its value: see ``timestamp(_:_:)``.
  mutating func timestamp(_ value: Timestamp?, at index: Int) throws(ListStoreError) {
    try storedAsInteger(value.map(FieldValue.timestamp), value?.millisecondsSince1970 ?? 0, at: index)
  }

  /// Gives the field `name`, money, its value (nil: its default).
  public mutating func money(_ name: StaticString, _ value: Money?) throws(ListStoreError) {
    try money(value, at: index(of: name))
  }

  /// Gives the field at `index` its value: see ``money(_:_:)``.
  mutating func money(_ value: Money?, at index: Int) throws(ListStoreError) {
    if purpose != .binding { return compare(value.map(FieldValue.money) ?? .null, at: index) }
    guard let value else { return try bindDefault(index) }
    try statements.check(.money(value), field: index)
    try bind(index) { statement, at throws(SQLiteError) in
      try statement.bind(value.minorUnits, at: at)
      try statement.bind(value.currency.code, at: at + 1)
    }
  }

  /// Gives the field at `index`, a text or enum, its value (nil: its default): the field a
  /// ``FieldRecord`` declares at that place (an app's enum, whose code is compiled in the app).
  @usableFromInline
  mutating func text(_ value: String?, field index: Int) throws(ListStoreError) {
    givenInOrder(index)
    try text(value, at: index)
  }

  /// Marks the field at `index`, which a record's declaration places there, given: what a
  /// ``FieldRecord`` does before giving it its value by type (``text(_:at:)`` and the others).
  @inline(__always)
  mutating func givenInOrder(_ index: Int) {
    precondition(index < statements.fieldChecks.count, "more values bound than \(statements.definition.name) has fields")
    markGiven(index)
    field = index + 1
  }

  /// Gives the item the time it was added, for a kind with the implicit `added_at` (see
  /// ``KindDefinition/hasImplicitAddedAt``); without it, the time of the add.
  public mutating func addedAt(_ value: Timestamp?) {
    addedAt = value?.millisecondsSince1970
  }

  /// Gives the next field `value`, whatever its type: the field after the last one given, in
  /// the definition's order.
  mutating func value(_ value: FieldValue) throws(ListStoreError) {
    try give(value, at: next())
  }

  /// Gives the field at `index` `value`, whatever its type, as ``value(_:)`` gives the next:
  /// an update's changed fields, each at its place, without stepping over the others.
  mutating func value(_ value: FieldValue, at index: Int) throws(ListStoreError) {
    guard index >= 0 && index < statements.fieldChecks.count else {
      throw .internalError(detail: "no field \(index) in \(statements.definition.name)")
    }
    markGiven(index)
    field = index + 1
    try give(value, at: index)
  }

  /// Gives the field at `index`, already marked given, `value`.
  private mutating func give(_ value: FieldValue, at index: Int) throws(ListStoreError) {
    if case .null = value {
      if purpose != .binding { return compare(.null, at: index) }
      return try bindDefault(index)
    }
    try value.give(to: &self, at: index)
  }

  /// Gives the fields from the next one on `values`, one each, in the definition's order
  /// (``KindStatements/orderedValues(of:)``).
  mutating func values(_ values: [FieldValue]) throws(ListStoreError) {
    for value in values { try self.value(value) }
  }

  /// The index of the next field, moving on to the one after it.
  private mutating func next() throws(ListStoreError) -> Int {
    guard field < statements.fieldChecks.count else {
      throw .internalError(detail: "more values bound than \(statements.definition.name) has fields")
    }
    markGiven(field)
    defer { field += 1 }
    return field
  }

  /// The index of the field `name`, marked given; the next name is looked for after it first.
  @inline(__always)
  mutating func index(of name: StaticString) -> Int {
    guard let index = statements.fieldNameIndex.addresses.index(of: name, expected: field) ?? lookUp(name) else {
      preconditionFailure("\(statements.definition.name) has no field \(name)")
    }
    if wasGiven(index) { preconditionFailure("the field \(name) of \(statements.definition.name) is given twice") }
    markGiven(index)
    field = index + 1
    return index
  }

  /// The index of the field `name` found by its bytes: apart, so that the lookup by the
  /// literal's address before it retains nothing.
  @inline(never)
  private func lookUp(_ name: StaticString) -> Int? {
    statements.fieldNameIndex.index(of: name, expected: field)
  }

  /// Whether the field at `index` was given a value.
  @inline(__always)
  private func wasGiven(_ index: Int) -> Bool {
    index < 64 ? given & (1 << UInt64(index)) != 0 : index - 64 < givenBeyond.count && givenBeyond[index - 64]
  }

  @inline(__always)
  private mutating func markGiven(_ index: Int) {
    if index < 64 {
      given |= 1 << UInt64(index)
    } else {
      if givenBeyond.isEmpty { givenBeyond = Array(repeating: false, count: statements.fieldChecks.count - 64) }
      givenBeyond[index - 64] = true
    }
  }

  /// Records `value` of the field at `index` when the field is one of the unique rule's.
  private mutating func keepIfUnique(_ index: Int, _ value: FieldValue) {
    if statements.isUniqueField[index] { uniqueValues[statements.fieldChecks[index].field.name] = value }
  }

  /// Binds the default of the field at `index`, or null; a required field without a value is
  /// refused.
  private mutating func bindDefault(_ index: Int) throws(ListStoreError) {
    let check = statements.fieldChecks[index]
    if check.field.required { throw .invalidValue(field: check.field.name, reason: "is required") }
    let defaultValue = check.field.defaultValue
    let now = self.now
    if statement == nil {
      switch defaultValue {
      case .text(let text)?: keepIfUnique(index, .text(text))
      case .integer(let number)?: keepIfUnique(index, .integer(number))
      case .bool(let flag)?: keepIfUnique(index, .bool(flag))
      case .now?: keepIfUnique(index, .integer(now))
      case nil: break
      }
    }
    let columns = statements.fieldColumnCounts[index]
    try bind(index) { statement, at throws(SQLiteError) in
      switch defaultValue {
      case .text(let text)?: try statement.bind(text, at: at)
      case .integer(let number)?: try statement.bind(number, at: at)
      case .bool(let flag)?: try statement.bind(flag, at: at)
      case .now?: try statement.bind(now, at: at)
      case nil:
        for offset in 0..<columns { try statement.bindNull(at: at + offset) }
      }
    }
  }

  /// Runs `body` binding the parameters of the field at `index` (from the first one it is
  /// given); while only recording, nothing is bound.
  private func bind(_ index: Int, _ body: (Statement, Int32) throws(SQLiteError) -> Void) throws(ListStoreError) {
    guard let statement else { return }
    do {
      try body(statement, statements.fieldParameters[index])
    } catch {
      throw .internalError(detail: error.description)
    }
  }
}
