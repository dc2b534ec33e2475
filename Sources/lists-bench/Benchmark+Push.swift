import Foundation
import ListStore
import ListSync

extension Benchmark {
  /// The push phase (`--only push`): whether pushing is linear in the changes waiting.
  ///
  /// `push_100k_over_1k`: changes applied per second by a `KindSync.push()` of 100,000 waiting
  /// changes — a `clear` of a synced list of 100,000 items, every remove waiting — over the same
  /// of 1,000, in batches of 100 to the same remote (`lists-server` on 127.0.0.1, beside the
  /// bench), each in a fresh file. Target ≥ 0.8: a batch of a long queue costs what a batch of a
  /// short one does. The items reach the remote by a push of their adds first, untimed. With
  /// `push_100k_per_s` and `push_1k_per_s`, the median of three trials each (a trial of the
  /// short queue pushes it ten times over, timed together).
  ///
  /// A run with fewer `--rows` than 100,000 pushes `--rows` and a hundredth of it (the tiny run
  /// of the tests), under the same names. Skipped, with a note, when `lists-server` is not
  /// beside `lists-bench`.
  func measurePush() throws {
    let server = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/lists-server"
    guard FileManager.default.isExecutableFile(atPath: server) else {
      progress("lists-server is not beside lists-bench; skipping push_100k_over_1k")
      return
    }
    progress("Timing pushes of 1,000 and 100,000 waiting changes to lists-server")
    let (database, token) = try serverDatabase(server, name: "push-server")
    let serving = try ServerProcess(server, ["serve", "--db", database, "--listen", "127.0.0.1:0"])
    defer { serving.stop() }
    let url = "http://127.0.0.1:\(serving.port)/v1/lists/entries"
    let long = min(100_000, options.rows)
    let short = max(1, long / 100)
    // A push of the short queue takes a tenth of a second, mostly its batches' fsyncs: each
    // trial of it pushes the short queue ten times over (fresh files), so that both sides of
    // the ratio are timed over the same number of changes give or take a tenth.
    let repeats = max(1, min(10, long / short / 10))
    var rates: [Int: [Double]] = [:]
    for trial in 0..<3 {
      var seconds = 0.0
      for round in 0..<repeats {
        seconds += try pushSeconds(of: short, url: url, token: token, name: "push\(trial)-\(round)-\(short).db")
      }
      rates[short, default: []].append(Double(short * repeats) / seconds)
      let longSeconds = try pushSeconds(of: long, url: url, token: token, name: "push\(trial)-\(long).db")
      rates[long, default: []].append(Double(long) / longSeconds)
    }
    let median = { (count: Int) in rates[count]!.sorted()[1] }
    report.set("push_1k_per_s", median(short))
    report.set("push_100k_per_s", median(long))
    report.set("push_100k_over_1k", median(long) / median(short))
  }

  /// The seconds the push of `count` waiting removes takes: `count` items added here and
  /// pushed (untimed), a clear, then the timed push.
  private func pushSeconds(of count: Int, url: String, token: String, name: String) throws -> Double {
    let path = folder.file(name)
    defer { folder.removeDatabase(name) }
    let seconds = try thread.run { () async throws -> Double in
      let database = try ListsDatabase(path: path)
      if try database.kinds().allSatisfy({ $0.definition.name != "entries" }) {
        _ = try database.registerKind(try KindDefinition(json: Self.serverKind))
      }
      let entries = try database.items(of: "entries")
      let client = try RemoteClient(
        RemoteConfiguration(
          url: url, headers: [try RemoteHeader(name: "Authorization", value: "Bearer " + token)]))
      let sync = KindSync(items: entries, client: client)
      // The remote becomes the kind's (an empty first page), then the adds reach it.
      try await sync.refresh()
      var number = 0
      _ = try entries.importItems {
        number += 1
        return number <= count ? DynamicDraft(["title": .text("Entry \(name) \(number)")]) : nil
      }
      let added = try await sync.push()
      guard added.applied == count else { throw BenchError.mismatch("the adds' push applied \(added.applied) of \(count)") }
      _ = try entries.clear()
      let start = ContinuousClock.now
      let pushed = try await sync.push()
      let elapsed = ContinuousClock.now - start
      guard pushed.applied == count, try entries.replica.syncChangeCounts() == SyncChangeCounts() else {
        throw BenchError.mismatch("the push applied \(pushed.applied) of \(count) removes")
      }
      return Self.seconds(elapsed)
    }
    return seconds
  }
}
