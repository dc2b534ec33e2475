import ListStore

/// Pages a remote list into a kind's table: the file is the remote's offline cache.
///
/// Each page is written in one transaction with the cursor that follows it
/// (`KindItems.writeRemotePage(_:)` of ListStore); a failure is kept in the sync state, and the
/// cache stays as it was.
///
/// For example:
///
/// ```swift
/// let sync = KindSync(items: try database.items(of: "books"), client: client, decode: decodeBook)
/// try await sync.refresh()          // page 1 replaces the cache
/// while try await sync.next() != nil {}  // the pages after it, from the stored cursor
/// ```
public struct KindSync: Sendable {
  /// Turns one remote item into a draft of the kind, or says which field is wrong.
  public typealias Decode = @Sendable (RemoteItem) throws(SyncRejection) -> DynamicDraft

  /// The kind's items of one account: where the pages go.
  public let items: KindItems
  /// The client that fetches the pages.
  public let client: RemoteClient
  private let decode: Decode

  /// Creates a sync of `client`'s remote into `items`.
  ///
  /// - Parameters:
  ///   - items: The kind and account the pages are written to.
  ///   - client: The remote.
  ///   - decode: Makes a draft of one remote item (its `id` is the remote id, kept apart).
  public init(items: KindItems, client: RemoteClient, decode: @escaping Decode) {
    self.items = items
    self.client = client
    self.decode = decode
  }

  /// The remote's URL, as kept in the sync state.
  public var remoteURL: String { client.configuration.url }

  /// Fetches page 1 and, once it arrived and every item is valid, replaces the cache with it.
  ///
  /// - Throws: ``SyncError``; the cache is then unchanged and the failure is kept in the state.
  @discardableResult
  public func refresh() async throws(SyncError) -> RemotePageOutcome {
    try await fetch(number: 1, cursor: nil, generation: nil)
  }

  /// Fetches the page the stored cursor leads to and writes it; nil when the server said there
  /// are no more pages (nothing is fetched then), or when nothing was synced yet.
  ///
  /// - Throws: ``SyncError``; the cache and the cursor are then unchanged.
  public func next() async throws(SyncError) -> RemotePageOutcome? {
    let state: SyncState?
    do {
      state = try items.syncState()
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
    let state: SyncState?
    do {
      state = try items.syncState()
    } catch {
      throw .store(error)
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

  private func fetch(number: Int, cursor: String?, generation: Int64?) async throws(SyncError) -> RemotePageOutcome {
    do throws(SyncError) {
      let page: RemotePage
      do {
        page = try await client.fetchPage(number: number, cursor: cursor)
      } catch {
        throw SyncError.remote(error)
      }
      var drafts: [RemoteDraft] = []
      drafts.reserveCapacity(page.items.count)
      for (index, item) in page.items.enumerated() {
        do {
          let draft = try decode(item)
          drafts.append(RemoteDraft(remoteID: item.remoteID.text, remoteIDIsInteger: item.remoteID.isInteger, draft: draft))
        } catch {
          throw .rejected(page: number, item: index + 1, reason: error.reason)
        }
      }
      do {
        return try items.writeRemotePage(
          RemotePageWrite(
            remoteURL: remoteURL, number: number, items: drafts, nextCursor: page.nextCursor, generation: generation))
      } catch {
        throw Self.syncError(error, page: number)
      }
    } catch {
      // Kept for `show` and `--json`; a failure to keep it is not the error that matters.
      try? items.recordSyncFailure(remoteURL: remoteURL, error.failure)
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
