import ListStore

/// The benchmark's app-defined kind: the contract's §7 books, as an app declares them, with a
/// typed record read by column index and written by binding — the path `kind_page_ratio` and
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
    title = row.text(1)
    author = row.optionalText(2)
    pages = row.optionalInteger(3)
    price = row.optionalMoney(4)
    // Compared in the column's bytes, as the C side does: no String per row for the status.
    status = row.text(6, is: "reading") ? .reading : row.text(6, is: "done") ? .done : .want
    finishedAt = row.optionalTimestamp(7)
    signed = row.bool(8)
    addedAt = row.timestamp(9)
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
