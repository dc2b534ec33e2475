/// What kind of failure an error is: the one machine-readable vocabulary of every error the
/// package reports, from a busy file to a server that broke the protocol.
///
/// Code compares kinds (`error.kind == .timeout`), `--json` and events print their
/// ``rawValue`` (`"timeout"`), and the command line maps each kind to its exit code; the library
/// itself knows no exit codes. The kinds the package's own errors use are the static members
/// here and in `ListStore`; an app's page source may name its own:
///
/// ```swift
/// extension ErrorKind {
///   static let quotaExceeded: ErrorKind = "quota_exceeded"
/// }
/// ```
public struct ErrorKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The stable name, lowercase with underscores, e.g. `connection_lost`.
  public let rawValue: String

  /// The kind called `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The kind called `value`.
  public init(stringLiteral value: String) { self.init(rawValue: value) }

  /// The name.
  public var description: String { rawValue }

  // MARK: Any source

  /// An error nobody classified: worth one more try.
  public static let unknown: ErrorKind = "unknown"
  /// The file is locked by another writer for longer than the busy timeout: retryable.
  public static let busy: ErrorKind = "busy"
  /// The file is damaged.
  public static let corrupt: ErrorKind = "corrupt"

  // MARK: A remote

  /// The host could not be reached: refused connection, unknown host, no network. Retryable.
  public static let unreachable: ErrorKind = "unreachable"
  /// No answer in time. Retryable.
  public static let timeout: ErrorKind = "timeout"
  /// The connection dropped before the whole answer arrived. Retryable.
  public static let connectionLost: ErrorKind = "connection_lost"
  /// The server answered 5xx. Retryable.
  public static let serverError: ErrorKind = "server_error"
  /// The server answered 429. Retryable.
  public static let rateLimited: ErrorKind = "rate_limited"
  /// The answer is not the protocol's: bad JSON, a missing field, a body cut short, pages that
  /// loop. Permanent.
  public static let protocolError: ErrorKind = "protocol"
  /// A redirect to another scheme, or too many redirects. Permanent.
  public static let redirectRefused: ErrorKind = "redirect"
  /// The server answered 401 or 403. Permanent.
  public static let refused: ErrorKind = "refused"
  /// The server answered another 4xx: it will never accept the request as made. Permanent.
  public static let clientError: ErrorKind = "client_error"
  /// The URL or a header given to the client is not valid. Permanent.
  public static let invalidRequest: ErrorKind = "invalid_request"
  /// The request was cancelled.
  public static let cancelled: ErrorKind = "cancelled"

  // MARK: A sync

  /// An item of a remote page is not a valid item of the kind; nothing of the page was written.
  public static let rejected: ErrorKind = "rejected"
  /// The file could not be read or written during a sync.
  public static let store: ErrorKind = "store"
}
