import ListProtocol

/// One change of the person's to an item of a synced kind, as the outbox (`list_changes`) keeps
/// it until the remote has answered it — and after, when the answer was a conflict or a refusal
/// the person has not resolved yet.
public struct SyncChange: Sendable, Equatable, Identifiable {
  /// What the change does to the item.
  public enum Operation: String, Sendable {
    /// The item was added here.
    case add
    /// Some of the item's fields were changed here.
    case update
    /// The item was removed here.
    case remove
  }

  /// Where the change is on its way to the remote.
  public enum State: String, Sendable {
    /// Not sent yet: later writes to the item fold into it.
    case pending
    /// Sent, and its answer not applied yet: it is sent again, as it was, until it is.
    case sent
    /// The remote's item had moved on; the remote's version was kept.
    case conflict
    /// The remote refused it for good.
    case rejected
  }

  /// The id the client made for the change, which the remote applies once: made when the change
  /// is first sent and kept through every resend; nil while it waits unsent (a change not sent
  /// yet may still fold into a later one).
  public var changeID: String?
  /// The order the changes were made in.
  public var sequence: Int64
  /// The local id of the item.
  public var itemID: Int64
  /// What the change does.
  public var operation: Operation
  /// For an update, the names of the fields it changes.
  public var fields: [String]
  /// Where the change is.
  public var state: State
  /// When the change was first made.
  public var madeAt: Timestamp
  /// The change as it was sent (a JSON object of the push protocol), once it was.
  public var sent: String? = nil
  /// What the remote answered (a JSON object), for a conflict or a refusal.
  public var answer: String? = nil
  /// When the remote answered, for a conflict or a refusal.
  public var answeredAt: Timestamp? = nil

  /// The change's identity in the file: its sequence number, unique among the changes the
  /// file holds (the change id comes only when the change is first sent).
  public var id: Int64 { sequence }

  /// Creates a change.
  public init(
    changeID: String?, sequence: Int64, itemID: Int64, operation: Operation, fields: [String], state: State,
    madeAt: Timestamp
  ) {
    self.changeID = changeID
    self.sequence = sequence
    self.itemID = itemID
    self.operation = operation
    self.fields = fields
    self.state = state
    self.madeAt = madeAt
  }
}

/// How many of a synced kind's changes wait for the remote, and how many it answered with a
/// conflict or a refusal: what a screen shows beside the list ("2 changes not synced yet").
public struct SyncChangeCounts: Sendable, Equatable {
  /// Changes not answered yet: pending or sent.
  public var pending: Int
  /// Changes kept as conflicts.
  public var conflicts: Int
  /// Changes the remote refused.
  public var rejected: Int

  /// Creates counts.
  public init(pending: Int = 0, conflicts: Int = 0, rejected: Int = 0) {
    self.pending = pending
    self.conflicts = conflicts
    self.rejected = rejected
  }
}

extension SyncChange.Operation {
  /// The operation as the protocol names it.
  var wire: ChangeOperation {
    switch self {
    case .add: .add
    case .update: .update
    case .remove: .remove
    }
  }
}
