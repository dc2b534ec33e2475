/// Where loading the page after the shown content stands.
public enum AppendStatus: Sendable, Hashable {
  /// No page is being appended and the last append did not fail.
  case idle
  /// Page `page` (counted from 1) is loading; the content stays shown.
  case loading(page: Int)
  /// Page `page` failed; the content stays shown and ``ListLoader/retry()`` asks for this
  /// same page again.
  case failed(page: Int, error: LoadError)
}
