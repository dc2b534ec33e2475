import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Reliability {
  /// SIGKILL at random moments: the file is sound afterwards, every transaction is wholly there
  /// or wholly absent, the kept counts equal the real ones, and the next command works.
  @Suite struct CrashSafetyTests {
    /// Sleeps a random time in `0..<seconds`.
    private static func sleepRandomly(below seconds: Double, _ random: inout SplitMix) async {
      let microseconds = Int(Double.random(in: 0..<max(seconds, 0.001), using: &random) * 1_000_000)
      try? await Task.sleep(for: .microseconds(microseconds))
    }

    /// The longest duration of `count` runs to the end, each of which must succeed. (Runs of
    /// one command here vary by up to a factor of two: the commit's fsync.)
    private static func longest(of count: Int, _ run: () async throws -> Finished) async throws
      -> Double
    {
      var seconds: [Double] = []
      for _ in 0..<count {
        let finished = try await run()
        try #require(finished.exitCode == 0, "\(finished.summary)")
        seconds.append(finished.seconds)
      }
      return seconds.max() ?? 0
    }

    @Test func killedImportIsWhollyPresentOrWhollyAbsent() async throws {
      let scratch = try Scratch()
      let base = scratch.file("base.db")
      try makeDatabase(base, orders: 50, favorites: 20)
      let rows = 1_500
      let input = try scratch.writeLines("import.ndjson", (1...rows).map { orderLine("IMP-\($0)") })

      // Imports to the end tell how long the window for a kill is: most kills land inside, some
      // after the commit.
      let window =
        try await Self.longest(of: 3) {
          let calibration = Lists(
            scratch, database: try scratch.copyDatabase(base, to: "calibration.db"))
          return try await calibration.run("import", "orders", input)
        }

      var random = SplitMix(seed: Budget.seed ^ 0x1)
      var figures = Figures("crash.import")
      let budget = Budget(trials: 20, share: 0.25)
      var trial = 0
      while budget.shouldRun(after: trial) {
        trial += 1
        let lists = Lists(scratch, database: try scratch.copyDatabase(base, to: "trial.db"))
        let child = try lists.start(["import", "orders", input])
        await Self.sleepRandomly(below: window, &random)
        child.kill()
        let finished = await child.wait()
        figures.add("trials")
        let killed = finished.termination == .signaled(SIGKILL)
        if killed { figures.add("kills") }
        #expect(killed || finished.exitCode == 0, "trial \(trial): \(finished.summary)")

        let facts = try DatabaseFacts.read(lists.database)
        let imported = try orderCount(lists.database, prefix: "IMP-")
        let sound = facts.integrity == ["ok"] && facts.countsAgree && facts.isMigrated
        let whole = imported == 0 || imported == rows
        let acknowledged = finished.exitCode != 0 || imported == rows
        let untouched = facts.count("orders") == 50 + imported && facts.count("favorites") == 20
        #expect(sound, "trial \(trial): \(facts)")
        #expect(whole, "trial \(trial): \(imported) of \(rows) imported rows present")
        #expect(acknowledged, "trial \(trial): import reported success, \(imported) rows present")
        #expect(untouched, "trial \(trial): other rows changed: \(facts.realCounts)")
        figures.add(imported == rows ? "present" : "absent")
        if finished.exitCode == 0 {
          figures.add("acknowledged", rows)
          figures.add("found", imported)
        }

        // The next writer finds the file usable.
        let next = try await lists.run(
          "add", "orders", "--number", "NEXT", "--total", "1", "--currency", "EUR")
        #expect(next.exitCode == 0, "trial \(trial): \(next.summary)")
        if sound && whole && acknowledged && untouched && next.exitCode == 0 {
          figures.add("survived")
          if killed { figures.add("kills survived") }
        }
      }
      figures.report()
    }

    @Test func killedFirstOpenLeavesNoHalfMadeSchema() async throws {
      let scratch = try Scratch()
      // A first add on a new file creates and migrates it: kills land before, in and after.
      var calibrations = 0
      let window = try await Self.longest(of: 3) {
        calibrations += 1
        return try await Lists(scratch, database: "calibration-\(calibrations).db")
          .run("add", "orders", "--number", "A", "--total", "1", "--currency", "EUR")
      }

      var random = SplitMix(seed: Budget.seed ^ 0x2)
      var figures = Figures("crash.first-open")
      let budget = Budget(trials: 20, share: 0.1)
      var trial = 0
      while budget.shouldRun(after: trial) {
        trial += 1
        let lists = Lists(scratch, database: "new-\(trial).db")
        // Several processes race to create and migrate the same new file.
        let children = try (1...4).map { racer in
          try lists.start([
            "add", "orders", "--number", "R\(racer)", "--total", "1", "--currency", "EUR",
          ])
        }
        await Self.sleepRandomly(below: window, &random)
        for child in children { child.kill() }
        let finished = await waitAll(children)
        figures.add("trials")
        let kills = finished.filter { $0.termination == .signaled(SIGKILL) }.count
        figures.add("kills", kills)
        var acknowledged: [String] = []
        for (index, run) in finished.enumerated() {
          #expect(
            run.termination == .signaled(SIGKILL) || run.exitCode == 0,
            "trial \(trial), racer \(index + 1): \(run.summary)")
          if run.exitCode == 0 { acknowledged.append("R\(index + 1)") }
        }
        figures.add("acknowledged", acknowledged.count)

        var sound = true
        if access(lists.database, F_OK) == 0 {
          let facts = try DatabaseFacts.read(lists.database)
          sound =
            facts.integrity == ["ok"] && (facts.isUnmigrated || facts.isBetweenMigrations)
            && facts.countsAgree
          #expect(sound, "trial \(trial), right after the kill: \(facts)")
          figures.add(facts.isMigrated ? "left migrated" : facts.isBetweenMigrations ? "left partly migrated" : "left unmigrated")
        } else {
          figures.add("left no file")
        }
        let next = try await lists.run(
          "add", "orders", "--number", "NEXT", "--total", "1", "--currency", "EUR")
        #expect(next.exitCode == 0, "trial \(trial): \(next.summary)")
        let facts = try DatabaseFacts.read(lists.database)
        let numbers = try orderNumbers(lists.database)
        let migratedOnce = facts.isMigrated && facts.integrity == ["ok"] && facts.countsAgree
        let kept = acknowledged.allSatisfy { numbers.contains($0) } && numbers.contains("NEXT")
        #expect(migratedOnce, "trial \(trial), after the next add: \(facts)")
        #expect(kept, "trial \(trial): acknowledged \(acknowledged), found \(numbers)")
        figures.add("found", acknowledged.filter { numbers.contains($0) }.count)
        if sound && next.exitCode == 0 && migratedOnce && kept {
          figures.add("survived")
          figures.add("kills survived", kills)
        }
      }
      figures.report()
    }

    @Test func killedClearRemovesAllOrNothing() async throws {
      let scratch = try Scratch()
      let base = scratch.file("base.db")
      let rows = 10_000
      try makeDatabase(base, orders: rows, favorites: 30, otherOrders: 40)

      let window =
        try await Self.longest(of: 3) {
          let calibration = Lists(
            scratch, database: try scratch.copyDatabase(base, to: "calibration.db"))
          return try await calibration.run("clear", "orders", "--yes")
        } * 1.1

      var random = SplitMix(seed: Budget.seed ^ 0x3)
      var figures = Figures("crash.clear")
      let budget = Budget(trials: 20, share: 0.1)
      var trial = 0
      while budget.shouldRun(after: trial) {
        trial += 1
        let lists = Lists(scratch, database: try scratch.copyDatabase(base, to: "trial.db"))
        let child = try lists.start(["clear", "orders", "--yes"])
        await Self.sleepRandomly(below: window, &random)
        child.kill()
        let finished = await child.wait()
        figures.add("trials")
        let killed = finished.termination == .signaled(SIGKILL)
        if killed { figures.add("kills") }
        #expect(killed || finished.exitCode == 0, "trial \(trial): \(finished.summary)")

        let facts = try DatabaseFacts.read(lists.database)
        let left = facts.count("orders")
        let sound = facts.integrity == ["ok"] && facts.countsAgree && facts.isMigrated
        let whole = left == 0 || left == rows
        let acknowledged = finished.exitCode != 0 || left == 0
        let untouched =
          facts.count("favorites") == 30 && facts.count("orders", account: "other") == 40
        #expect(sound, "trial \(trial): \(facts)")
        #expect(whole, "trial \(trial): \(left) of \(rows) orders left")
        #expect(acknowledged, "trial \(trial): clear reported success, \(left) orders left")
        #expect(untouched, "trial \(trial): other lists changed: \(facts.realCounts)")
        figures.add(left == 0 ? "cleared" : "kept")
        if finished.exitCode == 0 {
          figures.add("acknowledged")
          if left == 0 { figures.add("found") }
        }
        if sound && whole && acknowledged && untouched {
          figures.add("survived")
          if killed { figures.add("kills survived") }
        }
      }
      figures.report()
    }
  }
}
