/// Why a page could not be loaded, as a value that can be shown, compared and sent across tasks.
///
/// Two load errors are equal when their ``kind`` and ``message`` are equal.
public struct LoadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The three values behind one reference, so that the states, events and transitions that
  /// carry an error stay small: every transition copies them.
  private final class Storage: Sendable {
    let kind: ErrorKind
    let message: String
    let isRetryable: Bool

    init(kind: ErrorKind, message: String, isRetryable: Bool) {
      self.kind = kind
      self.message = message
      self.isRetryable = isRetryable
    }
  }

  private var storage: Storage

  /// Creates a load error from its parts.
  public init(kind: ErrorKind, message: String, isRetryable: Bool) {
    storage = Storage(kind: kind, message: message, isRetryable: isRetryable)
  }

  /// What kind of failure it is, such as ``ErrorKind/busy``, ``ErrorKind/corrupt`` or
  /// ``ErrorKind/unknown``.
  public var kind: ErrorKind {
    get { storage.kind }
    set { storage = Storage(kind: newValue, message: message, isRetryable: isRetryable) }
  }

  /// One sentence for people saying what went wrong.
  public var message: String {
    get { storage.message }
    set { storage = Storage(kind: kind, message: newValue, isRetryable: isRetryable) }
  }

  /// Whether trying the same request again may succeed.
  public var isRetryable: Bool {
    get { storage.isRetryable }
    set { storage = Storage(kind: kind, message: message, isRetryable: newValue) }
  }

  /// Classifies any error the way the loader does by default.
  ///
  /// A ``ClassifiedError`` keeps its kind, message and retryability. Anything else becomes kind
  /// `unknown`, retryable (an error we cannot explain is worth one more try), with
  /// `String(describing:)` as its message. The loader never passes `CancellationError` to a
  /// classifier: cancellation drops the request instead of failing it.
  /// - Parameter error: The error a ``PageSource`` threw.
  public init(classifying error: any Error) {
    if let classified = error as? any ClassifiedError {
      self.init(
        kind: classified.kind, message: classified.message, isRetryable: classified.isRetryable)
    } else {
      self.init(kind: .unknown, message: String(describing: error), isRetryable: true)
    }
  }

  /// The kind and the message, e.g. `busy: The database is busy; try again.`
  public var description: String { "\(kind): \(message)" }

  /// Compares kind and message: retryability follows from the kind.
  public static func == (lhs: LoadError, rhs: LoadError) -> Bool {
    lhs.kind == rhs.kind && lhs.message == rhs.message
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(message)
  }
}

extension LoadError: ClassifiedError {}

extension LoadError {
  /// What a source that only pages forward throws when asked for the page before a place or
  /// around an item: kind ``ErrorKind/invalidRequest``, not retryable.
  public static var forwardOnly: LoadError {
    LoadError(
      kind: .invalidRequest,
      message: "This list can only be read forward, from its start or after a cursor.",
      isRetryable: false)
  }
}
