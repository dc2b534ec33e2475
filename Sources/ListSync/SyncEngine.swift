import ListPaging
import ListStore
import Synchronization

/// Keeps a synced kind and its remote in step for as long as it runs: the sync an app runs for
/// the life of a screen or of the app.
///
/// - It pushes soon after the person's writes: a burst of writes within ``Schedule/pushDelay``
///   of the first goes in one push (a write by another process is seen within the store's poll
///   interval).
/// - It pushes and pulls when it starts, when asked (``syncNow()``), and every
///   ``Schedule/pullInterval``.
/// - A failure the remote may get over (unreachable, a timeout, a 5xx or 429) is tried again
///   after a capped exponential backoff with full jitter (``Schedule/backoff``); one it will
///   not (refused credentials, a broken protocol, an item the kind rejects) waits for the next
///   write, request or scheduled pull. Nothing is lost meanwhile: the changes wait in the file.
/// - It stops when the task running ``run()`` is cancelled.
/// - It publishes a `SyncStatus` (``status``, ``statuses()``) after every step: the pending,
///   conflicted and refused changes, what it is doing, the last error and when it last synced.
///   A `ListModel` made with ``statuses()`` carries it beside the list.
/// - A conflict is the remote's win by default, kept for the person to see; an app may decide
///   each one instead (``ConflictHandler``).
///
/// For example:
///
/// ```swift
/// let engine = SyncEngine(sync: sync)
/// let model = ListModel(loader: books.loader(), list: "books", syncStatuses: engine.statuses)
/// // In the screen: .task { await engine.run() } and .task { await model.run() }
/// ```
public final class SyncEngine: Sendable {
  /// When the engine syncs.
  public struct Schedule: Sendable {
    /// How long after a write the push starts, gathering the writes of a burst.
    public var pushDelay: Duration
    /// How often to push and pull when nothing else asks; nil: only at the start and when asked.
    public var pullInterval: Duration?
    /// The waits after failures: the wait after the n-th failure in a row is drawn from zero up
    /// to `min(maxDelay, baseDelay × 2^(n − 1))`. Its attempt and time bounds are not used: the
    /// engine tries again for as long as it runs.
    public var backoff: RetryPolicy

    /// Creates a schedule.
    public init(
      pushDelay: Duration = .milliseconds(500), pullInterval: Duration? = .seconds(300),
      backoff: RetryPolicy = RetryPolicy(baseDelay: .seconds(1), maxDelay: .seconds(300))
    ) {
      self.pushDelay = pushDelay
      self.pullInterval = pullInterval
      self.backoff = backoff
    }
  }

  /// Decides one conflict: the remote's item won, and the person's change is at hand.
  public typealias ConflictHandler = @Sendable (SyncConflict) async -> ConflictResolution

  /// The sync it runs.
  public let sync: KindSync
  /// When it runs it.
  public let schedule: Schedule
  private let environment: RemoteEnvironment
  private let onConflict: ConflictHandler?
  private let core = Mutex(Core())

  private struct Core: Sendable {
    var status = SyncStatus()
    var subscribers: [Int: AsyncStream<SyncStatus>.Continuation] = [:]
    var nextSubscriber = 0
    var wake: AsyncStream<Wake>.Continuation?
    /// Conflicts handed to the handler already (and left as conflicts), not to ask again.
    var decided: Set<String> = []
  }

  private enum Wake: Sendable {
    case wrote, pushDue, pullDue, retryDue
  }

  /// Creates an engine; nothing runs until ``run()``.
  ///
  /// - Parameters:
  ///   - sync: The kind, its account and its remote.
  ///   - schedule: When to push, pull and try again.
  ///   - environment: The clock, the waits and the jitter (tests pass their own).
  ///   - onConflict: Decides each conflict; without it the remote's version wins and the
  ///     change is kept as a conflict for the person (`lists sync status`).
  public init(
    sync: KindSync, schedule: Schedule = Schedule(), environment: RemoteEnvironment = .live,
    onConflict: ConflictHandler? = nil
  ) {
    self.sync = sync
    self.schedule = schedule
    self.environment = environment
    self.onConflict = onConflict
    core.withLock { $0.status = Self.read(sync.items, activity: .idle, lastError: nil) }
  }

