import ListProtocol
import ListStore
import ListPaging
import TextFormats

/// Pages a remote list into a kind's table: the file is the remote's offline cache.
///
/// Each page is written in one transaction with the cursor that follows it
/// (`KindReplica.writeRemotePage(_:)` of ListStore); a failure is kept in the sync state, and the
/// cache stays as it was.
///
/// For example:
///
/// ```swift
/// let sync = KindSync(items: try database.items(of: "books"), client: client, decode: decodeBook)
/// try await sync.refresh()          // page 1: a new walk (since the last checkpoint, if any)
/// while try await sync.next() != nil {}  // the pages after it, from the stored cursor
/// ```
public struct KindSync: Sendable {
  /// Turns one remote item into a draft of the kind, or says which field is wrong.
  public typealias Decode = @Sendable (RemoteItem) throws(SyncRejection) -> DynamicDraft
  /// Writes an item's fields — all of them, or only the named ones — as the JSON object of the
  /// kind's item shape, without `id`: what a push sends.
  public typealias Encode = @Sendable (DynamicItem, _ fields: [String]?) -> String

  /// The kind's items of one account: where the pages go.
  public let items: KindItems
  /// The client that fetches the pages.
  public let client: RemoteClient
  private let decode: Decode
  private let encode: Encode

  /// Creates a sync of `client`'s remote into `items`.
  ///
  /// - Parameters:
  ///   - items: The kind and account the pages are written to.
  ///   - client: The remote.
  ///   - decode: Makes a draft of one remote item (its `id` is the remote id, kept apart).
  ///   - encode: Writes an item of the kind as the remote takes it, for a push.
  public init(
    items: KindItems, client: RemoteClient, decode: @escaping Decode, encode: @escaping Encode
  ) {
    // A sync's writes are transactions of their own, also for items a `ListsTransaction` gave.
    self.items = items.ownTransactions
    self.client = client
    self.decode = decode
    self.encode = encode
  }

  /// Creates a sync of `client`'s remote into `items`, whose items the remote sends and takes
  /// in the kind's JSON shape: the fields by name (a money field as its amount, minor units
  /// and currency members, times in ISO 8601), as `lists export --json` writes them.
  ///
  /// A remote item with a member the kind does not know, or a value of the wrong type, is
  /// refused by name (``SyncError/rejected(page:item:reason:)``).
  public init(items: KindItems, client: RemoteClient) {
    let format = KindItemFormat(items.definition)
    self.init(
      items: items, client: client,
      decode: { item throws(SyncRejection) in
        do throws(DraftFields.Problem) {
          return try format.draft(from: .object(item.object))
        } catch {
          throw SyncRejection(reason: error.reason)
        }
      },
      encode: { format.pushJSON($0, fields: $1) })
  }

  /// Creates a sync of `client`'s remote into an app's typed records (`KindRepository`): the
  /// same sync as ``init(items:client:)`` on their items by name, so a record added or changed
  /// through `records` is pushed, and a pulled item is read back as a `Record`.
  public init<Record: KindRecord>(records: KindRepository<Record>, client: RemoteClient) {
    self.init(items: records.byName, client: client)
  }

