import ListStore
import Testing

/// A kind an app registered whose options `lists add` cannot have (the store keeps such a kind:
/// options are the command line's): the command line says so by name, where it needs the kind,
/// and leaves the file as it was.
@Suite struct KindOptionsDamageTests {
  @Test func aKindWhoseOptionsClashIsDamageToTheCommandLineOnly() async throws {
    let scratch = try Scratch()
    let path = scratch.file("lists.db")
    do {
      let database = try ListsDatabase(path: path)
      try database.registerKind(
        KindDefinition(
          name: "books", item: "book",
          fields: [
            FieldDefinition("title", .text(), required: true),
            FieldDefinition("author", .text(), display: ["flag": "title"]),
          ]))
      try database.items(of: "books").add(DynamicDraft(["title": .text("Dune")]))
    }
    let lists = Lists(scratch, database: path)
    let detail =
      "the definition of 'books' in list_kinds is not valid: "
      + "The flag '--title' of the field 'author' is taken by another option."

    let added = try await lists.run("add", "books", "--title", "Emma")
    #expect(added.exitCode == 74, "\(added)")
    #expect(added.stderr.contains(detail), "\(added.stderr)")
    let doctor = try await lists.run("doctor")
    #expect(doctor.exitCode == 74, "\(doctor)")
    #expect(doctor.stdout.contains("Problem: ") && doctor.stdout.contains(detail), "\(doctor.stdout)")
    // What needs no options of the kind works: the built-in lists, and the kind's items.
    #expect(try await lists.run("show", "orders").exitCode == 0)
    let database = try ListsDatabase(path: path)
    #expect(try database.items(of: "books").count() == 1)
  }
}
