import Synchronization

/// The changes to one list as one loader observes them: a new stream for each observer, each
/// starting where the loader's observers left off. An observer started again after a pause (a
/// SwiftUI view that came back) so hears at once of a change made while nobody observed.
final class LoaderChanges: Sendable {
  private let key: ChangeHub.Key
  /// The list's version as of the last change an observer took in (at first, as of the
  /// loader's creation).
  private let heard: Mutex<Int64?>

  init(_ key: ChangeHub.Key, version: Int64?) {
    self.key = key
    self.heard = Mutex(version)
  }

  /// A new stream of the list's changes for one observer of `database`. It yields at once when
  /// the list changed since the version last heard (or its version cannot be read now: the
  /// refresh it causes then shows why).
  func stream(_ database: ListsDatabase) -> Changes {
    let now = try? database.changeVersion(of: key)
    let missed = now == nil || heard.withLock { $0 } != now
    let versions = database.hub.subscribeToVersions(key, version: now, yieldingNow: missed)
    return Changes(versions: versions, owner: self)
  }

  /// The changes one observer follows: an element per (coalesced) change, each recorded as
  /// heard once the observer takes it.
  struct Changes: AsyncSequence, Sendable {
    typealias Element = Void
    typealias Failure = Never

    let versions: AsyncStream<Int64>
    let owner: LoaderChanges

    func makeAsyncIterator() -> Iterator {
      Iterator(versions: versions.makeAsyncIterator(), owner: owner)
    }

    struct Iterator: AsyncIteratorProtocol {
      typealias Element = Void
      typealias Failure = Never

      var versions: AsyncStream<Int64>.Iterator
      let owner: LoaderChanges

      mutating func next() async -> Void? {
        guard let version = await versions.next() else { return nil }
        owner.heard.withLock { $0 = version }
        return ()
      }
    }
  }
}
