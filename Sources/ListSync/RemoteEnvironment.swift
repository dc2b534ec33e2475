import ListStore

/// The time, the waiting and the randomness the retries use, injectable so that tests decide
/// them.
///
/// Timeouts are not part of it: they are the transport's, and always real time.
public struct RemoteEnvironment: Sendable {
  /// Monotonic time since any fixed origin.
  public var elapsed: @Sendable () -> Duration
  /// Waits for a duration; throws when the task is cancelled.
  public var sleep: @Sendable (Duration) async throws -> Void
  /// A number in `0..<1` for the jitter.
  public var random: @Sendable () -> Double
  /// Seconds since 1970 (UTC), to turn a `Retry-After` date into a wait.
  public var unixTime: @Sendable () -> Int64

  /// Creates an environment from its parts.
  public init(
    elapsed: @escaping @Sendable () -> Duration,
    sleep: @escaping @Sendable (Duration) async throws -> Void,
    random: @escaping @Sendable () -> Double,
    unixTime: @escaping @Sendable () -> Int64
  ) {
    self.elapsed = elapsed
    self.sleep = sleep
    self.random = random
    self.unixTime = unixTime
  }

  /// The real clock, `Task.sleep` and the system's random numbers.
  public static var live: RemoteEnvironment {
    let origin = ContinuousClock.now
    return RemoteEnvironment(
      elapsed: { ContinuousClock.now - origin },
      sleep: { try await Task.sleep(for: $0) },
      random: { Double.random(in: 0..<1) },
      unixTime: { Timestamp.now().millisecondsSince1970 / 1000 })
  }
}
