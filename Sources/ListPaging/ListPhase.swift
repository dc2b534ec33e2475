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
