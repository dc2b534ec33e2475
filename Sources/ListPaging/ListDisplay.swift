/// What a screen shows for a ``ListState``: a placeholder, or the items with an optional notice.
public enum ListDisplay: Sendable, Hashable {
  /// Show this placeholder instead of items (loading, empty or error).
  case placeholder(Placeholder)
  /// Show the items; `notice` is one line about a failed append or refresh, shown with them.
  case content(notice: String?)
}
