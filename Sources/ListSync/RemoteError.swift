import ListPaging
import ListProtocol

/// Why talking to a remote failed: one line for people and a kind for code (the command line
/// maps the kind to its exit code).
///
/// Messages never contain header values, and never the URL's query (it may hold a token); a
/// message about a page starts with its number: `page 2: item 3 has no "id".`
///
/// Its kinds: `ErrorKind.unreachable` (refused connection, unknown host, no network),
/// `ErrorKind.timeout`, `ErrorKind.connectionLost`, `ErrorKind.serverError` (5xx) and
/// `ErrorKind.rateLimited` (429), which are retryable; `ErrorKind.protocolError` (a body
/// that is not the protocol's JSON, is cut short, misses a field, or pages that loop),
/// `ErrorKind.redirectRefused`, `ErrorKind.refused` (401, 403), `ErrorKind.clientError`
/// (another 4xx: the request as this client makes it will never be accepted),
/// `ErrorKind.invalidRequest` (a URL or header given to the client) and
/// `ErrorKind.cancelled`, which are not.
public struct RemoteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public let kind: ErrorKind
  /// The page (1 for the first) the error is about, when it is about one.
  public let page: Int?
  /// The HTTP status the server answered with, when it answered.
  public let status: Int?
  /// The attempts made before giving up (1 when the error was not retried).
  public internal(set) var attempts: Int
  /// Whether the error is about a push of changes, not a page.
  public internal(set) var isPush = false
  /// Whether the remote answered a pull since a checkpoint with `410` and
  /// `{"error": "checkpoint_expired"}`: it no longer knows what changed since then, and the
  /// list is to be walked whole.
  public internal(set) var isCheckpointExpired = false
  private let detail: String

  /// Creates an error; `detail` must be one sentence without header values.
  init(_ kind: ErrorKind, _ detail: String, page: Int? = nil, status: Int? = nil) {
    self.kind = kind
    self.detail = detail
    self.page = page
    self.status = status
    self.attempts = 1
  }

  /// The same error about `page`.
  func on(page number: Int) -> RemoteError {
    var copy = RemoteError(kind, detail, page: number, status: status)
    copy.attempts = attempts
    copy.isCheckpointExpired = isCheckpointExpired
    return copy
  }

  /// The same error about a push.
  func onPush() -> RemoteError {
    var copy = RemoteError(kind, detail, status: status)
    copy.attempts = attempts
    copy.isPush = true
    return copy
  }

  /// One line: the page, what went wrong, and the attempts when there were several, e.g.
  /// `page 2: the server answered 503; gave up after 4 attempts.`
  public var message: String {
    var line = isPush ? "push: " : page.map { "page \($0): " } ?? ""
    line += detail
    if attempts > 1 {
      if line.hasSuffix(".") { line.removeLast() }
      line += "; gave up after \(attempts) attempts."
    }
    return String(line.map { $0.isNewline ? " " : $0 })
  }

  /// The message.
  public var description: String { message }
}

extension RemoteError: ClassifiedError {
  /// The kinds worth trying again: the host may come back, the answer may arrive next time.
  static let retryableKinds: Set<ErrorKind> = [.unreachable, .timeout, .connectionLost, .serverError, .rateLimited]

  /// Whether the same request may succeed later: unreachable, timeouts, dropped connections,
  /// 5xx and 429.
  public var isRetryable: Bool { Self.retryableKinds.contains(kind) }
}
