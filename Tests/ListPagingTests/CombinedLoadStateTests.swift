import ListPaging
import Testing

/// The rules R1–R3 of a list with a cache and a remote, as `lists show` applies them to a synced
/// kind: the local loader's state and the remote's go in, what the list shows comes out.
struct CombinedLoadStateTests {
  static let unreachable = LoadError(kind: "unreachable", message: "the server is unreachable.", isRetryable: true)
  static let synced = RemoteLoadState(hasSynced: true, endReached: false, nextPage: 2)

  static func local(_ items: [Int]) -> ListState<Int> {
    ListState(phase: items.isEmpty ? .empty : .content, items: LoadedItems(items), pagesLoaded: 1, endReached: true)
  }

  @Test func r1CachedRowsShowWhateverTheRemoteDoes() {
    let loading = CombinedLoadState(
      local: Self.local([1, 2]), remote: RemoteLoadState(status: .loading(page: 1), hasSynced: true))
    #expect(loading.phase == .content)
    #expect(loading.remoteNotice == nil)
    let failed = CombinedLoadState(
      local: Self.local([1, 2]), remote: RemoteLoadState(status: .failed(page: 1, error: Self.unreachable), hasSynced: true))
    #expect(failed.phase == .content)
    #expect(failed.remoteNotice == Self.unreachable)
    #expect(failed.error == nil)
    #expect(
      CombinedLoadState<Int>.offlineNotice(items: "books", since: "14:05", reason: "server unreachable")
        == "Offline — showing books from 14:05 (server unreachable).")
    #expect(
      CombinedLoadState<Int>.offlineNotice(items: "books", since: nil, reason: "timed out")
        == "Offline — showing books (timed out).")
  }

  @Test func r2NothingCachedAndNeverSyncedIsLoadingNotEmpty() {
    let never = CombinedLoadState(local: Self.local([]), remote: RemoteLoadState())
    #expect(never.phase == .loading)
    let fetching = CombinedLoadState(local: Self.local([]), remote: RemoteLoadState(status: .loading(page: 1)))
    #expect(fetching.phase == .loading)
    #expect(fetching.error == nil)
  }

  @Test func r3NoItemsFromTheServerIsEmptyAndAFailureWithNothingCachedIsAnError() {
    let answeredEmpty = CombinedLoadState(local: Self.local([]), remote: Self.synced)
    #expect(answeredEmpty.phase == .empty)
    let failed = CombinedLoadState(
      local: Self.local([]), remote: RemoteLoadState(status: .failed(page: 1, error: Self.unreachable), hasSynced: true))
    #expect(failed.phase == .error)
    #expect(failed.error == Self.unreachable)
    #expect(failed.remoteNotice == nil)
  }

  @Test func aLocalErrorWinsOverTheRemotes() {
    let corrupt = LoadError(kind: "corrupt", message: "The file is damaged.", isRetryable: false)
    var local = Self.local([])
    local.phase = .error
    local.error = corrupt
    let state = CombinedLoadState(
      local: local, remote: RemoteLoadState(status: .failed(page: 1, error: Self.unreachable), hasSynced: true))
    #expect(state.phase == .error)
    #expect(state.error == corrupt)
  }
}
