import Foundation
import SQLiteCore
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Reliability {
  /// Several `lists` processes on one file at once.
  @Suite struct ContentionTests {
    /// What the writers and readers saw, shared between their threads.
    private struct Log {
      var acknowledged: [String] = []
      var failures: [String] = []
      var writes = 0
      var reads = 0
      var busy = 0
    }

    @Test func concurrentWritersLoseAndRepeatNothing() async throws {
      let scratch = try Scratch()
      let lists = Lists(scratch, database: "shared.db")
      try makeDatabase(lists.database, orders: 100)
      let batch = 25
      let log = Mutex(Log())
      let seconds = Budget.duration(fast: 0, share: 0.25)
      let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
      let done = Atomic<Int>(0)
      /// In the fast suite a writer does a fixed number of writes; in a long run, as many as
      /// fit before the deadline.
      @Sendable func more(_ done: Int) -> Bool {
        done < 12 || (Budget.isLong && ContinuousClock.now < deadline)
      }

      var bodies: [@Sendable () -> Void] = []
      for writer in 1...3 {
        bodies.append {
          var index = 0
          while more(index) {
            index += 1
            let number = "W\(writer)-\(index)"
            let run = try? lists.runBlocking(
              "add", "orders", "--number", number, "--total", "1.50", "--currency", "EUR")
            log.withLock { log in
              log.writes += 1
              if run?.exitCode == 0 {
                log.acknowledged.append(number)
              } else {
                if run?.exitCode == 75 { log.busy += 1 }
                log.failures.append(
                  "writer \(writer) add \(number): \(run?.summary ?? "not started")")
              }
            }
          }
          done.add(1, ordering: .relaxed)
        }
      }
      // One writer imports batches: bigger transactions beside the small ones.
      bodies.append {
        var index = 0
        while more(index) {
          index += 1
          let numbers = (1...batch).map { "B\(index)-\($0)" }
          let input = try? scratch.writeLines(
            "batch-\(index).ndjson", numbers.map { orderLine($0) })
          let run = try? lists.runBlocking("import", "orders", input ?? "/nonexistent")
          log.withLock { log in
            log.writes += 1
            if run?.exitCode == 0 {
              log.acknowledged += numbers
            } else {
              if run?.exitCode == 75 { log.busy += 1 }
              log.failures.append("import batch \(index): \(run?.summary ?? "not started")")
            }
          }
        }
        done.add(1, ordering: .relaxed)
      }
      for reader in 1...2 {
        bodies.append {
          var last = 0
          while done.load(ordering: .relaxed) < 4 {
            let run = try? lists.runBlocking("show", "orders", "--json", "--limit", "5")
            let total = run.flatMap { Self.totalCount(ofJSON: $0.stdout) }
            log.withLock { log in
              log.reads += 1
              if run?.exitCode == 75 { log.busy += 1 }
              if run?.exitCode != 0 || total == nil {
                log.failures.append("reader \(reader): \(run?.summary ?? "not started")")
              } else if let total, total < last {
                log.failures.append("reader \(reader): total went from \(last) down to \(total)")
              }
            }
            last = max(last, total ?? 0)
          }
        }
      }
      await concurrently(bodies)

      let result = log.withLock { $0 }
      let numbers = try orderNumbers(lists.database).filter { !$0.hasPrefix("C-") }
      let facts = try DatabaseFacts.read(lists.database)
      #expect(result.failures.isEmpty, "\(result.failures.prefix(5))")
      #expect(result.busy == 0)
      #expect(numbers.count == Set(numbers).count, "an order was stored twice")
      #expect(Set(numbers) == Set(result.acknowledged), "acknowledged and stored writes differ")
      #expect(facts.integrity == ["ok"] && facts.countsAgree, "\(facts)")
      #expect(facts.count("orders") == 100 + result.acknowledged.count)

      var figures = Figures("contention.writers")
      figures.add("commands", result.writes + result.reads)
      figures.add("writes", result.writes)
      figures.add("reads", result.reads)
      figures.add("busy", result.busy)
      figures.add("acknowledged", result.acknowledged.count)
      figures.add("found", Set(numbers).intersection(result.acknowledged).count)
      figures.add("duplicates", numbers.count - Set(numbers).count)
      figures.report()
    }

    /// `total_count` of a `show --json` object.
    private static func totalCount(ofJSON text: String) -> Int? {
      guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      else { return nil }
      return object["total_count"] as? Int
    }

    /// Holds the database's write lock (and with `exclusive`, every lock: readers wait too)
    /// from this process until the returned connection is released.
    private static func holdLock(_ path: String, exclusive: Bool) throws -> Connection {
      let holder = try Connection(path: path, options: .init(create: false))
      if exclusive {
        try holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        try holder.execute("BEGIN EXCLUSIVE")
        try holder.execute("SELECT count(*) FROM orders")
        try holder.execute("COMMIT")
      } else {
        try holder.execute("BEGIN IMMEDIATE")
      }
      return holder
    }

    @Test func lockHeldPastTheBusyTimeoutEndsWithBusy() async throws {
      let scratch = try Scratch()
      let lists = Lists(scratch, database: "locked.db")
      try makeDatabase(lists.database, orders: 10)
      let timeout = 300
      let bound = Double(timeout) / 1000 + 2.5
      var figures = Figures("contention.busy")

      func expectBusy(_ arguments: [String], _ label: String) async throws {
        let run = try await lists.run(arguments: ["--busy-timeout", "\(timeout)"] + arguments)
        figures.add("cases")
        let busy =
          run.exitCode == 75 && run.stderrLines.count == 1
          && run.stderr.contains("The database is busy")
        let bounded = run.seconds >= Double(timeout) / 1000 * 0.9 && run.seconds < bound
        #expect(busy, "\(label): \(run.summary)")
        #expect(bounded, "\(label) took \(run.seconds) s with a \(timeout) ms busy timeout")
        if arguments.contains("--json") {
          let object =
            try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
          let error = object?["error"] as? [String: Any]
          #expect(object?["state"] as? String == "error", "\(label): \(run.stdout)")
          #expect(error?["kind"] as? String == "busy" && error?["retryable"] as? Bool == true)
        }
        if busy && bounded { figures.add("passed") }
      }

      let add = ["add", "orders", "--number", "L-1", "--total", "1", "--currency", "EUR"]
      do {
        // A writer holds the write lock: writers wait and give up; readers go on (WAL).
        let holder = try Self.holdLock(lists.database, exclusive: false)
        try await expectBusy(add, "add while a writer holds the lock")
        try await expectBusy(["clear", "orders", "--yes"], "clear while a writer holds the lock")
        try await expectBusy(
          ["import", "orders", try scratch.writeLines("one.ndjson", [orderLine("L-2")])], "import")
        let read = try await lists.run("--busy-timeout", "\(timeout)", "show", "orders")
        #expect(read.exitCode == 0, "show while a writer holds the lock: \(read.summary)")
        try holder.execute("ROLLBACK")
      }
      do {
        // Exclusive locking mode: readers wait and give up too.
        let holder = try Self.holdLock(lists.database, exclusive: true)
        try await expectBusy(add, "add while the file is locked exclusively")
        try await expectBusy(["show", "orders"], "show while the file is locked exclusively")
        try await expectBusy(
          ["show", "orders", "--json"], "show --json while the file is locked exclusively")
        try await expectBusy(["doctor"], "doctor while the file is locked exclusively")
        try await expectBusy([], "the overview while the file is locked exclusively")
        withExtendedLifetime(holder) {}
      }
      // Released: everything works again, nothing was written meanwhile.
      let after = try await lists.run(arguments: add)
      #expect(after.exitCode == 0, "\(after.summary)")
      let facts = try DatabaseFacts.read(lists.database)
      #expect(facts.count("orders") == 11 && facts.countsAgree && facts.integrity == ["ok"])
      figures.report()
    }

    @Test func lockHeldShorterThanTheTimeoutIsWaitedFor() async throws {
      let scratch = try Scratch()
      let lists = Lists(scratch, database: "waited.db")
      try makeDatabase(lists.database, orders: 10)
      let holder = try Self.holdLock(lists.database, exclusive: false)
      let start = ContinuousClock.now
      let child = try lists.start([
        "add", "orders", "--number", "WAITED", "--total", "1", "--currency", "EUR",
      ])
      try await Task.sleep(for: .milliseconds(700))
      try holder.execute("COMMIT")
      let run = await child.wait()
      #expect(run.exitCode == 0, "\(run.summary)")
      #expect(start.duration(to: .now) >= .milliseconds(700))
      #expect(try orderNumbers(lists.database).contains("WAITED"))
    }

    @Test func racingFirstOpensMigrateExactlyOnce() async throws {
      let scratch = try Scratch()
      var figures = Figures("contention.first-open")
      let budget = Budget(trials: 12, share: 0.05)
      var trial = 0
      while budget.shouldRun(after: trial) {
        trial += 1
        let lists = Lists(scratch, database: "race-\(trial).db")
        // Adders and readers interleaved, so that readers open the file mid-migration.
        var adders: [Child] = []
        var readers: [Child] = []
        for racer in 1...5 {
          adders.append(
            try lists.start([
              "add", "orders", "--number", "M\(racer)", "--total", "1", "--currency", "EUR",
            ]))
          if racer <= 3 { readers.append(try lists.start(["show", "orders", "--json"])) }
        }
        let added = await waitAll(adders)
        let shown = await waitAll(readers)
        figures.add("trials")
        figures.add("processes", added.count + shown.count)
        for run in added + shown { #expect(run.exitCode == 0, "trial \(trial): \(run.summary)") }
        let facts = try DatabaseFacts.read(lists.database)
        let once =
          facts.isMigrated && facts.integrity == ["ok"] && facts.countsAgree
          && facts.count("orders") == 5
        #expect(once, "trial \(trial): \(facts)")
        if once && (added + shown).allSatisfy({ $0.exitCode == 0 }) { figures.add("passed") }
      }
      figures.report()
    }
  }
}
