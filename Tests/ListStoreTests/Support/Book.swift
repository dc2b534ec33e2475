import ListStore

/// The README's books as an app declares them: a typed record of the kind.
struct Book: KindRecord, Equatable {
  static let definition = KindRegistryTests.books

  var id: Int64
  var title: String
  var author: String?
  var pages: Int64?
  var price: Money?
  var status: String
  var finishedAt: Timestamp?
  var signed: Bool
  var addedAt: Timestamp

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
    try bindings.text(draft.title)
    try bindings.text(draft.author)
    try bindings.integer(draft.pages)
    try bindings.money(draft.price)
    try bindings.text(draft.status)
    try bindings.timestamp(draft.finishedAt)
    try bindings.bool(draft.signed)
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

  var id: Int64
  var label: String
  var main: Bool

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
    try bindings.text(draft.label)
    try bindings.bool(draft.main)
  }
}
