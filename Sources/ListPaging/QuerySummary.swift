/// How a list's query reads to a person: the text searched for and the filters as typed, for
/// the no-results placeholder (`No results for “dune”`, `No books match status=done`).
public struct QuerySummary: Sendable, Hashable {
  /// The text searched for, as typed; nil when there is no search.
  public var search: String?
  /// The filters as typed, e.g. `status=done` or `pages>=100`, in order.
  public var filters: [String]

  /// A summary of a search and filters.
  public init(search: String? = nil, filters: [String] = []) {
    self.search = search
    self.filters = filters
  }
}
