import Foundation

/// How long and how hard a reliability test runs.
///
/// Under `swift test` every test runs its fast, fixed plan. `Tests/Scripts/reliability.sh`
/// sets `LISTS_RELIABILITY_MINUTES`; each test then repeats its trials until its share of that
/// time is spent (and at least its fast number of trials ran).
struct Budget {
  /// The whole long run in seconds, or nil for the fast suite.
  static let totalSeconds: Double? = {
    guard let text = ProcessInfo.processInfo.environment["LISTS_RELIABILITY_MINUTES"],
      let minutes = Double(text), minutes > 0
    else { return nil }
    return minutes * 60
  }()

  /// Whether this is a long run.
  static var isLong: Bool { totalSeconds != nil }

  /// The seed of every random choice: `LISTS_RELIABILITY_SEED`, else fixed under `swift test`
  /// and from the clock in a long run (the figures print it, so a failure can be replayed).
  static let seed: UInt64 = {
    if let text = ProcessInfo.processInfo.environment["LISTS_RELIABILITY_SEED"],
      let seed = UInt64(text)
    {
      return seed
    }
    return isLong ? UInt64(Date().timeIntervalSince1970 * 1000) : 0x5EED_0F_115D
  }()

  private let minimumTrials: Int
  private let deadline: ContinuousClock.Instant?

  /// A plan of at least `trials` trials; in a long run, trials go on for `share` of the total
  /// time (shares of all tests add up to 1).
  init(trials: Int, share: Double) {
    minimumTrials = trials
    deadline = Self.totalSeconds.map { ContinuousClock.now.advanced(by: .seconds($0 * share)) }
  }

  /// Whether trial number `done` (counted from 0) should run.
  func shouldRun(after done: Int) -> Bool {
    if done < minimumTrials { return true }
    guard let deadline else { return false }
    return ContinuousClock.now < deadline
  }

  /// A duration that is `fast` under `swift test` and `share` of the total in a long run.
  static func duration(fast: Double, share: Double) -> Double {
    guard let totalSeconds else { return fast }
    return max(fast, totalSeconds * share)
  }
}

/// The figures of one test, appended as one JSON line to `$LISTS_RELIABILITY_REPORT` when it
/// is set (the long script sums them up).
struct Figures {
  let test: String
  private(set) var values: [(String, Int)] = []

  init(_ test: String) { self.test = test }

  /// Adds `amount` to the figure `name`.
  mutating func add(_ name: String, _ amount: Int = 1) {
    if let index = values.firstIndex(where: { $0.0 == name }) {
      values[index].1 += amount
    } else {
      values.append((name, amount))
    }
  }

  /// The figure `name` so far.
  subscript(name: String) -> Int { values.first { $0.0 == name }?.1 ?? 0 }

  /// Writes the figures out.
  func report() {
    let fields = (values + [("seed", Int(truncatingIfNeeded: Budget.seed))])
      .map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
    let line = "{\"test\":\"\(test)\",\(fields)}\n"
    if let path = ProcessInfo.processInfo.environment["LISTS_RELIABILITY_REPORT"], !path.isEmpty,
      let handle = FileHandle(forWritingAtPath: path) ?? create(path)
    {
      handle.seekToEndOfFile()
      handle.write(Data(line.utf8))
      try? handle.close()
    }
  }

  private func create(_ path: String) -> FileHandle? {
    guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
    return FileHandle(forWritingAtPath: path)
  }
}
