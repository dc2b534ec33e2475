import CBench

/// Times work with the monotonic clock both sides of every comparison share.
enum Stopwatch {
  /// Nanoseconds of `CLOCK_MONOTONIC`.
  @inline(__always)
  static func now() -> UInt64 { cbench_monotonic_ns() }

  /// Nanoseconds `body` took.
  static func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return Double(now() &- start)
  }

  /// The median of `values` (the mean of the middle two for an even count).
  static func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty, "a median needs at least one value")
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

/// One side of a comparison: work timed in batches, with untimed set-up and clean-up per trial.
struct Contender {
  /// How many times `run` is called per timed trial; the time per call is reported.
  var batch = 1
  /// Runs before each trial, untimed (e.g. creating a fresh database file).
  var prepare: () throws -> Void = {}
  /// The timed work.
  var run: () throws -> Void
  /// Runs after each trial, untimed (e.g. checking the result and removing the file).
  var finish: () throws -> Void = {}
}

/// Times `contenders` against each other and returns, for each, the median over `trials` of the
/// time per call of its `run`, in nanoseconds.
///
/// Trials interleave the contenders and rotate which one goes first, so that a slow drift of the
/// machine (another engineer's build on the shared cores, the page cache filling) weighs on
/// every side alike. With `warmUp`, each contender runs once untimed first, so that statements
/// are prepared and pages cached before anything is measured.
func compare(trials: Int, warmUp: Bool, _ contenders: [Contender]) throws -> [Double] {
  if warmUp {
    for contender in contenders {
      try contender.prepare()
      try contender.run()
      try contender.finish()
    }
  }
  var samples = [[Double]](repeating: [], count: contenders.count)
  for trial in 0..<trials {
    for step in 0..<contenders.count {
      let index = (trial + step) % contenders.count
      let contender = contenders[index]
      try contender.prepare()
      let elapsed = try Stopwatch.nanoseconds {
        for _ in 0..<contender.batch { try contender.run() }
      }
      try contender.finish()
      samples[index].append(elapsed / Double(contender.batch))
    }
  }
  return samples.map(Stopwatch.median)
}
