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

  var id: Int64
  var title: String
  var author: String?
  var pages: Int64?
  var price: Money?
  var status: Status
  var finishedAt: Timestamp?
  var signed: Bool
  var addedAt: Timestamp

  init(row: KindRow) {
    id = row.id
    title = row.text("title")
    author = row.optionalText("author")
    pages = row.optionalInteger("pages")
    price = row.optionalMoney("price")
    // Compared in the column's bytes, as the C side does: no String per row for the status.
    status = row.text("status", is: "reading") ? .reading : row.text("status", is: "done") ? .done : .want
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
    try bindings.text(draft.title)
    try bindings.text(draft.author)
    try bindings.integer(draft.pages)
    try bindings.money(draft.price)
    try bindings.text(Status.names[draft.status.rawValue])
    try bindings.timestamp(nil)
    try bindings.bool(false)
    bindings.addedAt(draft.addedAt)
  }
}
