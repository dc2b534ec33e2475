import ListStoreTesting
import Testing

@testable import ListStore

/// A record's drafts bound by field name: in any order, fields left out getting their
/// defaults, a required one left out refused, an update writing only the fields its draft
/// gives; and an enum field read into an app's enum with `text(_:among:)`.
@Suite struct BindingByNameTests {
  /// The README's books, bound in reverse order and leaving `finished_at` and `signed` out.
  struct Shuffled: KindRecord {
    static let definition = KindRegistryTests.books

    enum Status: Int { case want, reading, done }

    let id: Int64
    let title: String
    let author: String?
    let pages: Int64?
    let status: Status
    let signed: Bool

    init(row: KindRow) {
      id = row.id
      title = row.text("title")
      author = row.optionalText("author")
      pages = row.optionalInteger("pages")
      status = Status(rawValue: row.text("status", among: "want", "reading", "done") ?? 0) ?? .want
      signed = row.bool("signed")
    }

    struct Draft: Sendable {
      var title: String?
      var author: String?
      var pages: Int64?
      var status: String?
    }

    var draft: Draft { Draft(title: title, author: author, pages: pages, status: ["want", "reading", "done"][status.rawValue]) }

    static func bind(_ draft: Draft, to bindings: inout KindBindings) throws(ListStoreError) {
      try bindings.text("status", draft.status)
      try bindings.integer("pages", draft.pages)
      try bindings.text("author", draft.author)
      try bindings.text("title", draft.title)
    }
  }

  @Test func fieldsBoundInAnyOrderLandInTheirColumnsAndTheRestGetDefaults() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: Shuffled.self)
      let dune = try books.add(Shuffled.Draft(title: "Dune", author: "Frank Herbert", pages: 412, status: "reading"))
      #expect(dune.title == "Dune" && dune.author == "Frank Herbert" && dune.pages == 412)
      #expect(dune.status == .reading && dune.signed == false)
      let emma = try books.add(Shuffled.Draft(title: "Emma"))
      #expect(emma.status == .want && emma.author == nil && emma.pages == nil)
      // The same rows as the typed record that binds in the definition's order reads them.
      let typed = try database.records(of: Book.self).page(after: nil, limit: 10).items
      #expect(Set(typed.map(\.title)) == ["Dune", "Emma"])
      #expect(typed.first { $0.title == "Dune" }?.status == "reading")
      #expect(typed.first { $0.title == "Emma" }?.status == "want")
    }
  }

  @Test func aRequiredFieldLeftOutIsRefusedAndNothingIsWritten() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: Shuffled.self)
      #expect(throws: ListStoreError.invalidValue(field: "title", reason: "is required")) {
        try books.add(Shuffled.Draft(author: "Anonymous"))
      }
      #expect(try books.count() == 0)
    }
  }

  @Test func anUpdateWritesOnlyWhatItsDraftChanged() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: Shuffled.self)
      let dune = try books.add(Shuffled.Draft(title: "Dune", author: "Frank Herbert", pages: 412))
      let changed = try books.update(id: dune.id) { $0.status = "done" }
      #expect(changed.status == .done && changed.title == "Dune" && changed.pages == 412)
      #expect(changed.author == "Frank Herbert")
    }
  }

  @Test func anEnumFieldIsFoundAmongItsNames() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: Shuffled.self)
      for status in ["done", "want", "reading"] {
        _ = try books.add(Shuffled.Draft(title: status, status: status))
      }
      let read = try books.page(after: nil, limit: 10).items
      #expect(Set(read.map { "\($0.title) \($0.status)" }) == ["done done", "want want", "reading reading"])
    }
  }
}
