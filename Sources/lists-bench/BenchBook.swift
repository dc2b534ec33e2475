import ListStore

/// The benchmark's app-defined kind: the README's example books, as an app declares them, with a
/// typed record read by field name and written by binding — the path `kind_page_ratio` and
/// `kind_insert_ratio` time.
struct BenchBook: KindRecord {
  static let definition = KindDefinition(
    name: "books", item: "book",
    fields: [
      FieldDefinition("title", .text(maxLength: 300), required: true),
      FieldDefinition("author", .text()),
      FieldDefinition("pages", .integer(min: 1)),
      FieldDefinition("price", .money()),
      FieldDefinition("status", .enumeration(["want", "reading", "done"]), default: .text("want")),
      FieldDefinition("finished_at", .timestamp),
      FieldDefinition("signed", .bool, default: .bool(false)),
    ],
    unique: UniqueRule(["title", "author"]),
    show: ["title", "author", "status"],
    search: ["title", "author"])

  /// Where a book is.
  enum Status: Int, Sendable {
    case want, reading, done

    static let names = ["want", "reading", "done"]
  }

  let id: Int64
  let title: String
  let author: String?
  let pages: Int64?
  let price: Money?
  let status: Status
  let finishedAt: Timestamp?
  let signed: Bool
  let addedAt: Timestamp

  init(row: KindRow) {
    id = row.id
    title = row.text("title")
    author = row.optionalText("author")
    pages = row.optionalInteger("pages")
    price = row.optionalMoney("price")
    // Compared in the column's bytes, as the C side does: no String per row for the status.
    status = Status(rawValue: row.text("status", among: "want", "reading", "done") ?? 0) ?? .want
    finishedAt = row.optionalTimestamp("finished_at")
    signed = row.bool("signed")
    addedAt = row.timestamp("added_at")
  }

  struct Draft: Sendable {
    var title: String
    var author: String?
    var pages: Int64?
    var price: Money?
    var status: Status
    var addedAt: Timestamp
  }

  var draft: Draft {
    Draft(title: title, author: author, pages: pages, price: price, status: status, addedAt: addedAt)
  }

  static func bind(_ draft: Draft, to bindings: inout KindBindings) throws(ListStoreError) {
    try bindings.text("title", draft.title)
    try bindings.text("author", draft.author)
    try bindings.integer("pages", draft.pages)
    try bindings.money("price", draft.price)
    try bindings.text("status", Status.names[draft.status.rawValue])
    bindings.addedAt(draft.addedAt)
  }
}
