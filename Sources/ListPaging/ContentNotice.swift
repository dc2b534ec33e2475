/// Something that went wrong while content is shown; it is reported with the content as one
/// line, never with the error placeholder.
public enum ContentNotice: Sendable, Hashable {
  /// Page `page` after the content failed.
  case appendFailed(page: Int, error: LoadError)
  /// A refresh failed and the previous content was kept.
  case refreshFailed(LoadError)

  /// The error behind the notice.
  public var error: LoadError {
    switch self {
    case .appendFailed(_, let error), .refreshFailed(let error): error
    }
  }
}
