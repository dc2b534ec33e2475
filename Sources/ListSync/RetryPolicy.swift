/// When a failed GET is tried again: capped exponential backoff with full jitter, `Retry-After`
/// honoured up to a cap, and a bound on both the attempts and the total time.
///
/// Only retryable errors (``RemoteError/isRetryable``) are retried, and the client only ever
/// sends GETs, which are idempotent.
public struct RetryPolicy: Sendable, Equatable {
  /// The most attempts of one request, the first included (1 means no retry).
  public var maxAttempts: Int
  /// The backoff cap before the first retry; it doubles for each further retry.
  public var baseDelay: Duration
  /// The largest backoff cap, however many retries came before.
  public var maxDelay: Duration
  /// The longest `Retry-After` obeyed; a server asking for a longer wait ends the retries.
  public var maxRetryAfter: Duration
  /// The most time one request may take with all its attempts and waits; a wait that would
  /// end past it is not started.
  public var totalBudget: Duration

  /// Creates a policy; the defaults suit a command a person waits for.
  public init(
    maxAttempts: Int = 4, baseDelay: Duration = .milliseconds(250),
    maxDelay: Duration = .seconds(4), maxRetryAfter: Duration = .seconds(10),
    totalBudget: Duration = .seconds(30)
  ) {
    precondition(maxAttempts >= 1, "RetryPolicy.maxAttempts must be at least 1, not \(maxAttempts)")
    self.maxAttempts = maxAttempts
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.maxRetryAfter = maxRetryAfter
    self.totalBudget = totalBudget
  }

  /// No retries at all.
  public static let never = RetryPolicy(maxAttempts: 1)

  /// The wait before the retry that follows `attempt` failed attempts, or nil to give up.
  ///
  /// Without `Retry-After` the wait is drawn uniformly from zero up to
  /// `min(maxDelay, baseDelay × 2^(attempt − 1))` ("full jitter", so that many clients failing
  /// together do not retry together). With it, the wait is what the server asked for, unless
  /// that is more than ``maxRetryAfter``.
  /// - Parameters:
  ///   - attempt: How many attempts have failed so far (1 after the first).
  ///   - retryAfter: The server's `Retry-After`, already turned into a duration.
  ///   - elapsed: The time spent on this request so far.
  ///   - random: A number in `0..<1`.
  func delay(
    afterAttempt attempt: Int, retryAfter: Duration?, elapsed: Duration, random: Double
  ) -> Duration? {
    guard attempt < maxAttempts else { return nil }
    let wait: Duration
    if let retryAfter {
      guard retryAfter <= maxRetryAfter else { return nil }
      wait = retryAfter
    } else {
      wait = backoff(afterFailures: attempt, random: random)
    }
    guard elapsed + wait <= totalBudget else { return nil }
    return wait
  }

  /// The wait after `failures` failures in a row, without `Retry-After`: drawn uniformly from
  /// zero up to `min(maxDelay, baseDelay × 2^(failures − 1))`.
  func backoff(afterFailures failures: Int, random: Double) -> Duration {
    let doublings = min(max(failures, 1) - 1, 30)
    let cap = min(maxDelay, baseDelay * (1 << doublings))
    return cap * min(max(random, 0), 1)
  }
}
