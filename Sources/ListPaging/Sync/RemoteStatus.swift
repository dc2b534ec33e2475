/// Where the remote side of a synced list stands, apart from the local pages' state (as
/// Paging 3's `CombinedLoadStates` keeps `source` and `mediator` apart).
public enum RemoteStatus: Sendable, Hashable {
  /// No remote request runs, and the last one did not fail.
  case idle
  /// Remote page `page` is being fetched (1 is a refresh).
  case loading(page: Int)
  /// Remote page `page` failed; a retry asks for this same page again.
  case failed(page: Int, error: LoadError)
}

/// The remote's side of a synced list: its status and what the file knows of it.
package struct RemoteLoadState: Sendable, Hashable {
  /// Whether a request runs or failed.
  package var status: RemoteStatus
  /// Whether the server ever answered a first page (the cache is then the server's list).
  package var hasSynced: Bool
  /// Whether the server said there are no more pages.
  package var endReached: Bool
  /// The number of the next remote page (the one the stored cursor leads to).
  package var nextPage: Int

  /// Creates a remote state; by default, never synced.
  package init(status: RemoteStatus = .idle, hasSynced: Bool = false, endReached: Bool = false, nextPage: Int = 1) {
    self.status = status
    self.hasSynced = hasSynced
    self.endReached = endReached
    self.nextPage = nextPage
  }

  /// The error of the last remote request, when it failed.
  package var error: LoadError? {
    if case .failed(_, let error) = status { return error }
    return nil
  }
}

/// The local pages' state and the remote's, and what a synced list shows from the two: the rules
/// R1 to R3 that `lists show` follows for a kind with a remote (a stale cache, a failed refresh).
package struct CombinedLoadState<Item: Sendable>: Sendable {
  /// The cached rows, as the local loader pages them.
  package var local: ListState<Item>
  /// The remote's side.
  package var remote: RemoteLoadState

  /// Creates a combined state.
  package init(local: ListState<Item>, remote: RemoteLoadState) {
    self.local = local
    self.remote = remote
  }

  /// What the list shows as a whole:
  ///
  /// - R1: cached rows show (``ListPhase/content``) whatever the remote does: a refresh or a
  ///   failure never hides them (the failure is ``remoteNotice``).
  /// - R2: nothing cached and never synced is ``ListPhase/loading``, not ``ListPhase/empty``.
  /// - R3: the server answered with no items: ``ListPhase/empty``.
  /// - Nothing cached and the remote failed: ``ListPhase/error``.
  package var phase: ListPhase {
    switch local.phase {
    case .content, .noResults, .error, .idle, .loading: return local.phase
    case .empty:
      if remote.error != nil { return .error }
      return remote.hasSynced ? .empty : .loading
    }
  }

  /// Why the list failed, in phase ``ListPhase/error``: the local error, else the remote's.
  package var error: LoadError? {
    guard phase == .error else { return nil }
    return local.error ?? remote.error
  }

  /// The remote failure shown with cached rows, or nil.
  package var remoteNotice: LoadError? {
    phase == .content ? remote.error : nil
  }

  /// The line shown with cached rows when the remote failed, e.g.
  /// `Offline — showing books from 14:05 (server unreachable).`
  ///
  /// - Parameters:
  ///   - items: What the list holds, plural (`books`).
  ///   - since: When the cache was last synced, as shown to people (`14:05`), or nil.
  ///   - reason: A few words on why (`server unreachable`).
  package static func offlineNotice(items: String, since: String?, reason: String) -> String {
    "Offline — showing \(items)" + (since.map { " from \($0)" } ?? "") + " (\(reason))."
  }
}

extension CombinedLoadState: Equatable where Item: Equatable {}