  /// Sends every change of the person's that the remote has not answered, in the order they
  /// were made, in requests of at most 100, and applies each answer as it arrives.
  ///
  /// A change is sent with its own id until its answer is applied; a failed request leaves
  /// every change of it waiting, to be sent again as it was. A change that needs the remote id
  /// of an item added here waits for that add's answer, in a later request of the same push.
  /// - Returns: How many changes were sent, applied, conflicted and refused.
  /// - Throws: ``SyncError``; the changes not answered stay waiting, and the failure is kept in
  ///   the sync state.
  @discardableResult
  public func push() async throws(SyncError) -> PushOutcome {
    var outcome = PushOutcome()
    do throws(SyncError) {
      // Each request answers at least one change or the push ends, so this is bounded by the
      // number of changes; the cap only guards against a remote that answers and never applies.
      for _ in 0..<100_000 {
        let changes: [OutgoingChange]
        do {
          changes = try items.replica.takeChanges(remoteURL: remoteURL, limit: 100, writeItem: encode)
        } catch {
          throw SyncError.store(error)
        }
        guard !changes.isEmpty else { break }
        let answers: [PushAnswer]
        do {
          answers = try await client.push(changes)
        } catch {
          throw SyncError.remote(error)
        }
        var results: [ChangeResult] = []
        results.reserveCapacity(answers.count)
        for answer in answers {
          results.append(Self.result(answer, decode))
        }
        let counts: (applied: Int, conflicts: Int, rejected: Int)
        do {
          counts = try items.replica.applyResults(
            results, restore: { base in try Self.restore(base, decode) }, writeItem: encode)
        } catch {
          throw SyncError.store(error)
        }
        outcome.sent += changes.count
        outcome.applied += counts.applied
        outcome.conflicts += counts.conflicts
        outcome.rejected += counts.rejected
        if counts.applied + counts.conflicts + counts.rejected == 0 { break }
      }
      // Never done while a change it could have sent waits: says so, with a failure's code.
      let left: Int
      do {
        left = try items.replica.syncChangeCounts().pending
      } catch {
        throw SyncError.store(error)
      }
      if left > 0 { throw SyncError.unsent(count: left) }
      return outcome
    } catch {
      try? items.replica.recordSyncFailure(remoteURL: remoteURL, LoadError(classifying: error), page: error.page)
      throw error
    }
  }

  /// The store's form of one answer, its item decoded as a page's items are. An item that does
  /// not decode makes the answer unusable: that change alone becomes a conflict with the
  /// reason, and the batch's other answers are applied.
  private static func result(_ answer: PushAnswer, _ decode: Decode) -> ChangeResult {
    let item: RemoteDraft?
    do {
      item = try answer.item?.draft(decode)
    } catch {
      return ChangeResult(changeID: answer.changeID, outcome: .unusable(reason: error.reason), json: answer.json)
    }
    switch answer.status {
    case .applied: return ChangeResult(changeID: answer.changeID, outcome: .applied(item), json: answer.json)
    case .conflict: return ChangeResult(changeID: answer.changeID, outcome: .conflict(item), json: answer.json)
    case .rejected(let message, let field):
      return ChangeResult(changeID: answer.changeID, outcome: .rejected(message: message, field: field), json: answer.json)
    }
  }

  /// The remote's item kept as a base (its JSON object), decoded again.
  private static func restore(_ base: String, _ decode: Decode) throws -> RemoteDraft? {
    guard case .object(let object) = try JSONParser.parse(base), let id = RemoteID(wire: WireID(object["id"])) else { return nil }
    return try RemoteItem(remoteID: id, object: object).draft(decode)
  }

  /// The remote's URL, as kept in the sync state.
  public var remoteURL: String { client.configuration.url }

  /// Fetches page 1 and, once it arrived and every item is valid, writes it: a new walk starts.
  ///
  /// When the remote ended its last complete walk with a checkpoint, the page asks only for
  /// what changed since (`since=`), and the walk removes only the items its pages name as
  /// deleted; otherwise the whole list is walked, and its last page removes what no page held.
  /// - Throws: ``SyncError``; the cache is then unchanged and the failure is kept in the state.
  @discardableResult
  public func refresh() async throws(SyncError) -> RemotePageOutcome {
    // A damaged state is no reason not to refresh: the walk writes it again, whole.
    let stored = (try? items.replica.syncState()) ?? nil
    let since = stored?.remoteURL == remoteURL ? stored?.checkpoint : nil
    do {
      return try await fetch(number: 1, cursor: nil, generation: nil, since: since)
    } catch .remote(let error) where since != nil && error.isCheckpointExpired {
      // The remote no longer knows what changed since then: the whole list is walked, and its
      // last page removes what the remote no longer holds.
      return try await fetch(number: 1, cursor: nil, generation: nil, since: nil)
    }
  }

  /// Fetches the page the stored cursor leads to and writes it; nil when the server said there
  /// are no more pages (nothing is fetched then), or when nothing was synced yet.
  ///
  /// - Throws: ``SyncError``; the cache and the cursor are then unchanged.
  public func next() async throws(SyncError) -> RemotePageOutcome? {
    let state: SyncState?
    do {
      state = try items.replica.syncState()
    } catch {
      throw .store(error)
    }
    guard let state, state.hasSynced, !state.isComplete, let cursor = state.nextCursor else { return nil }
    return try await fetch(number: state.nextPage, cursor: cursor, generation: state.generation)
  }

