import ListPaging
import ListStore

/// Why a sync failed: the remote, an item the kind rejects, or the file.
public enum SyncError: Error, Sendable, CustomStringConvertible {
  /// Talking to the remote failed (exit 69, 75, 76, 77 by its reason).
  case remote(RemoteError)
  /// An item of a page is not a valid item of the kind; nothing of the page was written
  /// (exit 65). The message names the page, the item and the field.
  case rejected(page: Int, item: Int, reason: String)
  /// The file could not be read or written.
  case store(ListStoreError)

  /// One line: `page 2: item 3: field 'pages' must be an integer.`
  public var message: String {
    switch self {
    case .remote(let error): error.message
    case .rejected(let page, let item, let reason): "page \(page): item \(item): \(reason)"
    case .store(let error): error.message
    }
  }

  /// The message.
  public var description: String { message }

  /// The contract's exit code: the remote error's, 65 for a rejected item, 74 for the file.
  public var exitCode: Int32 {
    switch self {
    case .remote(let error): error.exitCode
    case .rejected: 65
    case .store(let error): error.isBusy ? 75 : 74
    }
  }

  /// The failure as the sync state keeps it.
  public var failure: SyncFailure {
    switch self {
    case .remote(let error):
      SyncFailure(kind: error.kind, message: error.message, retryable: error.isRetryable, page: error.page)
    case .rejected(let page, _, _):
      SyncFailure(kind: "rejected", message: message, retryable: false, page: page)
    case .store(let error):
      SyncFailure(kind: "store", message: error.message, retryable: error.isBusy)
    }
  }
}

extension SyncError: ClassifiedError {
  /// Whether the same sync may succeed later.
  public var isRetryable: Bool { failure.retryable }
  /// The kind of error for `--json` and events: the remote's reason, `rejected` or `store`.
  public var kind: String { failure.kind }
}

extension ListStoreError {
  fileprivate var isBusy: Bool {
    if case .databaseBusy = self { return true }
    return false
  }
}

/// Why an item of a remote page is not an item of the kind, e.g. `field 'title' is missing.`
public struct SyncRejection: Error, Sendable {
  /// The sentence, naming the field.
  public var reason: String

  /// Creates a rejection.
  public init(reason: String) { self.reason = reason }
}
