import ListSync
import Synchronization

/// A clock that only moves when the client sleeps: every wait is recorded and returns at once.
final class VirtualTime: Sendable {
  private struct State {
    var now: Duration = .zero
    var sleeps: [Duration] = []
  }

  private let state = Mutex(State())
  private let randomValue: Double
  private let unixTime: Int64

  /// - Parameters:
  ///   - random: What every draw of the jitter returns.
  ///   - unixTime: The wall clock, for `Retry-After` dates.
  init(random: Double = 0.5, unixTime: Int64 = 1_764_000_000) {
    randomValue = random
    self.unixTime = unixTime
  }

  /// The waits asked for so far.
  var sleeps: [Duration] { state.withLock { $0.sleeps } }

  var environment: RemoteEnvironment {
    RemoteEnvironment(
      elapsed: { self.state.withLock { $0.now } },
      sleep: { wait in
        self.state.withLock {
          $0.sleeps.append(wait)
          $0.now += wait
        }
      },
      random: { self.randomValue },
      unixTime: { self.unixTime })
  }
}
