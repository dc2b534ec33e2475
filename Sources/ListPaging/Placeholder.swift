/// What a list shows instead of its items: a title, a detail line and an optional action.
public struct Placeholder: Sendable, Hashable {
  /// One short line, e.g. `No orders yet`.
  public var title: String
  /// One sentence under the title; empty when there is nothing to add.
  public var detail: String
  /// What the person can do about it, e.g. `Retry: lists show orders`; nil when nothing.
  public var action: String?

  /// Creates a placeholder.
  public init(title: String, detail: String = "", action: String? = nil) {
    self.title = title
    self.detail = detail
    self.action = action
  }
}
