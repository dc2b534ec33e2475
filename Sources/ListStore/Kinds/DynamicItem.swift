import SQLiteCore

/// An item of any kind, its fields by name: what the command line and code that does not know
/// a kind at compile time read and write. An app's own record types read their columns
/// directly instead.
///
/// For example:
///
/// ```swift
/// let book = DynamicDraft(["title": .text("Dune"), "pages": .integer(412)])
/// ```
public struct DynamicItem: Sendable, Hashable, Identifiable {
  /// The row id.
  public var id: Int64
  /// One value per field of the kind's definition, in its order.
  public var values: [FieldValue]
  /// When the item was added, for a kind with the implicit `added_at` column; nil otherwise
  /// (the field that defaults to now holds it).
  public var addedAt: Timestamp?

  /// An item with its values in the definition's field order.
  public init(id: Int64, values: [FieldValue], addedAt: Timestamp? = nil) {
    self.id = id
    self.values = values
    self.addedAt = addedAt
  }

  /// The value of the field named `name` of `definition`, or nil when it has no such field.
  public func value(of name: String, in definition: KindDefinition) -> FieldValue? {
    definition.fields.firstIndex { $0.name == name }.map { values[$0] }
  }

  /// Reads the item from the row `statement` stands on, selected in the kind's column
  /// order, following the kind's decode plan. A value another program stored that this build
  /// would not write (an unknown currency code) is shown as it is rather than failing the page.
  init(row statement: Statement, plan: KindStatements.DecodePlan) {
    var values: [FieldValue] = []
    values.reserveCapacity(plan.fields.count)
    for (column, rules) in plan.fields {
      values.append(statement.isNull(at: column) ? .null : rules.read(statement, at: column))
    }
    id = statement.int64(at: 0)
    self.values = values
    addedAt = plan.addedAtColumn.map { Timestamp(millisecondsSince1970: statement.int64(at: $0)) }
  }
}

/// What adding an item of any kind takes: the values of the fields it gives, by name. Fields
/// left out get their defaults.
public struct DynamicDraft: Sendable, Hashable {
  /// The values given, by field name.
  public var values: [String: FieldValue]
  /// When the item was added, for a kind with the implicit `added_at` column; nil for the time it is added.
  public var addedAt: Timestamp?

  /// A draft with `values`.
  public init(_ values: [String: FieldValue], addedAt: Timestamp? = nil) {
    self.values = values
    self.addedAt = addedAt
  }
}
