extension KindDefinition {
  /// Things a person marked as favorite: newest first; favoriting the same ref again changes
  /// nothing.
  public static let favorites = KindDefinition(
    name: "favorites", item: "favorite",
    fields: [
      FieldDefinition(
        "ref", .text(), required: true, display: ["help": "What is favorited, e.g. a product id."]),
      FieldDefinition(
        "title", .text(), required: true, display: ["help": "The name shown in the list."]),
      FieldDefinition(
        "note", .text(), display: ["help": "A note to keep with it.", "placeholder": "text"]),
    ],
    unique: UniqueRule(["ref"], onDuplicate: .keep),
    show: ["id", "ref", "title", "note", "added_at"],
    placeholders: [
      .empty: PlaceholderText(
        title: "No favorites yet", detail: "Items you favorite will show up here.",
        display: ["action": "lists add favorites --ref REF --title TITLE"])
    ],
    display: ["help": "Adds a favorite; favoriting the same ref again changes nothing and succeeds."])

  /// Shipping addresses: the default first, then by label, case-insensitively.
  public static let addresses = KindDefinition(
    name: "addresses", item: "address",
    fields: [
      FieldDefinition(
        "label", .text(), required: true, caseInsensitive: true,
        display: ["help": "A name for the address, e.g. Home."]),
      FieldDefinition(
        "recipient", .text(), required: true,
        display: ["help": "Who receives the parcels.", "placeholder": "name"]),
      FieldDefinition(
        "line1", .text(), required: true,
        display: ["help": "Street and number.", "placeholder": "text"]),
      FieldDefinition(
        "line2", .text(), display: ["help": "Apartment, floor, building.", "placeholder": "text"]),
      FieldDefinition("city", .text(), required: true, display: ["help": "The city."]),
      FieldDefinition("region", .text(), display: ["help": "State, province or county."]),
      FieldDefinition(
        "postal_code", .text(), required: true,
        display: ["help": "The postal code.", "placeholder": "code"]),
      FieldDefinition(
        "country", .text(pattern: "[A-Z][A-Z]"), required: true, uppercase: true,
        format: "a two-letter ISO 3166 code such as DE",
        display: ["help": "ISO 3166-1 alpha-2 country code, e.g. DE.", "placeholder": "code"]),
      FieldDefinition("phone", .text(), display: ["help": "A phone number for the courier."]),
      FieldDefinition(
        "is_default", .bool, default: .bool(false), onePerAccount: true,
        display: ["help": "Make it the default address (the previous default stops being one).", "flag": "default"]),
      FieldDefinition("created_at", .timestamp, default: .now),
    ],
    order: [OrderTerm("is_default", descending: true), OrderTerm("label")],
    show: ["id", "label", "recipient", "line1", "city", "country", "phone", "is_default"],
    placeholders: [
      .empty: PlaceholderText(
        title: "No addresses yet", detail: "Add a shipping address to check out faster.",
        display: ["action": "lists add addresses --label LABEL ..."])
    ],
    display: [
      "help": "Adds a shipping address.",
      "add": ["label", "recipient", "line1", "line2", "city", "region", "postal_code", "country", "phone", "is_default"],
    ])

  /// Placed orders: newest first; an order number is unique per account.
  public static let orders = KindDefinition(
    name: "orders", item: "order",
    fields: [
      FieldDefinition(
        "number", .text(), required: true,
        display: ["help": "The order number, unique in the account."]),
      FieldDefinition(
        "status", .enumeration(["pending", "paid", "shipped", "delivered", "cancelled", "refunded"]),
        default: .text("pending"), display: ["help": "Where the order is."]),
      FieldDefinition(
        "total", .money(currencyColumn: "currency"), required: true,
        display: ["help": "The total as an exact decimal, e.g. 19.99; no more decimals than the currency has."]),
      FieldDefinition(
        "placed_at", .timestamp, default: .now,
        display: ["help": "When it was placed, ISO 8601, e.g. 2026-11-30T13:40:00Z."]),
    ],
    order: [OrderTerm("placed_at", descending: true)],
    unique: UniqueRule(["number"], onDuplicate: .reject),
    show: ["id", "number", "status", "total", "placed_at"],
    placeholders: [
      .empty: PlaceholderText(
        title: "No orders yet", detail: "Orders you place will show up here.",
        display: ["action": "lists add orders --number NUMBER --total AMOUNT --currency CODE"])
    ],
    display: ["help": "Adds an order.", "add": ["number", "total", "status", "placed_at"], "summary": ["total", "status"]])

  /// The kinds every lists database has, in the order the overview lists them.
  public static let builtIns: [KindDefinition] = [favorites, addresses, orders]
}
