/// An error that knows whether trying again can help, with a machine-readable kind and a message
/// for people.
///
/// Sources conform their errors to this protocol so that the loader can tell a busy database or
/// a dropped connection (retryable) from a corrupt file (permanent) without knowing the source.
public protocol ClassifiedError: Error {
  /// Whether the same request may succeed later: true for a busy database, a network failure or
  /// a timeout; false for a corrupt file or a schema newer than this build.
  var isRetryable: Bool { get }
  /// What kind of failure it is, such as ``ErrorKind/busy``, ``ErrorKind/corrupt`` or
  /// ``ErrorKind/timeout``.
  var kind: ErrorKind { get }
  /// One sentence for people saying what went wrong and, where possible, what to do.
  var message: String { get }
}
