/// Where a synced list's changes stand: what a screen shows beside its content ("2 changes not
/// synced yet."), published by a sync engine and carried by the list's ``ListModel``.
///
/// The counts are the person's changes the remote has not answered (``pending``), and those it
/// answered with a conflict or a refusal, kept until the person or the app resolves them.
public struct SyncStatus: Sendable, Hashable {
  /// What the sync is doing now.
  public enum Activity: Sendable, Hashable {
    /// Nothing: waiting for a change, a request or the schedule.
    case idle
    /// Sending the person's changes.
    case pushing
    /// Fetching the remote's pages.
    case pulling
    /// A sync failed and will be tried again after a backoff.
    case waitingToRetry
  }

  /// Changes not answered by the remote yet.
  public var pending: Int
  /// Changes the remote answered with a conflict (its version won).
  public var conflicts: Int
  /// Changes the remote refused.
  public var rejected: Int
  /// What the sync is doing.
  public var activity: Activity
  /// Why the last sync failed, or nil when it succeeded (or none ran yet).
  public var lastError: LoadError?
  /// When a remote page was last written, in milliseconds since 1970 (UTC); nil when never.
  public var lastSyncedAt: Int64?

  /// Creates a status; nothing waits by default.
  public init(
    pending: Int = 0, conflicts: Int = 0, rejected: Int = 0, activity: Activity = .idle, lastError: LoadError? = nil,
    lastSyncedAt: Int64? = nil
  ) {
    self.pending = pending
    self.conflicts = conflicts
    self.rejected = rejected
    self.activity = activity
    self.lastError = lastError
    self.lastSyncedAt = lastSyncedAt
  }

  /// One line per kind of change that needs a word beside the list: `2 changes not synced
  /// yet.`, `1 change was refused by the server.`, `1 change conflicted with the server.`
  ///
  /// - Parameter seeAlso: Where the person can see the refused and conflicted changes (the
  ///   command line gives `lists sync status books`): it ends those lines after a colon.
  public func notices(seeAlso: String? = nil) -> [String] {
    func changes(_ count: Int) -> String { count == 1 ? "1 change" : "\(count) changes" }
    let end = seeAlso.map { ": " + $0 } ?? "."
    var lines: [String] = []
    if pending > 0 { lines.append("\(changes(pending)) not synced yet.") }
    if rejected > 0 { lines.append("\(changes(rejected)) \(rejected == 1 ? "was" : "were") refused by the server" + end) }
    if conflicts > 0 { lines.append("\(changes(conflicts)) conflicted with the server" + end) }
    return lines
  }
}
