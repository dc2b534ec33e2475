import TextFormats

/// What a page of a kind is asked for: a full-text search over the kind's `search` fields and
/// filters on its fields, all of which an item must match.
///
/// For example:
///
/// ```swift
/// let query = KindQuery(search: "dun", filters: [KindFilter(field: "status", op: .equal, value: .text("done"))])
/// let page = try database.items(of: "books").page(matching: query, after: nil, limit: 20)
/// ```
///
/// A search text without words (empty, spaces, only punctuation) searches nothing, as an empty
/// search box does: see ``SearchQuery``.
public struct KindQuery: Sendable, Hashable {
  /// The search text as typed; nil for no search.
  public var search: String? {
    didSet { identity = Self.identity(search: search, filters: filters) }
  }
  /// The filters, all of which an item must match.
  public var filters: [KindFilter] {
    didSet { identity = Self.identity(search: search, filters: filters) }
  }
  /// The identity a cursor of this query carries: a digest of the words searched for and of
  /// the filters, empty when the query keeps every item (its cursors are the list's own).
  /// Worked out when the query is made or changed, not at each page.
  ///
  /// Two searches that differ only in case and spacing find the same items and have the same
  /// identity: `Dune  ` and `dune` do (the index folds case).
  private(set) var identity: String

  /// A query of a search text and filters.
  public init(search: String? = nil, filters: [KindFilter] = []) {
    self.search = search
    self.filters = filters
    identity = Self.identity(search: search, filters: filters)
  }

  /// The safe FTS5 query the search text makes, nil when it has no words.
  /// - Throws: ``ListStoreError/search(_:)`` when the text holds a NUL character.
  public func searchQuery() throws(ListStoreError) -> SearchQuery? {
    guard let search else { return nil }
    do {
      return try SearchQuery(search)
    } catch {
      throw .search(error)
    }
  }

  /// Whether the query keeps every item: no words to search for and no filters.
  public var isEmpty: Bool {
    filters.isEmpty && (try? searchQuery()) == nil
  }

  /// The digest ``identity`` holds.
  private static func identity(search: String?, filters: [KindFilter]) -> String {
    let words = search.flatMap { try? SearchQuery($0) }?.matchExpression.lowercased()
    guard words != nil || !filters.isEmpty else { return "" }
    let canonical = (["search:" + (words ?? "")] + filters.map { "where:" + $0.description }).joined(separator: "\n")
    return String(sha256Hex(Array(canonical.utf8)).prefix(16))
  }
}
