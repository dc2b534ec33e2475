/// One condition on a field of a kind: only the items whose field compares to a value so.
///
/// Text, enum and bool fields compare for equality only; integer, money, timestamp and date
/// fields also with `<`, `<=`, `>` and `>=`. A money filter compares exact minor units and requires
/// its currency: `total>=20.00 EUR` keeps the items of at least 20.00 EUR and never an item
/// in another currency, since amounts in two currencies do not compare.
///
/// For example:
///
/// ```swift
/// let done = KindFilter(field: "status", op: .equal, value: .text("done"))
/// let long = try KindFilter(parsing: "pages>=300", in: books)   // as typed after --where
/// ```
public struct KindFilter: Sendable, Hashable, CustomStringConvertible {
  /// How the field's value compares to the filter's.
  public enum Operator: String, Sendable, Hashable, CaseIterable {
    /// `=`
    case equal = "="
    /// `<`
    case less = "<"
    /// `<=`
    case lessOrEqual = "<="
    /// `>`
    case greater = ">"
    /// `>=`
    case greaterOrEqual = ">="
  }

  /// The field's name.
  public var field: String
  /// The comparison.
  public var op: Operator
  /// The value compared with, typed as the field is (a ``FieldValue/money(_:)`` with its
  /// currency for a money field, a ``FieldValue/timestamp(_:)`` for a timestamp field).
  public var value: FieldValue

  /// A filter keeping the items whose `field` compares to `value` by `op`.
  public init(field: String, op: Operator, value: FieldValue) {
    self.field = field
    self.op = op
    self.value = value
  }

  /// The filter as a person types it: `status=done`, `pages>=300`, `total>=20.00 EUR`,
  /// `finished_at<2026-01-01T00:00:00Z`.
  public var description: String {
    field + op.rawValue + value.typed
  }

  /// Parses `FIELD=VALUE`, `FIELD>=VALUE` and the like, reading the value by the field's type.
  ///
  /// - bool: `true`/`false` (also `yes`/`no`, `1`/`0`);
  /// - enum: one of its values; text: the text as it is (it may be empty);
  /// - integer: a decimal integer; timestamp: ISO 8601 UTC, or a date alone (midnight UTC);
  /// - date: `YYYY-MM-DD`;
  /// - money: an amount and its currency, `20.00 EUR` (the space may be left out).
  ///
  /// - Throws: ``ListStoreError/unknownField(kind:field:known:)`` for a field the kind does not
  ///   have; ``ListStoreError/invalidFilter(_:reason:)`` for text without an operator, an
  ///   operator the field's type does not have, or a value the field cannot hold.
  public init(parsing text: String, in definition: KindDefinition) throws(ListStoreError) {
    guard let start = text.firstIndex(where: { $0 == "=" || $0 == "<" || $0 == ">" }) else {
      throw .invalidFilter(text, reason: "has no comparison; write it as FIELD=VALUE, or FIELD>=VALUE and the like")
    }
    let name = String(text[..<start])
    var rest = text[start...]
    var op = Operator(rawValue: String(rest.prefix(1))) ?? .equal
    if rest.count >= 2, let two = Operator(rawValue: String(rest.prefix(2))) { op = two }
    rest = rest.dropFirst(op.rawValue.count)
    guard let field = definition.field(named: name) else {
      throw .unknownField(kind: definition.name, field: name, known: definition.fields.map(\.name))
    }
    let raw = String(rest)
    func invalid(_ reason: String) -> ListStoreError { .invalidFilter(text, reason: reason) }
    let rules = field.type.rules
    guard op == .equal || rules.isOrdered else {
      throw invalid("compares \(field.type.name) field '\(name)' with \(op.rawValue); it can only be matched with =")
    }
    let value = try rules.filterValue(raw, field: field, op: op, invalid: invalid)
    self.init(field: name, op: op, value: value)
  }
}
