/// What a screen shows for a ``ListState``: a placeholder, or the items with an optional notice.
public enum ListDisplay: Sendable, Hashable {
  /// Show this placeholder instead of items (loading, empty or error).
  case placeholder(Placeholder)
  /// Show the items; `notice` is one line about a failed append or refresh, shown with them.
  case content(notice: String?)

  /// The placeholder to show, or nil when the items are shown.
  public var placeholder: Placeholder? {
    if case .placeholder(let placeholder) = self { placeholder } else { nil }
  }

  /// The line to show with the items, or nil when there is none or a placeholder is shown.
  public var notice: String? {
    if case .content(let notice) = self { notice } else { nil }
  }
}
