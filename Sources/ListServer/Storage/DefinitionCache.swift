import ListStore
import Synchronization

/// The kind definitions a storage has read, by name, with the JSON they were read from: a kind
/// is read on every request, and parsed again only when its stored JSON changed (`kinds
/// update` runs in another process).
final class DefinitionCache: Sendable {
  private let cache = Mutex<[String: (json: String, definition: KindDefinition)]>([:])

  /// The definition stored as `json` under `name`, parsed once per stored text.
  func definition(named name: String, json: String) throws(StorageError) -> KindDefinition {
    if let cached = cache.withLock({ $0[name] }), cached.json == json {
      return cached.definition
    }
    let definition = try Self.parse(json)
    cache.withLock { $0[name] = (json, definition) }
    return definition
  }

  /// A stored definition, read back.
  static func parse(_ json: String) throws(StorageError) -> KindDefinition {
    do {
      return try KindDefinition(json: json)
    } catch {
      throw .unavailable("a stored kind definition does not read back: \(error.message)")
    }
  }
}
