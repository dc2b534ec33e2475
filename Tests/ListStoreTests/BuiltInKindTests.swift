import ListPaging
import Testing
import TextFormats

@testable import ListStore

/// The built-in kinds as the library gives them to an app, and as files hold them.
@Suite struct BuiltInKindTests {
  static let busy = LoadError(kind: "busy", message: "The database is busy; try again.", isRetryable: true)
  static let corrupt = LoadError(kind: "corrupt", message: "The database file is damaged.", isRetryable: false)

  /// An app that shows a built-in kind's placeholders tells its user no shell command to type:
  /// what `lists` prints under them is the definition's command-line part, which the CLI adds.
  @Test(arguments: KindDefinition.builtIns)
  func placeholdersNameNoListsCommand(_ definition: KindDefinition) {
    let list = definition.name
    for text in definition.placeholders.values {
      #expect(!text.title.contains("lists ") && !text.detail.contains("lists "))
    }
    let catalog = PlaceholderCatalog(kinds: KindDefinition.builtIns)
    let shown = [
      catalog.loadingPlaceholder(list: list), catalog.emptyPlaceholder(list: list),
      catalog.noResultsPlaceholder(list: list, query: QuerySummary(search: "dune")),
      catalog.errorPlaceholder(Self.busy, list: list), catalog.errorPlaceholder(Self.corrupt, list: list),
    ]
    for placeholder in shown {
      #expect(![placeholder.title, placeholder.detail, placeholder.action ?? ""].contains { $0.contains("lists ") })
    }
    #expect(
      catalog.emptyPlaceholder(list: list)
        == Placeholder(
          title: definition.placeholders[.empty]?.title ?? "", detail: definition.placeholders[.empty]?.detail ?? ""))
    // The placeholder's display texts keep the action `lists` shows.
    #expect(definition.placeholders[.empty]?.display.text("action")?.hasPrefix("lists add \(list) --") == true)
  }

  /// An action an app gives goes under the placeholder of its phase, and only there.
  @Test func anAppGivesThePlaceholdersActions() {
    var catalog = PlaceholderCatalog()
    catalog.use(KindDefinition.orders, actions: [.empty: "Place an order", .loading: "Wait"])
    #expect(
      catalog.emptyPlaceholder(list: "orders")
        == Placeholder(title: "No orders yet", detail: "Orders you place will show up here.", action: "Place an order"))
    #expect(catalog.loadingPlaceholder(list: "orders") == PlaceholderCatalog().loadingPlaceholder(list: "orders"))
  }

  /// The JSON of each built-in kind is, byte for byte, the one files made by earlier builds hold
  /// in `list_kinds` with this checksum: such a file reads back unchanged.
  @Test(arguments: [
    ("favorites", "f6714ec01d6140ea6e9c4dbff35a3393cafd07385ad3706c853c9dbc6e4a757e"),
    ("addresses", "77d1fbd278e2c7531f750fdbd57e30466fdaa6222f7744ee9532a5e9952ab7cb"),
    ("orders", "42df7cefa8d47ac24232aee480e2c6dc5ab6e06b150a512e9ee9fcfdd9e3066b"),
  ])
  func jsonIsTheOneFilesHold(_ name: String, _ checksum: String) throws {
    let definition = try #require(KindDefinition.builtIns.first { $0.name == name })
    #expect(KindRegistry.checksum(of: definition) == checksum)
    #expect(sha256Hex(Array(definition.json.utf8)) == checksum)
  }
}
