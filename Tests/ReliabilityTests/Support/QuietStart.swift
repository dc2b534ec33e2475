import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts the reliability tests once the other test targets, which share this process, are done
/// with their burst of work.
///
/// `swift test` runs every target's tests at once in one process. The unit tests of the store and
/// the loader finish within seconds and some of them bound how long an async delivery may take;
/// several `lists` processes started beside them on a two-core machine starve those tasks past
/// their bounds. So the first reliability test waits until this process has used little CPU for
/// a moment (at most 30 s), which costs nothing when the reliability tests run alone.
struct QuietStart: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    await Self.settled.value
    try await function()
  }

  /// Waits once, for every test that asks.
  private static let settled = Task {
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    var quietWindows = 0
    while quietWindows < 2 && ContinuousClock.now < deadline {
      let before = cpuSeconds()
      let asleep = ContinuousClock.now
      try? await Task.sleep(for: .milliseconds(250))
      // Less than a fifth of a core used, and woken on time: a late wake-up means the pool's
      // threads are all taken, by tests that are starved rather than done.
      let late = asleep.duration(to: .now) > .milliseconds(350)
      quietWindows = cpuSeconds() - before < 0.05 && !late ? quietWindows + 1 : 0
    }
  }

  /// CPU time this process has used, user and system, in seconds.
  private static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return user + system
  }
}

extension Trait where Self == QuietStart {
  /// See ``QuietStart``.
  static var quietStart: Self { Self() }
}
