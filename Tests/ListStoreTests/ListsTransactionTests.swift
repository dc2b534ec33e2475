import ListStoreTesting
import Synchronization
import SQLiteCore
import Testing

@testable import ListStore

/// `database.write { }`: writes to several kinds in one transaction, all or nothing.
@Suite struct ListsTransactionTests {
  struct Boom: Error, Equatable {}

  /// What the listeners heard, from their tasks.
  final class Heard: Sendable {
    let lines = Mutex<[String]>([])
    func withLock<T: Sendable>(_ body: (inout [String]) -> T) -> T { lines.withLock { body(&$0) } }
  }

  static func order(_ number: String) throws -> OrderDraft {
    OrderDraft(number: number, total: try Money(parsing: "9.99", currency: .eur))
  }

  @Test func anAwaitedWriteRunsTheWholeTransactionOffTheCallerAllOrNothing() async throws {
    try await withTemporaryDatabase { database in
      let caller = Threads.currentID()
      await #expect(throws: Boom()) {
        try await database.write { transaction in
          try transaction.records(of: Book.self).add(Book.Draft(title: "Dune"))
          try transaction.orders().add(Self.order("A-1"))
          throw Boom()
        }
      }
      #expect(try database.records(of: Book.self).count() == 0)
      #expect(try database.orders().count() == 0)

      // One await at the access point; inside, the synchronous calls, on the store's queue.
      let (added, thread) = try await database.write { transaction in
        let books = try transaction.records(of: Book.self)
        let dune = try books.add(Book.Draft(title: "Dune"))
        try transaction.orders().add(Self.order("A-1"))
        #expect(try books.count() == 1)
        return (dune, Threads.currentID())
      }
      #expect(thread != caller)
      #expect(try database.records(of: Book.self).item(id: added.id) == added)
      #expect(try database.orders().count() == 1)
    }
  }

  @Test func writesToBooksAndOrdersAreAllOrNothing() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: Book.self)
      let orders = database.orders()
      #expect(throws: Boom()) {
        try database.write { transaction in
          try transaction.records(of: Book.self).add(Book.Draft(title: "Dune"))
          try transaction.orders().add(Self.order("A-1"))
          try transaction.items(of: "books").add(DynamicDraft(["title": .text("Emma")]))
          // Reads inside, through the database too, see what the transaction wrote so far.
          #expect(try books.count() == 2)
          #expect(try orders.count() == 1)
          #expect(try transaction.orders().count() == 1)
          throw Boom()
        }
      }
      #expect(try books.count() == 0)
      #expect(try orders.count() == 0)
      #expect(try books.page(after: nil, limit: 10).items.isEmpty)
      #expect(try orders.page(after: nil, limit: 10).items.isEmpty)

      let added = try database.write { transaction in
        let book = try transaction.records(of: Book.self).add(Book.Draft(title: "Dune"))
        try transaction.orders().add(Self.order("A-1"))
        return book
      }
      #expect(try books.page(after: nil, limit: 10).items == [added])
      #expect(try orders.count() == 1)
    }
  }

  @Test func aFailedWriteRollsBackEverythingAndCountsAreRightAfterIt() throws {
    try withTemporaryDatabase { database in
      let books = try database.records(of: Book.self)
      let orders = database.orders()
      try orders.add(Self.order("A-1"))
      #expect(throws: ListStoreError.duplicateItem(kind: "orders", item: "order", fields: ["number"], values: ["A-2"])) {
        try database.write { transaction in
          let orders = transaction.orders()
          try transaction.records(of: Book.self).importItems([Book.Draft(title: "Dune"), Book.Draft(title: "Emma")])
          try orders.remove(ids: [1])
          try orders.add(Self.order("A-2"))
          try orders.add(Self.order("A-2"))
        }
      }
      #expect(try books.count() == 0)
      #expect(try orders.count() == 1)
      #expect(try orders.page(after: nil, limit: 10).items.map(\.number) == ["A-1"])

      // A write that fails inside and is caught leaves nothing of itself; the rest commits.
      try database.write { transaction in
        try transaction.records(of: Book.self).add(Book.Draft(title: "Dune"))
        #expect(throws: ListStoreError.duplicateItem(kind: "orders", item: "order", fields: ["number"], values: ["A-1"])) {
          try transaction.orders().add(Self.order("A-1"))
        }
      }
      #expect(try books.count() == 1)
      #expect(try orders.count() == 1)
    }
  }

  /// An app's trigger that fails with `RAISE(FAIL)` after the row is written leaves a part of
  /// the statement (SQLite undoes only what `ABORT` fails): the write's savepoint takes it back,
  /// inside an app's transaction that goes on and commits as alone.
  @Test func anAddWhoseTriggerFailsAfterTheRowIsWrittenLeavesNothingBehind() throws {
    try withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let raw = try Connection(path: folder.path())
      try raw.execute(
        """
        CREATE TRIGGER app_refuses_x AFTER INSERT ON orders WHEN NEW.number = 'X'
        BEGIN SELECT RAISE(FAIL, 'refused by the app'); END
        """)
      let orders = database.orders()
      try database.write { transaction in
        let orders = transaction.orders()
        try orders.add(Self.order("A-1"))
        #expect(throws: ListStoreError.self) { try orders.add(Self.order("X")) }
        try orders.add(Self.order("A-2"))
      }
      #expect(throws: ListStoreError.self) { try orders.add(Self.order("X")) }
      #expect(try orders.page(after: nil, limit: 10).items.map(\.number).sorted() == ["A-1", "A-2"])
      #expect(try raw.textColumn("SELECT number FROM orders ORDER BY number") == ["A-1", "A-2"])
      #expect(try orders.count() == 2)
      #expect(try HealthReport.inspect(path: folder.path()).isHealthy)
    }
  }

  @Test func aKindRegisteredInARolledBackWriteIsNotInTheFile() throws {
    try withTemporaryDatabase { database in
      #expect(throws: Boom()) {
        try database.write { transaction in
          try transaction.records(of: Book.self).add(Book.Draft(title: "Dune"))
          throw Boom()
        }
      }
      let books = try database.kind(named: "books")
      #expect(books == nil)
    }
  }

  @Test func aNestedWriteThrowsNestedWrite() throws {
    try withTemporaryDatabase { database in
      let orders = database.orders()
      #expect(throws: ListStoreError.nestedWrite) {
        try database.write { transaction in
          try transaction.orders().add(Self.order("A-1"))
          try database.write { _ in try orders.add(Self.order("A-2")) }
        }
      }
      #expect(try orders.count() == 0)
      // From inside an import's draft source, too.
      var drafts = [try Self.order("A-3")].makeIterator()
      #expect(throws: ListStoreError.nestedWrite) {
        try orders.importItems(from: {
          try database.write { _ in }
          return drafts.next()
        })
      }
    }
  }

  /// Writes go through what the closure is given: a write through a repository of the database
  /// itself, from inside, is refused with nothing written — a typed, a by-name and a built-in
  /// list's, an import and a kind's registration alike — and the transaction goes on.
  @Test func aWriteThroughTheDatabaseInsideAWriteThrowsNestedWrite() throws {
    try withTemporaryDatabase { database in
      let orders = database.orders()
      let books = try database.records(of: Book.self)
      let byName = try database.items(of: "books")
      try database.write { transaction in
        try transaction.orders().add(Self.order("A-1"))
        #expect(throws: ListStoreError.nestedWrite) { try orders.add(Self.order("A-2")) }
        #expect(throws: ListStoreError.nestedWrite) { try books.add(Book.Draft(title: "Dune")) }
        #expect(throws: ListStoreError.nestedWrite) { try byName.add(DynamicDraft(["title": .text("Emma")])) }
        #expect(throws: ListStoreError.nestedWrite) { try orders.importItems([Self.order("A-3")]) }
        #expect(throws: ListStoreError.nestedWrite) { try orders.clear() }
        #expect(throws: ListStoreError.nestedWrite) {
          try database.registerKind(KindDefinition(json: #"{"name":"notes","fields":[{"name":"text","type":"text"}]}"#))
        }
        try transaction.items(of: "books").add(DynamicDraft(["title": .text("Emma")]))
      }
      #expect(try orders.page(after: nil, limit: 10).items.map(\.number) == ["A-1"])
      #expect(try books.page(after: nil, limit: 10).items.map(\.title) == ["Emma"])
      #expect(try database.kind(named: "notes") == nil)
    }
  }

  /// The repositories a transaction gives — typed, by name, built-in, and a typed one's by-name
  /// face — all write in it: all of it is rolled back together, a kind registered on first use
  /// too.
  @Test func everyRepositoryATransactionGivesWritesInIt() throws {
    try withTemporaryDatabase { database in
      #expect(throws: Boom()) {
        try database.write { transaction in
          let books = try transaction.records(of: Book.self)
          try books.add(Book.Draft(title: "Dune"))
          try books.byName.add(DynamicDraft(["title": .text("Emma")]))
          try transaction.items(of: "books").add(DynamicDraft(["title": .text("Ulysses")]))
          try transaction.favorites().add(FavoriteDraft(ref: "book:1", title: "Dune"))
          try transaction.addresses().add(AddressDraft(label: "Home", recipient: "Ada", line1: "1 Main St", city: "Berlin", postalCode: "10115", country: "DE"))
          #expect(try books.count() == 3)
          throw Boom()
        }
      }
      let counts = [try database.favorites().count(), try database.addresses().count()]
      let books = try database.kind(named: "books")
      #expect(books == nil)
      #expect(counts == [0, 0])
    }
  }

  /// A transaction, or a repository it gave, used to write after its closure returned is a
  /// mistake of the calling code: the program stops, naming it, rather than writing outside the
  /// transaction the code meant.
  @Test func aTransactionsRepositoryUsedAfterItsClosureStopsTheProgram() async {
    await #expect(processExitsWith: .failure) {
      let database = try ListsDatabase.inMemory()
      let escaped = try database.write { transaction in transaction.orders() }
      _ = try escaped.add(OrderDraft(number: "A-1", total: try Money(parsing: "1", currency: .eur)))
    }
  }

  @Test func observersHearOfEveryKindOnceAfterTheCommitAndNeverAfterARollback() async throws {
    try await withTemporaryFolder { folder in
      let database = try ListsDatabase(path: folder.path())
      let books = try database.records(of: Book.self)
      let orders = database.orders()
      // What the observers saw when they heard: the counts another connection reads then.
      let outside = try ListsDatabase(path: folder.path())
      let heard = Heard()
      let bookChanges = try books.changes()
      let orderChanges = try orders.changes()
      let listeners = [
        Task {
          for await _ in bookChanges {
            let count =
              (try? outside.records(of: Book.self).count()).map(String.init) ?? "unreadable"
            heard.withLock { $0.append("books \(count)") }
          }
        },
        Task {
          for await _ in orderChanges {
            let count = (try? outside.orders().count()).map(String.init) ?? "unreadable"
            heard.withLock { $0.append("orders \(count)") }
          }
        },
      ]
      defer { for listener in listeners { listener.cancel() } }

      #expect(throws: Boom()) {
        try database.write { transaction in
          try transaction.records(of: Book.self).add(Book.Draft(title: "Rolled back"))
          throw Boom()
        }
      }
      try await database.write { transaction in
        let books = try transaction.records(of: Book.self)
        try books.add(Book.Draft(title: "Dune"))
        try transaction.orders().add(Self.order("A-1"))
        // Nothing is told before the commit: give a listener the chance to hear too early.
        for _ in 0..<50 where heard.withLock({ $0.isEmpty }) {
          Threads.sleep(for: .milliseconds(2))
        }
        #expect(heard.withLock { $0.isEmpty })
        try books.add(Book.Draft(title: "Emma"))
      }
      // A loaded machine may take a while to run the listeners: bounded, never timed.
      #expect(await eventually(within: .seconds(30)) { heard.withLock { $0.count == 2 } })
      #expect(heard.withLock { $0.sorted() } == ["books 2", "orders 1"])
    }
  }
}
