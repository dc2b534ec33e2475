/// Why a full-text search cannot run, with one sentence saying what was wrong and what to do.
///
/// Standalone for now, like ``KindDefinitionError``; it becomes a case of ``ListStoreError``
/// once search is wired into the store's queries and the command line maps it to an exit code.
public enum SearchError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The SQLite the program is linked with was built without FTS5 (version given).
  case fullTextSearchUnavailable(sqliteVersion: String)
  /// The search text holds a NUL character, which no text a person types has.
  case nulCharacter

  /// One sentence saying what was wrong and what to do.
  public var message: String {
    switch self {
    case .fullTextSearchUnavailable(let version):
      "Search needs SQLite with FTS5, but the SQLite \(version) this program uses was built "
        + "without it; install a SQLite built with SQLITE_ENABLE_FTS5."
    case .nulCharacter:
      "The search text contains a NUL character; remove it and search again."
    }
  }

  /// The ``message``.
  public var description: String { message }
}
