import ListStore
import ListStoreTesting
import ListSync
import TestSupport
import Testing

/// An app's typed records sync as they are: what is added and changed through a
/// `KindRepository` is pushed, and what is pulled is read back as records.
@Suite struct TypedRecordSyncTests {
  /// The sync tests' books kind (``Books/json``) in the short form.
  struct Book: FieldRecord, Equatable {
    var id: Int64 = 0
    var title = ""
    var pages: Int64?

    static let fields = RecordFields<Book>(
      name: "books", item: "book",
      .text("title", \.title, maxLength: 300, required: true),
      .integer("pages", \.pages, min: 1))
  }

  @Test(arguments: RemoteKind.allCases)
  func typedAddsAndEditsArePushedAndPulledItemsReadAsRecords(_ kind: RemoteKind) async throws {
    try await SyncRemote.withSyncedBooks(kind) { remote, database, _, pulled in
      let books = try database.records(of: Book.self)
      let sync = KindSync(records: books, client: pulled.client)
      // The three items the remote had, pulled before, read as records.
      #expect(try books.page(after: nil, limit: 10).items.map(\.title).sorted() == ["Item 1", "Item 2", "Item 3"])

      let typed = try books.add(Book(title: "Typed", pages: 7))
      _ = try books.update(id: typed.id) { $0.pages = 8 }
      let first = try #require(try books.page(after: nil, limit: 10).items.first { $0.title == "Item 1" })
      _ = try books.update(first) { $0.pages = 99 }
      let outcome = try await sync.push()
      #expect(outcome == PushOutcome(sent: 2, applied: 2, conflicts: 0, rejected: 0))
      #expect(try await remote.item(titled: "Typed")["pages"] as? Int == 8)
      #expect(try await remote.item(titled: "Item 1")["pages"] as? Int == 99)

      // A pull keeps the pushed record (it got its remote id) and adds none twice.
      try await sync.all()
      #expect(try books.count() == 4)
      #expect(try books.item(id: typed.id)?.pages == 8)
      #expect(try await sync.push() == PushOutcome())
    }
  }
}
