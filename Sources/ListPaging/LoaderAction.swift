/// What a person or an app asks a loader to do.
@usableFromInline
package enum LoaderAction: Sendable, Hashable {
  /// Show the next page: the first one from ``ListPhase/idle``, else the one after the content.
  case loadNextPage
  /// Show the page before the content: for a list opened around an item, or one whose first
  /// pages were dropped to keep memory bounded.
  case loadPreviousPage
  /// Reload what is shown.
  case refresh
  /// Ask again for what failed: the first page, the failed page, or the failed refresh.
  case retry
  /// Say that the underlying data changed, so the loader refreshes by itself without showing
  /// ``ListPhase/loading``.
  case invalidate
}
