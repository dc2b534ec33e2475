/// Where loading a page at one end of the shown content stands: after it
/// (``ListState/append``) or before it (``ListState/prepend``).
///
/// Pages are counted from 1 at the page the loader started with, so the pages before it are
/// 0, -1, and so on.
public enum AppendStatus: Sendable, Hashable {
  /// No page is loading at this end and the last one did not fail.
  case idle
  /// Page `page` (counted from 1) is loading; the content stays shown.
  case loading(page: Int)
  /// Page `page` failed; the content stays shown and ``ListLoader/retry()`` asks for this
  /// same page again.
  case failed(page: Int, error: LoadError)
}