  /// The status now: the counts and the last sync read from the file (so a write made while
  /// the engine is not running counts), with what the engine is doing and its last error.
  public var status: SyncStatus {
    let last = core.withLock { $0.status }
    return Self.read(sync.items, activity: last.activity, lastError: last.lastError)
  }

  /// The status now, then each new one, until the consumer is cancelled.
  @Sendable public func statuses() -> AsyncStream<SyncStatus> {
    let (stream, continuation) = AsyncStream.makeStream(of: SyncStatus.self, bufferingPolicy: .bufferingNewest(1))
    let id = core.withLock { core in
      let id = core.nextSubscriber
      core.nextSubscriber += 1
      core.subscribers[id] = continuation
      continuation.yield(core.status)
      return id
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.core.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Asks the running engine to push and pull now (a pull to refresh); nothing when it is not
  /// running.
  public func syncNow() {
    _ = core.withLock { $0.wake?.yield(.pullDue) }
  }

  /// Syncs until the calling task is cancelled: pushes and pulls at once, then as the schedule
  /// says. Returns when cancelled; a sync in progress then stops at its next request, and what
  /// it did not finish waits in the file for the next run. An engine runs once at a time: a
  /// call while another runs returns at once.
  public func run() async {
    let (wakes, wake) = AsyncStream.makeStream(of: Wake.self, bufferingPolicy: .unbounded)
    let started = core.withLock { core in
      guard core.wake == nil else { return false }
      core.wake = wake
      return true
    }
    guard started else { return }
    let items = sync.items
    let environment = self.environment
    let schedule = self.schedule
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        guard let changes = try? items.changes() else { return }
        for await _ in changes { wake.yield(.wrote) }
      }
      if let interval = schedule.pullInterval {
        group.addTask {
          while (try? await environment.sleep(interval)) != nil { wake.yield(.pullDue) }
        }
      }
      wake.yield(.pullDue)
      var pushScheduled = false
      var retryScheduled = false
      var failures = 0
      var pullWanted = false
      for await signal in wakes {
        if Task.isCancelled { break }
        var pull: Bool
        switch signal {
        case .wrote:
          let status = publish(activity: retryScheduled ? .waitingToRetry : .idle)
          if status.pending > 0 && !pushScheduled && !retryScheduled {
            pushScheduled = true
            group.addTask {
              if (try? await environment.sleep(schedule.pushDelay)) != nil { wake.yield(.pushDue) }
            }
          }
          continue
        case .pushDue:
          pushScheduled = false
          if retryScheduled { continue }
          pull = false
        case .pullDue:
          pull = true
        case .retryDue:
          retryScheduled = false
          pull = pullWanted
        }
        if let error = await cycle(pull: pull) {
          failures += 1
          pullWanted = pullWanted || pull
          if error.isRetryable, !retryScheduled {
            let wait = schedule.backoff.backoff(afterFailures: failures, random: environment.random())
            retryScheduled = true
            publish(activity: .waitingToRetry, lastError: LoadError(classifying: error))
            group.addTask {
              if (try? await environment.sleep(wait)) != nil { wake.yield(.retryDue) }
            }
          }
        } else {
          failures = 0
          pullWanted = false
        }
      }
      core.withLock { $0.wake = nil }
      wake.finish()
      group.cancelAll()
    }
    publish(activity: .idle)
  }

