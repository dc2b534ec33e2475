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

  /// Points with one-letter fields (a one-character `StaticString` may hold its scalar rather
  /// than an address).
  struct Point: KindRecord {
    static let definition = KindDefinition(
      name: "points", item: "point", fields: [FieldDefinition("x", .integer()), FieldDefinition("y", .integer())])

    let id: Int64
    let x: Int64?
    let y: Int64?

    init(row: KindRow) {
      id = row.id
      x = row.optionalInteger("x")
      y = row.optionalInteger("y")
    }

    struct Draft: Sendable {
      var x: Int64?
      var y: Int64?
    }

    var draft: Draft { Draft(x: x, y: y) }

    static func bind(_ draft: Draft, to bindings: inout KindBindings) throws(ListStoreError) {
      try bindings.integer("x", draft.x)
      try bindings.integer("y", draft.y)
    }
  }

  /// The same kind bound in the other order.
  struct SwappedPoint: KindRecord {
    static let definition = Point.definition

    let point: Point

    var id: Int64 { point.id }

    init(row: KindRow) { point = Point(row: row) }

    typealias Draft = Point.Draft

    var draft: Draft { point.draft }

    static func bind(_ draft: Draft, to bindings: inout KindBindings) throws(ListStoreError) {
      try bindings.integer("y", draft.y)
      try bindings.integer("x", draft.x)
    }
  }

  @Test func namesAreFoundWhateverLiteralAndOrderGaveThemBefore() throws {
    try withTemporaryDatabase { database in
      let points = try database.records(of: Point.self)
      let swapped = try database.records(of: SwappedPoint.self)
      // Alternating, so that each type's lookups find the other's literals remembered.
      for n in Int64(1)...4 {
        let point = try points.add(Point.Draft(x: n, y: -n))
        let other = try swapped.add(Point.Draft(x: 10 * n, y: -10 * n))
        #expect(point.x == n && point.y == -n)
        #expect(other.point.x == 10 * n && other.point.y == -10 * n)
        #expect(try points.update(point) { $0.y = 100 * n })
        #expect(try swapped.update(other) { $0.x = 1000 * n })
      }
      let read = try points.page(after: nil, limit: 20).items.map { "\($0.x ?? 0),\($0.y ?? 0)" }
      #expect(Set(read) == Set((Int64(1)...4).flatMap { n in ["\(n),\(100 * n)", "\(1000 * n),\(-10 * n)"] }))
    }
  }
}
