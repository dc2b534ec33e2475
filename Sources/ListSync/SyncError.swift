import ListPaging
import ListStore

/// Why a sync failed: the remote, an item the kind rejects, or the file. Its ``kind`` says
/// which (the remote's own kind, `ErrorKind.rejected` or `ErrorKind.store`); the command
/// line maps it to an exit code.
public enum SyncError: Error, Sendable, CustomStringConvertible {
  /// Talking to the remote failed.
  case remote(RemoteError)
  /// An item of a page is not a valid item of the kind; nothing of the page was written. The
  /// message names the page, the item and the field.
  case rejected(page: Int, item: Int, reason: String)
  /// The file could not be read or written.
  case store(ListStoreError)
  /// A push ended with changes it could have sent still waiting (another sync of the file
  /// answered them meanwhile, or the remote kept answering without applying): they go with the
  /// next sync.
  case unsent(count: Int)

  /// One line: `page 2: item 3: field 'pages' must be an integer.`
  public var message: String {
    switch self {
    case .remote(let error): error.message
    case .rejected(let page, let item, let reason): "page \(page): item \(item): \(reason)"
    case .store(let error): error.message
    case .unsent(let count):
      "push: \(count == 1 ? "a change is" : "\(count) changes are") still waiting to be sent; the next sync sends "
        + (count == 1 ? "it." : "them.")
    }
  }

  /// The message.
  public var description: String { message }

  /// The remote page (1 for the first) the failure is about, when it is about one.
  public var page: Int? {
    switch self {
    case .remote(let error): error.page
    case .rejected(let page, _, _): page
    case .store, .unsent: nil
    }
  }
}

extension SyncError: ClassifiedError {
  /// What failed: the remote error's kind, `ErrorKind.rejected`, `ErrorKind.store`, or
  /// `ErrorKind.busy` for changes still waiting after a push.
  public var kind: ErrorKind {
    switch self {
    case .remote(let error): error.kind
    case .rejected: .rejected
    case .store: .store
    case .unsent: .busy
    }
  }

  /// Whether the same sync may succeed later: a retryable remote error or a busy file.
  public var isRetryable: Bool {
    switch self {
    case .remote(let error): error.isRetryable
    case .rejected: false
    case .store(let error): error.isRetryable
    case .unsent: true
    }
  }
}

/// Why an item of a remote page is not an item of the kind, e.g. `field 'title' is missing.`
public struct SyncRejection: Error, Sendable {
  /// The sentence, naming the field.
  public var reason: String

  /// Creates a rejection.
  public init(reason: String) { self.reason = reason }
}
