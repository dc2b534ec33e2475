import ListStore
import Synchronization

/// A clock the test moves by hand: every call returns the next millisecond after `start`, so
/// items added one after another have distinct, predictable times.
final class TestClock: Sendable {
  private let next: Mutex<Int64>

  init(start: Int64 = 1_764_500_000_000) {
    next = Mutex(start)
  }

  /// The configuration of a database that uses this clock.
  var configuration: ListsDatabase.Configuration {
    ListsDatabase.Configuration(now: { self.tick() })
  }

  func tick() -> Timestamp {
    next.withLock { value in
      value += 1
      return Timestamp(millisecondsSince1970: value)
    }
  }
}
