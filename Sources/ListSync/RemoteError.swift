import ListPaging

/// Why talking to a remote failed: one line for people, a kind for code, an exit code for the
/// command line.
///
/// Messages never contain header values, and never the URL's query (it may hold a token); a
/// message about a page starts with its number: `page 2: item 3 has no "id".`
public struct RemoteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, as the contract's §9 sorts it.
  public enum Reason: String, Sendable, CaseIterable {
    /// The host could not be reached: refused connection, unknown host, no network. Exit 69,
    /// retryable.
    case unreachable
    /// No answer in time. Exit 75, retryable.
    case timeout
    /// The connection dropped before the whole body arrived (a reset). Exit 75, retryable.
    case connectionLost = "connection_lost"
    /// The server answered 5xx. Exit 75, retryable.
    case serverError = "server_error"
    /// The server answered 429. Exit 75, retryable.
    case rateLimited = "rate_limited"
    /// The body is not the protocol's JSON, is cut short (fewer bytes than its
    /// `Content-Length`), misses a field, or the pages loop. Exit 76, permanent.
    case protocolError = "protocol"
    /// A redirect to another scheme, or too many redirects. Exit 76, permanent.
    case redirectRefused = "redirect"
    /// The server answered 401 or 403. Exit 77, permanent.
    case refused
    /// The server answered another 4xx (400, 404, 410...). Exit 76, permanent: the request
    /// as this client makes it will never be accepted, so the client and the server disagree
    /// about the protocol (a wrong URL, a cursor the server does not know). Not 69, which the
    /// contract keeps for unreachable hosts that are worth retrying.
    case clientError = "client_error"
    /// The URL or a header given to the client is not valid. Exit 64, permanent.
    case invalidRequest = "invalid_request"
    /// The task was cancelled. Exit 70; callers usually drop the request instead.
    case cancelled
  }

  /// What went wrong.
  public let reason: Reason
  /// The page (1 for the first) the error is about, when it is about one.
  public let page: Int?
  /// The HTTP status the server answered with, when it answered.
  public let status: Int?
  /// The attempts made before giving up (1 when the error was not retried).
  public internal(set) var attempts: Int
  /// Whether the error is about a push of changes, not a page.
  public internal(set) var isPush = false
  private let detail: String

  /// Creates an error; `detail` must be one sentence without header values.
  init(_ reason: Reason, _ detail: String, page: Int? = nil, status: Int? = nil) {
    self.reason = reason
    self.detail = detail
    self.page = page
    self.status = status
    self.attempts = 1
  }

  /// The same error about `page`.
  func on(page number: Int) -> RemoteError {
    var copy = RemoteError(reason, detail, page: number, status: status)
    copy.attempts = attempts
    return copy
  }

  /// The same error about a push.
  func onPush() -> RemoteError {
    var copy = RemoteError(reason, detail, status: status)
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

  /// The contract's exit code (sysexits) for this error.
  public var exitCode: Int32 {
    switch reason {
    case .unreachable: 69
    case .timeout, .connectionLost, .serverError, .rateLimited: 75
    case .protocolError, .redirectRefused, .clientError: 76
    case .refused: 77
    case .invalidRequest: 64
    case .cancelled: 70
    }
  }

  /// The message.
  public var description: String { message }
}

extension RemoteError: ClassifiedError {
  /// Whether the same request may succeed later: unreachable, timeouts, dropped connections,
  /// 5xx and 429.
  public var isRetryable: Bool {
    switch reason {
    case .unreachable, .timeout, .connectionLost, .serverError, .rateLimited: true
    case .protocolError, .redirectRefused, .refused, .clientError, .invalidRequest, .cancelled:
      false
    }
  }

  /// The reason's name for `--json` and events: `unreachable`, `timeout`, `protocol`...
  public var kind: String { reason.rawValue }
}