  /// Refreshes, then fetches every later page, each written as it arrives; returns how many
  /// pages were written. With `resume`, goes on from the stored cursor instead of refreshing
  /// (refreshing when nothing was synced yet).
  ///
  /// - Parameters:
  ///   - resume: Whether to go on from the stored cursor.
  ///   - maxPages: The most pages written; ``RemoteConfiguration/maxPages`` by default.
  ///   - progress: Called after each page is written.
  @discardableResult
  public func all(
    resume: Bool = false, maxPages: Int? = nil, progress: (RemotePageOutcome) -> Void = { _ in }
  ) async throws(SyncError) -> Int {
    let limit = maxPages ?? client.configuration.maxPages
    var written = 0
    var followed = CursorLoopCheck()
    // Read only to resume: a refresh replaces the state, damaged or not.
    var state: SyncState?
    if resume {
      do {
        state = try items.replica.syncState()
      } catch {
        throw .store(error)
      }
    }
    if !resume || !(state?.hasSynced ?? false) || state?.remoteURL != remoteURL {
      let first = try await refresh()
      progress(first)
      written += 1
    }
    while written < limit, let outcome = try await next() {
      guard outcome.written else { break }
      progress(outcome)
      written += 1
      if let cursor = outcome.state.nextCursor {
        do {
          try followed.follow(cursor, page: outcome.state.nextPage - 1)
        } catch {
          throw .remote(error)
        }
      }
    }
    return written
  }

  private func fetch(
    number: Int, cursor: String?, generation: Int64?, since: String? = nil
  ) async throws(SyncError) -> RemotePageOutcome {
    do throws(SyncError) {
      let page: RemotePage
      do {
        page = try await client.fetchPage(number: number, cursor: cursor, since: since)
      } catch {
        throw SyncError.remote(error)
      }
      var drafts: [RemoteDraft] = []
      drafts.reserveCapacity(page.items.count)
      for (index, item) in page.items.enumerated() {
        do {
          drafts.append(try item.draft(decode))
        } catch {
          throw .rejected(page: number, item: index + 1, reason: error.reason)
        }
      }
      do {
        return try items.replica.writeRemotePage(
          RemotePageWrite(
            remoteURL: remoteURL, number: number, items: drafts, nextCursor: page.nextCursor, generation: generation,
            since: since, checkpoint: page.checkpoint,
            deleted: page.deleted.map { RemoteToken(text: $0.text, isInteger: $0.isInteger) }))
      } catch {
        throw Self.syncError(error, page: number)
      }
    } catch {
      // Kept for `show` and `--json`; a failure to keep it is not the error that matters.
      try? items.replica.recordSyncFailure(remoteURL: remoteURL, LoadError(classifying: error), page: error.page)
      throw error
    }
  }

  private static func syncError(_ error: ListStoreError, page: Int) -> SyncError {
    guard case .importRejected(let position, let reason) = error else { return .store(error) }
    let sentence: String
    switch reason {
    case .invalidValue(let field, let why): sentence = "field '\(field)' \(why)."
    default: sentence = reason.message
    }
    return .rejected(page: page, item: position, reason: sentence)
  }
}

extension RemoteID {
  /// Whether the server sent the id as a JSON integer.
  public var isInteger: Bool {
    if case .integer = self { return true }
    return false
  }
}

/// What a push did.
public struct PushOutcome: Sendable, Equatable {
  /// Changes sent (a change sent again after a failed request counts again).
  public var sent = 0
  /// Changes the remote applied.
  public var applied = 0
  /// Changes kept as conflicts: the remote's version won.
  public var conflicts = 0
  /// Changes the remote refused.
  public var rejected = 0

  /// Creates an outcome; nothing pushed by default.
  public init(sent: Int = 0, applied: Int = 0, conflicts: Int = 0, rejected: Int = 0) {
    self.sent = sent
    self.applied = applied
    self.conflicts = conflicts
    self.rejected = rejected
  }
}
