extension KindDefinition {
  /// Things a person marked as favorite: newest first; favoriting the same ref again changes
  /// nothing.
  public static let favorites = KindDefinition(
    name: "favorites", item: "favorite",
    fields: [
      FieldDefinition("ref", .text(), required: true),
      FieldDefinition("title", .text(), required: true),
      FieldDefinition("note", .text()),
    ],
    unique: UniqueRule(["ref"], onDuplicate: .keep),
    show: ["id", "ref", "title", "note", "added_at"],
    placeholders: [
      .empty: PlaceholderText(
        title: "No favorites yet", detail: "Items you favorite will show up here.",
        action: "lists add favorites --ref REF --title TITLE")
    ])

  /// Shipping addresses: the default first, then by label, case-insensitively.
  public static let addresses = KindDefinition(
    name: "addresses", item: "address",
    fields: [
      FieldDefinition("label", .text(), required: true, caseInsensitive: true),
      FieldDefinition("recipient", .text(), required: true),
      FieldDefinition("line1", .text(), required: true),
      FieldDefinition("line2", .text()),
      FieldDefinition("city", .text(), required: true),
      FieldDefinition("region", .text()),
      FieldDefinition("postal_code", .text(), required: true),
      FieldDefinition("country", .text(pattern: "[A-Z][A-Z]"), required: true),
      FieldDefinition("phone", .text()),
      FieldDefinition("is_default", .bool, default: .bool(false), onePerAccount: true),
      FieldDefinition("created_at", .timestamp, default: .now),
    ],
    order: [OrderTerm("is_default", descending: true), OrderTerm("label")],
    show: ["id", "label", "recipient", "city", "country", "is_default"],
    placeholders: [
      .empty: PlaceholderText(
        title: "No addresses yet", detail: "Add a shipping address to check out faster.",
        action: "lists add addresses --label LABEL ...")
    ])

  /// Placed orders: newest first; an order number is unique per account.
  public static let orders = KindDefinition(
    name: "orders", item: "order",
    fields: [
      FieldDefinition("number", .text(), required: true),
      FieldDefinition(
        "status", .enumeration(["pending", "paid", "shipped", "delivered", "cancelled", "refunded"]),
        default: .text("pending")),
      FieldDefinition("total", .money(currencyColumn: "currency"), required: true),
      FieldDefinition("placed_at", .timestamp, default: .now),
    ],
    order: [OrderTerm("placed_at", descending: true)],
    unique: UniqueRule(["number"], onDuplicate: .reject),
    show: ["id", "number", "status", "total", "placed_at"],
    placeholders: [
      .empty: PlaceholderText(
        title: "No orders yet", detail: "Orders you place will show up here.",
        action: "lists add orders --number NUMBER --total AMOUNT --currency CODE")
    ])

  /// The kinds every lists database has, in the order the overview lists them.
  public static let builtIns: [KindDefinition] = [favorites, addresses, orders]
}
