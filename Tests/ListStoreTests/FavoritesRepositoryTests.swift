import Testing

@testable import ListStore

@Suite struct FavoritesRepositoryTests {
  @Test func favoritingTheSameRefAgainChangesNothing() throws {
    let database = try ListsDatabase.inMemory()
    let first = try database.favorites().add(FavoriteDraft(ref: "p-1", title: "Kettle", note: "blue"))
    let again = try database.favorites().add(FavoriteDraft(ref: "p-1", title: "Other title"))
    #expect(again == first)
    #expect(try database.favorites().count() == 1)
    #expect(try database.favorites().item(id: first.id)?.title == "Kettle")
  }

  @Test(arguments: [
    (FavoriteDraft(ref: "", title: "t"), ListStoreError.invalidValue(field: "ref", reason: "must not be empty")),
    (FavoriteDraft(ref: "r", title: ""), ListStoreError.invalidValue(field: "title", reason: "must not be empty")),
    (FavoriteDraft(ref: "r", title: "t", note: "a\u{0}b"), ListStoreError.invalidValue(field: "note", reason: "must not contain a NUL character")),
  ])
  func invalidDraftIsRejected(draft: FavoriteDraft, error: ListStoreError) throws {
    let database = try ListsDatabase.inMemory()
    #expect(throws: error) { try database.favorites().add(draft) }
    #expect(try database.favorites().isEmpty())
  }

  @Test func newestFirstWithIdBreakingTies() throws {
    let database = try ListsDatabase.inMemory()
    let favorites = database.favorites()
    let a = try favorites.add(FavoriteDraft(ref: "a", title: "A", addedAt: Timestamp(millisecondsSince1970: 5)))
    let b = try favorites.add(FavoriteDraft(ref: "b", title: "B", addedAt: Timestamp(millisecondsSince1970: 9)))
    let c = try favorites.add(FavoriteDraft(ref: "c", title: "C", addedAt: Timestamp(millisecondsSince1970: 5)))
    #expect(try favorites.page(after: nil, limit: 10).items.map(\.id) == [b.id, c.id, a.id])
    let first = try favorites.page(after: nil, limit: 2)
    #expect(first.items.map(\.id) == [b.id, c.id])
    #expect(try favorites.page(after: first.nextCursor, limit: 2).items.map(\.id) == [a.id])
  }

  @Test func importSkipsRefsAlreadyThere() throws {
    let database = try ListsDatabase.inMemory()
    try database.favorites().add(FavoriteDraft(ref: "a", title: "A"))
    let added = try database.favorites().importItems([
      FavoriteDraft(ref: "a", title: "A again"), FavoriteDraft(ref: "b", title: "B"),
      FavoriteDraft(ref: "b", title: "B twice"),
    ])
    #expect(added == 1)
    #expect(try database.favorites().count() == 2)
  }

  @Test func importRollsBackOnAnInvalidItem() throws {
    let database = try ListsDatabase.inMemory()
    #expect(throws: ListStoreError.importRejected(position: 2, reason: .invalidValue(field: "title", reason: "must not be empty"))) {
      try database.favorites().importItems([FavoriteDraft(ref: "a", title: "A"), FavoriteDraft(ref: "b", title: "")])
    }
    #expect(try database.favorites().isEmpty())
  }
}
