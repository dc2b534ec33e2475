/// Why a full-text search cannot run, with one sentence saying what was wrong and what to do.
///
/// The store throws it as ``ListStoreError/search(_:)``.
public enum SearchError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The SQLite the program is linked with was built without FTS5 (version given).
  case fullTextSearchUnavailable(sqliteVersion: String)
  /// The search text holds a NUL character, which no text a person types has.
  case nulCharacter
  /// The kind (named) has no `search` fields, so there is nothing to search in.
  case notSearchable(kind: String)

  /// One sentence saying what was wrong and what to do.
  public var message: String {
    switch self {
    case .fullTextSearchUnavailable(let version):
      "Search needs SQLite with FTS5, but the SQLite \(version) this program uses was built "
        + "without it; install a SQLite built with SQLITE_ENABLE_FTS5."
    case .nulCharacter:
      "The search text contains a NUL character; remove it and search again."
    case .notSearchable(let kind):
      "The list '\(kind)' has no search fields; filter it with --where, or give its definition \"search\" fields."
    }
  }

  /// The ``message``.
  public var description: String { message }
}
