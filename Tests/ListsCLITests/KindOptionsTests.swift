import Foundation
import ListStore
import Testing

@testable import ListsCLI

/// The options `lists add` makes of a kind: the command line's, checked by the command line —
/// when `lists kinds add` reads a definition, and whenever a file's kinds are read.
@Suite struct KindOptionsTests {
  static func books(author: DisplayTexts = [:], add: [String] = []) -> KindDefinition {
    KindDefinition(
      name: "books", item: "book",
      fields: [
        FieldDefinition("title", .text(), required: true),
        FieldDefinition("author", .text(), display: author),
        FieldDefinition("price", .money()),
      ],
      display: ["add": .fields(add)])
  }

  @Test func eachFieldIsSetByItsDashedNameOrItsFlag() throws {
    let definition = Self.books(author: ["flag": "by"])
    try definition.checkOptions()
    #expect(definition.fields.map { definition.optionNames(of: $0) } == [["title"], ["by"], ["price", "price-currency"]])
    #expect(definition.addedFields.map(\.name) == ["title", "author", "price"])
    #expect(Self.books(add: ["title"]).addedFields.map(\.name) == ["title"])
    #expect(KindDefinition.dashed("postal_code") == "postal-code")
    // A flag with a control character is refused by the store, as every text of a definition.
    #expect(throws: KindDefinitionError.self) { try Self.books(author: ["flag": "by\u{1B}[2J"]).validate() }
  }

  @Test(
    arguments: [
      (
        books(author: ["flag": "title"]),
        "The flag '--title' of the field 'author' is taken by another option."
      ),
      (
        books(author: ["flag": "price-currency"]),
        "The flag '--price-currency' of the field 'price' is taken by another option."
      ),
      (books(author: ["flag": "help"]), "The flag '--help' of the field 'author' is taken by another option."),
      (
        books(author: ["flag": "By"]),
        "The field 'author' has the flag 'By'; a flag is lowercase letters, digits and -, starting with a letter."
      ),
      (books(add: ["author"]), "add leaves out the required field 'title', so nothing could be added."),
    ])
  func optionsThatCannotBeMadeAreRefusedByName(_ definition: KindDefinition, _ message: String) throws {
    // The store's rules pass: the options are the command line's to check.
    try definition.validate()
    #expect(throws: KindDefinitionError(message)) { try definition.checkOptions() }
  }

  @Test func aFileWhoseKindHasOptionsThatClashIsDamageToTheCommandLine() throws {
    let folder = try FileManager.default.url(
      for: .itemReplacementDirectory, in: .userDomainMask,
      appropriateFor: URL(fileURLWithPath: NSTemporaryDirectory()), create: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("lists.db").path
    do {
      // An app registers a kind whose author is set by `--title` too: the store keeps it.
      let database = try ListsDatabase(path: path)
      try database.registerKind(Self.books(author: ["flag": "title"]))
      #expect(try database.items(of: "books").count() == 0)
    }
    let (definitions, damage) = KindCatalog.read(atPath: path)
    #expect(definitions == KindDefinition.builtIns)
    guard case .corrupt(_, let detail)? = damage else {
      Issue.record("no damage: \(String(describing: damage))")
      return
    }
    #expect(
      detail
        == "the definition of 'books' in list_kinds is not valid: "
        + "The flag '--title' of the field 'author' is taken by another option.")
  }
}