  /// One push (with the conflicts decided), then a pull when asked; the failure, or nil.
  private func cycle(pull: Bool) async -> SyncError? {
    do throws(SyncError) {
      publish(activity: .pushing)
      // A change sent again after a decision is pushed in the next round; bounded, so that a
      // remote that always conflicts cannot keep the engine here.
      for _ in 0..<3 {
        let outcome = try await sync.push()
        guard outcome.conflicts > 0, try await decideConflicts() else { break }
      }
      if pull {
        publish(activity: .pulling)
        try await sync.all()
        // A pull's deletions make conflicts too (a change of an item the remote deleted):
        // offered to the handler as the push's are, and a change to send again goes now.
        if try await decideConflicts() { try await sync.push() }
      }
      publish(activity: .idle, lastError: nil)
      return nil
    } catch {
      publish(activity: .idle, lastError: LoadError(classifying: error))
      return error
    }
  }

  /// Hands each new conflict to the handler; returns whether any change is to be sent again.
  private func decideConflicts() async throws(SyncError) -> Bool {
    guard let onConflict else { return false }
    let changes: [SyncChange]
    do {
      changes = try sync.items.replica.syncChanges()
    } catch {
      throw .store(error)
    }
    var resend = false
    for change in changes where change.state == .conflict {
      guard let changeID = change.changeID, !core.withLock({ $0.decided.contains(changeID) }) else { continue }
      let decision = await onConflict(SyncConflict(change))
      do {
        switch decision {
        case .keepRemote:
          try sync.items.replica.forgetAnsweredChange(id: changeID)
        case .sendAgain:
          if case .queued = try sync.items.replica.retryAnsweredChange(id: changeID) { resend = true }
        case .leaveForThePerson:
          core.withLock { _ = $0.decided.insert(changeID) }
        }
      } catch {
        throw .store(error)
      }
    }
    return resend
  }

  /// Publishes the status with `activity`, keeping the last error.
  @discardableResult
  private func publish(activity: SyncStatus.Activity) -> SyncStatus {
    publish(activity: activity, lastError: core.withLock { $0.status.lastError })
  }

  /// Reads the counts and the last sync from the file, publishes the status, and returns it.
  @discardableResult
  private func publish(activity: SyncStatus.Activity, lastError: LoadError?) -> SyncStatus {
    let status = Self.read(sync.items, activity: activity, lastError: lastError)
    core.withLock { core in
      guard core.status != status else { return }
      core.status = status
      for continuation in core.subscribers.values { continuation.yield(status) }
    }
    return status
  }

  private static func read(_ items: KindItems, activity: SyncStatus.Activity, lastError: LoadError?) -> SyncStatus {
    let counts = (try? items.replica.syncChangeCounts()) ?? SyncChangeCounts()
    let state = (try? items.replica.syncState()) ?? nil
    return SyncStatus(
      pending: counts.pending, conflicts: counts.conflicts, rejected: counts.rejected, activity: activity,
      lastError: lastError, lastSyncedAt: state?.lastSuccessAt?.millisecondsSince1970)
  }
}

/// A change of the person's that the remote answered with a conflict: its item had moved on
/// (or is gone). The local item already shows the remote's version.
public struct SyncConflict: Sendable {
  /// The change's id, as `lists sync status` shows it.
  public var changeID: String
  /// The local item the change was made to.
  public var itemID: Int64
  /// What the change did.
  public var operation: SyncChange.Operation
  /// The change as it was sent (a JSON object), or nil when it was never sent.
  public var sent: String?
  /// The remote's answer (a JSON object with its `item`, or `null` when the item is gone).
  public var answer: String?

  init(_ change: SyncChange) {
    changeID = change.changeID ?? ""
    itemID = change.itemID
    operation = change.operation
    sent = change.sent
    answer = change.answer
  }
}

/// What an app decides for one conflict.
public enum ConflictResolution: Sendable, Equatable {
  /// The remote's version stays and the change is forgotten.
  case keepRemote
  /// The change is sent again on top of the remote's version (a new change).
  case sendAgain
  /// Kept as a conflict for the person to see and resolve, as without a handler.
  case leaveForThePerson
}
