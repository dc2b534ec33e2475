/// What a list shows as a whole: nothing yet, a spinner, its items, the empty placeholder, the
/// no-results placeholder, or the error placeholder.
public enum ListPhase: String, Sendable, Hashable, CaseIterable {
  /// Nothing was asked for yet.
  case idle
  /// The first page is loading and there is nothing to show yet.
  case loading
  /// At least one item is shown.
  case content
  /// The first page came back with no items.
  case empty
  /// The list has items, but none match the query (a search, filters): the first page came
  /// back with no items and the source said the list itself is not empty
  /// (``SourcePage/listHasItems``).
  case noResults
  /// The first page failed; ``ListState/error`` says why.
  case error
}

extension ListPhase {
  /// The phase's name where a program reads it (a JSON `state`, say): `idle`, `loading`,
  /// `content`, `empty`, `no_results` or `error`, spelled as the ``PageEvent/name`` of the event
  /// that enters it.
  public var name: String {
    switch self {
    case .idle: "idle"
    case .loading: "loading"
    case .content: "content"
    case .empty: "empty"
    case .noResults: "no_results"
    case .error: "error"
    }
  }
}
