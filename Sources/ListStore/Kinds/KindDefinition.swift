/// A list kind: a list type such as favorites, orders or an app's own books, declared by its
/// fields, order, uniqueness, the columns a table shows, the fields search looks in, and its
/// placeholders. The texts a program shows it with are a part apart (``display``, and each
/// field's and placeholder's), which the store keeps but never acts on.
///
/// The built-in favorites, addresses and orders are three definitions made with this same type
/// (``KindDefinition/favorites``, ...). A definition is written the same way in Swift and as
/// JSON (``init(json:)``, ``json``), and the file keeps the JSON of every kind it holds in the
/// table `list_kinds`.
///
/// For example:
///
/// ```swift
/// let books = KindDefinition(
///   name: "books", item: "book",
///   fields: [
///     FieldDefinition("title", .text(maxLength: 300), required: true),
///     FieldDefinition("author", .text()),
///     FieldDefinition("pages", .integer(min: 1)),
///   ],
///   unique: UniqueRule(["title", "author"]),
///   show: ["title", "author"])
/// ```
///
/// Every kind has the columns `id` and `account`, and `added_at` (the time an item was added)
/// unless one of its timestamp fields defaults to ``FieldDefault/now``, which then plays that
/// part. The order ends with `id` as the tie-break, in the direction of the last term.
public struct KindDefinition: Sendable, Hashable {
  /// The kind's name, also its table's: `[a-z][a-z0-9_]*`, at most 40 characters.
  public var name: String
  /// The name of one item, for messages: `book`.
  public var item: String
  /// The fields, in the order the table, JSON and help list them.
  public var fields: [FieldDefinition]
  /// The order of the list as given, without the implied `id` tie-break; empty for the
  /// default, newest added first.
  public var order: [OrderTerm]
  /// Which fields are unique per account, if any.
  public var unique: UniqueRule?
  /// The fields the human table shows, in order; empty for every field.
  public var show: [String]
  /// The text fields full-text search looks in.
  public var search: [String]
  /// Placeholders the kind gives instead of the defaults, per phase.
  public var placeholders: [PlaceholderPhase: PlaceholderText]
  /// The texts the programs that show the kind keep with it (`help`, `add`, `summary`): kept
  /// in the kind's JSON, never acted on by the store; each field's are
  /// ``FieldDefinition/display``, each placeholder's ``PlaceholderText/display``.
  public var display: DisplayTexts

  /// A definition; ``validate()`` says whether it can be registered.
  public init(
    name: String, item: String, fields: [FieldDefinition], order: [OrderTerm] = [],
    unique: UniqueRule? = nil, show: [String] = [], search: [String] = [],
    placeholders: [PlaceholderPhase: PlaceholderText] = [:], display: DisplayTexts = [:]
  ) {
    self.display = display
    self.name = name
    self.item = item
    self.fields = fields
    self.order = order
    self.unique = unique
    self.show = show
    self.search = search
    self.placeholders = placeholders
  }

  /// The column holding the time an item was added: the timestamp field that defaults to now,
  /// else the implicit `added_at`.
  public var addedColumn: String {
    fields.first { $0.type == .timestamp && $0.defaultValue == .now }?.name ?? "added_at"
  }

  /// Whether the kind has the implicit `added_at` column (no field of its own plays that part).
  public var hasImplicitAddedAt: Bool {
    !fields.contains { $0.type == .timestamp && $0.defaultValue == .now }
  }

  /// The order the list is read in, with the `id` tie-break, as its pages and indexes use it.
  public var effectiveOrder: [OrderTerm] {
    var terms = order.isEmpty ? [OrderTerm(addedColumn, descending: true)] : order
    if terms.last?.field != "id" {
      terms.append(OrderTerm("id", descending: terms.last?.descending ?? true))
    }
    return terms
  }

  /// The field named `name`, if the kind has one.
  public func field(named name: String) -> FieldDefinition? {
    fields.first { $0.name == name }
  }

  /// The fields the human table shows.
  public var shownFields: [String] { show.isEmpty ? fields.map(\.name) : show }

  /// The definition without the texts that only show it (``display``, each placeholder's, and
  /// each field's ``FieldDefinition/stored``): what its table and stored items depend on.
  public var stored: KindDefinition {
    var definition = self
    definition.display = [:]
    definition.fields = fields.map(\.stored)
    definition.placeholders = placeholders.mapValues { PlaceholderText(title: $0.title, detail: $0.detail) }
    return definition
  }
}
