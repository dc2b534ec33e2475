extension KindDefinition {
  /// What changing a registered kind to a new definition does to the file.
  public struct UpdatePlan: Sendable, Hashable {
    /// The fields the new definition adds.
    public var addedFields: [FieldDefinition]
    /// The SQL that adds them: one `ALTER TABLE ... ADD COLUMN` per column, and the index a
    /// one-per-account field needs.
    public var sql: [String]
    /// Whether anything changes at all.
    public var changesAnything: Bool
  }

  /// The plan for changing this registered definition to `new`, or the reason it cannot be
  /// applied. Allowed are the changes that lose nothing stored: new optional fields (or fields
  /// with a default), another item name, placeholders, `show` and `search`. Removing or
  /// changing a field, the order or the unique rule is refused.
  /// - Throws: ``KindDefinitionError`` naming the first change that is not allowed.
  public func plan(changingTo new: KindDefinition) throws(KindDefinitionError) -> UpdatePlan {
    guard new.name == name else {
      throw KindDefinitionError("The definition is of '\(new.name)', not '\(name)'.")
    }
    for field in new.fields where field.type == .timestamp && field.defaultValue == .now && self.field(named: field.name) == nil {
      throw KindDefinitionError(
        "The new field '\(field.name)' cannot default to now: '\(name)' keeps the time an item was added in \(addedColumn).")
    }
    try new.validate()
    for field in fields {
      guard let changed = new.field(named: field.name) else {
        throw KindDefinitionError(
          "The change removes the field '\(field.name)', which would lose what the items of '\(name)' hold; "
            + "a field can only be added.")
      }
      if changed.stored != field.stored {
        throw KindDefinitionError(
          "The change alters the field '\(field.name)' (\(Self.difference(field, changed))); stored items "
            + "could break it, so a field can only be added.")
      }
    }
    if new.effectiveOrder != effectiveOrder {
      throw KindDefinitionError("The change alters the order of '\(name)', which its page index is made for.")
    }
    if new.unique != unique {
      throw KindDefinitionError("The change alters the unique rule of '\(name)', which stored items may not meet.")
    }
    var added: [FieldDefinition] = []
    var sql: [String] = []
    for field in new.fields where self.field(named: field.name) == nil {
      if field.required {
        throw KindDefinitionError(
          "The new field '\(field.name)' is required, but the items already stored have no value for it; "
            + "make it optional or give it a default.")
      }
      added.append(field)
      for column in Self.columnSQL(field) { sql.append("ALTER TABLE \(sqlName) ADD COLUMN \(column)") }
      if field.onePerAccount { sql.append(new.onePerAccountIndexSQL(for: field)) }
      if let index = new.filterIndexSQL(for: field) { sql.append(index) }
    }
    return UpdatePlan(addedFields: added, sql: sql, changesAnything: new != self)
  }

  /// What differs between two versions of one field, in words.
  private static func difference(_ old: FieldDefinition, _ new: FieldDefinition) -> String {
    if old.type.name != new.type.name { return "its type from \(old.type.name) to \(new.type.name)" }
    if old.required != new.required { return new.required ? "it becomes required" : "it is no longer required" }
    if old.defaultValue != new.defaultValue { return "its default" }
    if old.type != new.type { return "its limits" }
    return "its options"
  }
}
