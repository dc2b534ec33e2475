import CBench

/// Which clock times the work of both sides.
enum Clock: String, CaseIterable, Sendable {
  /// CPU time of the bench's thread (`CLOCK_THREAD_CPUTIME_ID`): on cores shared with other
  /// work, it leaves out the time spent waiting for a core, which wall time would add to
  /// whichever side happened to run while another process was busy. It also leaves out waits
  /// for the disk (the commit's fsync), which both sides share.
  case cpu
  /// Wall time (`CLOCK_MONOTONIC`): what a user waits, on a quiet machine.
  case wall

  /// Nanoseconds on this clock since an arbitrary start.
  @inline(__always)
  func now() -> UInt64 {
    switch self {
    case .cpu: cbench_thread_cpu_ns()
    case .wall: cbench_monotonic_ns()
    }
  }

  /// Nanoseconds `body` took on this clock.
  func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = now()
    try body()
    return Double(now() &- start)
  }
}

/// Medians and the wall clock for child processes.
enum Stopwatch {
  /// Nanoseconds of `CLOCK_MONOTONIC`.
  @inline(__always)
  static func now() -> UInt64 { cbench_monotonic_ns() }

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

/// The times of contenders measured against each other, trial by trial.
struct Comparison {
  /// For each contender, the time per call of its `run` in each trial, in nanoseconds.
  var samples: [[Double]]

  /// The median time per call of contender `index`, in nanoseconds.
  func median(_ index: Int) -> Double { Stopwatch.median(samples[index]) }

  /// The median over trials of contender `index`'s time over contender `base`'s in the same
  /// trial. Pairing the two sides of each trial, which ran back to back, cancels the drift of a
  /// shared machine that a ratio of two independent medians would keep.
  func ratio(_ index: Int, over base: Int) -> Double {
    Stopwatch.median(zip(samples[index], samples[base]).map { $0 / $1 })
  }
}

/// Times `contenders` against each other on `clock`, `trials` times each.
///
/// Trials interleave the contenders and rotate which one goes first, so that a slow drift of the
/// machine (another engineer's build on the shared cores, the page cache filling) weighs on
/// every side alike. With `warmUp`, each contender runs once untimed first, so that statements
/// are prepared and pages cached before anything is measured.
func compare(trials: Int, clock: Clock, warmUp: Bool, _ contenders: [Contender]) throws
  -> Comparison
{
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
      let elapsed = try clock.nanoseconds {
        for _ in 0..<contender.batch { try contender.run() }
      }
      try contender.finish()
      samples[index].append(elapsed / Double(contender.batch))
    }
  }
  return Comparison(samples: samples)
}

/// A ``Contender`` whose work awaits (a `ListLoader`), timed by the async `compare` on a
/// ``BenchThread``, so that the CPU clock reads the thread that did the work.
struct AsyncContender {
  /// How many times `run` is called per timed trial; the time per call is reported.
  var batch = 1
  /// Runs before each trial, untimed.
  var prepare: () async throws -> Void = {}
  /// The timed work.
  var run: () async throws -> Void
  /// Runs after each trial, untimed.
  var finish: () async throws -> Void = {}
}

/// Times `contenders` against each other like the synchronous
/// ``compare(trials:clock:warmUp:_:)``: interleaved trials, rotating which one goes first.
func compare(trials: Int, clock: Clock, warmUp: Bool, _ contenders: [AsyncContender]) async throws
  -> Comparison
{
  if warmUp {
    for contender in contenders {
      try await contender.prepare()
      try await contender.run()
      try await contender.finish()
    }
  }
  var samples = [[Double]](repeating: [], count: contenders.count)
  for trial in 0..<trials {
    for step in 0..<contenders.count {
      let index = (trial + step) % contenders.count
      let contender = contenders[index]
      try await contender.prepare()
      let start = clock.now()
      for _ in 0..<contender.batch { try await contender.run() }
      let elapsed = Double(clock.now() &- start)
      try await contender.finish()
      samples[index].append(elapsed / Double(contender.batch))
    }
  }
  return Comparison(samples: samples)
}
