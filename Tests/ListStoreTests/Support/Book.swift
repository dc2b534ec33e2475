import ListStore

/// The README's books as an app declares them: a typed record of the kind.
struct Book: KindRecord, Equatable {
  static let definition = KindRegistryTests.books

  let id: Int64
  let title: String
  let author: String?
  let pages: Int64?
  let price: Money?
  let status: String
  let finishedAt: Timestamp?
  let signed: Bool
  let addedAt: Timestamp

  init(row: KindRow) {
    id = row.id
    title = row.text("title")
    author = row.optionalText("author")
    pages = row.optionalInteger("pages")
    price = row.optionalMoney("price")
    status = row.text("status")
    finishedAt = row.optionalTimestamp("finished_at")
    signed = row.bool("signed")
    addedAt = row.timestamp("added_at")
  }

  struct Draft: Sendable {
    var title: String
    var author: String? = nil
    var pages: Int64? = nil
    var price: Money? = nil
    var status: String? = nil
    var finishedAt: Timestamp? = nil
    var signed: Bool? = nil
    var addedAt: Timestamp? = nil
  }

  var draft: Draft {
    Draft(
      title: title, author: author, pages: pages, price: price, status: status, finishedAt: finishedAt,
      signed: signed, addedAt: addedAt)
  }

  static func bind(_ draft: Draft, to bindings: inout KindBindings) throws(ListStoreError) {
    try bindings.text("title", draft.title)
    try bindings.text("author", draft.author)
    try bindings.integer("pages", draft.pages)
    try bindings.money("price", draft.price)
    try bindings.text("status", draft.status)
    try bindings.timestamp("finished_at", draft.finishedAt)
    try bindings.bool("signed", draft.signed)
    bindings.addedAt(draft.addedAt)
  }
}

/// A kind whose unique rule keeps duplicates, with one main shelf per account.
struct Shelf: KindRecord, Equatable {
  static let definition = KindDefinition(
    name: "shelves", item: "shelf",
    fields: [
      FieldDefinition("label", .text(), required: true),
      FieldDefinition("main", .bool, default: .bool(false), onePerAccount: true),
    ],
    unique: UniqueRule(["label"], onDuplicate: .keep))

  let id: Int64
  let label: String
  let main: Bool

  init(row: KindRow) {
    id = row.id
    label = row.text("label")
    main = row.bool("main")
  }

  struct Draft: Sendable {
    var label: String
    var main = false
  }

  var draft: Draft { Draft(label: label, main: main) }

  static func bind(_ draft: Draft, to bindings: inout KindBindings) throws(ListStoreError) {
    try bindings.text("label", draft.label)
    try bindings.bool("main", draft.main)
  }
}
