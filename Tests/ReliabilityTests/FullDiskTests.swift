import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Reliability {
  /// Writes past a file-size limit (`RLIMIT_FSIZE`, set with `prlimit` on the child): a clear
  /// "disk full" error and exit 74, nothing half-written, and writing works again with room.
  @Suite struct FullDiskTests {
    /// Whether `run` failed the way a full disk must: exit 74 and one line saying so.
    private static func isDiskFull(_ run: Finished) -> Bool {
      run.exitCode == 74 && run.stderrLines.count == 1 && run.stderr.contains("disk is full")
    }

    @Test func writesPastTheLimitFailCleanlyAndWorkAgainWithRoom() async throws {
      let scratch = try Scratch()
      let lists = Lists(scratch, database: "full.db")
      try makeDatabase(lists.database, orders: 200, favorites: 10)
      let size = Int(
        try FileManager.default.attributesOfItem(atPath: lists.database)[.size] as! UInt64)
      let rows = 2_000
      let big = try scratch.writeLines("big.ndjson", (1...rows).map { orderLine("BIG-\($0)") })
      var expected = Set(try orderNumbers(lists.database))

      // Below the file's size only the WAL can grow; above it, the WAL and the checkpoint.
      var limits = [
        4_096, 10_000, size / 2, size - 4096, size, size + 1, size + 3_000, size + 20_000,
        size + 60_000, size + 150_000,
      ]
      var random = SplitMix(seed: Budget.seed ^ 0x4)
      let budget = Budget(trials: limits.count, share: 0.1)
      var figures = Figures("full-disk.writes")
      var trial = 0
      while budget.shouldRun(after: trial) {
        if trial >= limits.count {
          limits.append(Int.random(in: 4_096..<(size + 150_000), using: &random))
        }
        let limit = limits[trial]
        trial += 1
        let imported = try await lists.run("import", "orders", big, fileSizeLimit: limit)
        figures.add("imports tried")
        #expect(
          Self.isDiskFull(imported), "import under a \(limit)-byte limit: \(imported.summary)")
        let added = try await lists.run(
          "add", "orders", "--number", "ADD-\(trial)", "--total", "2", "--currency", "EUR",
          fileSizeLimit: limit)
        figures.add("adds tried")
        #expect(
          added.exitCode == 0 || Self.isDiskFull(added),
          "add under a \(limit)-byte limit: \(added.summary)")
        if added.exitCode == 0 {
          expected.insert("ADD-\(trial)")
          figures.add("acknowledged")
        }

        let facts = try DatabaseFacts.read(lists.database)
        let numbers = try orderNumbers(lists.database)
        let sound = facts.integrity == ["ok"] && facts.countsAgree && facts.count("favorites") == 10
        let exact = Set(numbers) == expected && numbers.count == expected.count
        #expect(sound, "after a \(limit)-byte limit: \(facts)")
        #expect(
          exact, "after a \(limit)-byte limit: \(numbers.count) orders, expected \(expected.count)")
        if sound && exact && Self.isDiskFull(imported)
          && (added.exitCode == 0 || Self.isDiskFull(added))
        {
          figures.add("passed")
        }
      }
      let acknowledged = try orderNumbers(lists.database).filter { $0.hasPrefix("ADD-") }
      figures.add("found", acknowledged.filter { expected.contains($0) }.count)

      // With room again, the same writes succeed.
      let imported = try await lists.run("import", "orders", big)
      #expect(imported.exitCode == 0, "\(imported.summary)")
      let added = try await lists.run(
        "add", "orders", "--number", "ROOM", "--total", "2", "--currency", "EUR")
      #expect(added.exitCode == 0, "\(added.summary)")
      let doctor = try await lists.run("doctor")
      #expect(doctor.exitCode == 0, "\(doctor.summary)")
      let facts = try DatabaseFacts.read(lists.database)
      #expect(facts.count("orders") == expected.count + rows + 1 && facts.countsAgree)
      figures.report()
    }

    @Test func firstOpenPastTheLimitFailsCleanly() async throws {
      let scratch = try Scratch()
      var figures = Figures("full-disk.first-open")
      for limit in [1_024, 4_096, 8_192, 20_000, 32_768, 40_000, 50_000] {
        let lists = Lists(scratch, database: "new-\(limit).db")
        let add = ["add", "orders", "--number", "N-1", "--total", "1", "--currency", "EUR"]
        let limited = try await lists.run(arguments: add, fileSizeLimit: limit)
        figures.add("cases")
        let full = Self.isDiskFull(limited)
        #expect(full, "first add under a \(limit)-byte limit: \(limited.summary)")
        let roomy = try await lists.run(arguments: add)
        #expect(roomy.exitCode == 0, "add with room after a \(limit)-byte limit: \(roomy.summary)")
        let facts = try DatabaseFacts.read(lists.database)
        let sound = facts.isMigrated && facts.integrity == ["ok"] && facts.count("orders") == 1
        #expect(sound, "after a \(limit)-byte limit: \(facts)")
        if full && roomy.exitCode == 0 && sound { figures.add("passed") }
      }
      figures.report()
    }
  }
}
