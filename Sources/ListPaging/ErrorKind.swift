/// What kind of failure an error is: the one machine-readable vocabulary of every error the
/// package reports, from a busy file to a server that broke the protocol.
///
/// Code compares kinds (`error.kind == .timeout`), `--json` and events print their
/// ``rawValue`` (`"timeout"`), and the command line maps each kind to its exit code; the library
/// itself knows no exit codes. The kinds the package's own errors use are the static members
/// here, in `ListStore` and in `ListProtocol` (a sync server's answers); an app's page source
/// may name its own:
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

  // MARK: A remote (a sync server's answers are in `ListProtocol`)

  /// The host could not be reached: refused connection, unknown host, no network. Retryable.
  public static let unreachable: ErrorKind = "unreachable"
  /// No answer in time. Retryable.
  public static let timeout: ErrorKind = "timeout"
  /// The connection dropped before the whole answer arrived. Retryable.
  public static let connectionLost: ErrorKind = "connection_lost"
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
