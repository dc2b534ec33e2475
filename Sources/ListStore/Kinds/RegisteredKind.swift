/// A kind as the file keeps it in `list_kinds`: its definition, its version (1, raised by each
/// compatible change), whether it is built in, its checksum and the SQL its registration ran.
public struct RegisteredKind: Sendable, Hashable {
  /// The definition as stored.
  public var definition: KindDefinition
  /// 1 when registered, one more for each change applied.
  public var version: Int
  /// Whether the kind is one of the built-in lists every lists database has.
  public var isBuiltIn: Bool
  /// The SHA-256 of the definition's JSON, as lowercase hex.
  public var checksum: String
  /// When the kind was registered.
  public var createdAt: Timestamp
  /// The SQL that made the kind's table, indexes and triggers (for the built-in lists: made by
  /// the package's migrations, and empty here).
  public var schemaSQL: String

  /// The kind's name.
  public var name: String { definition.name }
}
