import ListSync
import ListStore

/// The books kind of the sync tests, and the decoding `lists sync` uses for its items.
enum Books {
  static let json = """
    {"name": "books", "item": "book",
     "fields": [{"name": "title", "type": "text", "required": true, "max_length": 300},
                {"name": "pages", "type": "integer", "min": 1}]}
    """

  static func register(_ database: ListsDatabase) throws -> KindItems {
    _ = try database.registerKind(try KindDefinition(json: json))
    return try database.items(of: "books")
  }

  static func sync(_ items: KindItems, _ client: RemoteClient) -> KindSync {
    KindSync(items: items, client: client)
  }

  /// Every cached book as `title`, in the list's order.
  static func titles(_ items: KindItems) throws -> [String] {
    try items.page(after: nil, limit: 500).items.map {
      if case .text(let title) = $0.values[0] { return title }
      return "?"
    }
  }
}
