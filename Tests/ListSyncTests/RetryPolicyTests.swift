import Testing

@testable import ListSync

@Suite struct RetryPolicyTests {
  let policy = RetryPolicy(
    maxAttempts: 6, baseDelay: .milliseconds(100), maxDelay: .milliseconds(700),
    maxRetryAfter: .seconds(5), totalBudget: .seconds(20))

  @Test func fullJitterDrawsBelowADoublingCap() {
    let caps = (1...5).map {
      policy.delay(afterAttempt: $0, retryAfter: nil, elapsed: .zero, random: 1)
    }
    #expect(caps == [100, 200, 400, 700, 700].map { .milliseconds($0) })
    #expect(
      policy.delay(afterAttempt: 3, retryAfter: nil, elapsed: .zero, random: 0.25)
        == .milliseconds(100))
    #expect(policy.delay(afterAttempt: 3, retryAfter: nil, elapsed: .zero, random: 0) == .zero)
  }

  @Test func givesUpAfterMaxAttempts() {
    #expect(policy.delay(afterAttempt: 6, retryAfter: nil, elapsed: .zero, random: 0.5) == nil)
    #expect(
      RetryPolicy.never.delay(afterAttempt: 1, retryAfter: nil, elapsed: .zero, random: 0) == nil)
  }

  @Test func retryAfterReplacesTheBackoffUpToItsCap() {
    #expect(
      policy.delay(afterAttempt: 1, retryAfter: .seconds(5), elapsed: .zero, random: 0)
        == .seconds(5))
    #expect(
      policy.delay(afterAttempt: 1, retryAfter: .seconds(6), elapsed: .zero, random: 0) == nil)
  }

  @Test func aWaitPastTheBudgetIsNotStarted() {
    #expect(
      policy.delay(afterAttempt: 1, retryAfter: .seconds(2), elapsed: .seconds(18), random: 0)
        == .seconds(2))
    #expect(
      policy.delay(afterAttempt: 1, retryAfter: .seconds(3), elapsed: .seconds(18), random: 0)
        == nil)
  }

  @Test(arguments: [
    ("120", Duration?.some(.seconds(120))),
    (" 0 ", .seconds(0)),
    ("Mon, 24 Nov 2025 16:01:40 GMT", .seconds(100)),
    ("Mon, 24 Nov 2025 15:00:00 GMT", .seconds(0)),
    ("Thu, 29 Feb 2024 00:00:00 GMT", .seconds(0)),
    ("-5", nil), ("1.5", nil), ("soon", nil), ("Mon, 24 Nov 2025 16:01:40 UTC", nil),
    ("Mon, 24 Foo 2025 16:01:40 GMT", nil),
  ])
  func readsRetryAfter(_ field: String, _ wait: Duration?) {
    // 1764000000 is Mon, 24 Nov 2025 16:00:00 GMT.
    #expect(RetryAfter.wait(field, now: 1_764_000_000) == wait)
  }

  @Test func readsHTTPDatesExactly() {
    #expect(RetryAfter.httpDate("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
    #expect(RetryAfter.httpDate("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
    #expect(RetryAfter.httpDate("Thu, 29 Feb 2024 12:00:00 GMT") == 1_709_208_000)
  }
}
