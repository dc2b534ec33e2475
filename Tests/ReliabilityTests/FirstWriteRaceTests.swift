import Foundation
import Testing

extension Reliability {
  /// Commands racing to write a file that does not exist yet. A command that fails must never
  /// take away what another one acknowledged: the first release removed a database that was new
  /// when a failing command started, while the other command's write was still on its way into
  /// it, and the file was gone in 59 of 60 trials.
  @Suite struct FirstWriteRaceTests {
    /// One race: commands started together on a path with no file, and the order numbers the
    /// ones that succeed have written.
    private struct Race {
      var name: String
      /// Each command, its input, and the order numbers it writes when it succeeds.
      var commands: [(arguments: [String], stdin: String?, writes: [String])]
    }

    private static let races: [Race] = [
      Race(
        name: "two adds of one number",
        commands: [
          (["add", "orders", "--number", "A-1", "--total", "1", "--currency", "EUR"], nil, ["A-1"]),
          (["add", "orders", "--number", "A-1", "--total", "2", "--currency", "EUR"], nil, ["A-1"]),
        ]),
      Race(
        name: "a failing import against an add",
        commands: [
          (["add", "orders", "--number", "B-1", "--total", "1", "--currency", "EUR"], nil, ["B-1"]),
          (
            ["import", "orders", "-"], orderLine("C-1") + "\n" + #"{"number":"C-2"}"# + "\n",
            ["C-1", "C-2"]
          ),
        ]),
      Race(
        name: "an import against a failing add",
        commands: [
          (["import", "orders", "-"], orderLine("D-1") + "\n" + orderLine("D-2") + "\n", ["D-1", "D-2"]),
          (["add", "orders", "--number", "D-1", "--total", "1", "--currency", "EUR"], nil, ["D-1"]),
          (["add", "favorites", "--ref", "r", "--title", String(repeating: "t", count: 100_000)], nil, []),
        ]),
    ]

    @Test func whatOneCommandAcknowledgedSurvivesAnotherOnesFailure() async throws {
      let scratch = try Scratch()
      var figures = Figures("contention.first-write")
      let budget = Budget(trials: 40, share: 0.1)
      var trial = 0
      while budget.shouldRun(after: trial) {
        let race = Self.races[trial % Self.races.count]
        trial += 1
        let lists = Lists(scratch, database: "race-\(trial)/lists.db")
        var children: [Child] = []
        for (index, command) in race.commands.enumerated() {
          let input = try command.stdin.map { text in
            try scratch.write("race-\(trial)-\(index).ndjson", Data(text.utf8))
          }
          children.append(try lists.start(command.arguments, stdin: input))
        }
        let runs = await waitAll(children)
        var acknowledged: [String] = []
        for (run, command) in zip(runs, race.commands) {
          #expect(run.exitCode == 0 || run.exitCode == 65, "\(race.name), trial \(trial): \(run.summary)")
          if run.exitCode == 0 { acknowledged += command.writes }
        }
        #expect(runs.contains { $0.exitCode == 0 }, "\(race.name), trial \(trial): none succeeded")
        let found = Set((try? orderNumbers(lists.database)) ?? [])
        let missing = acknowledged.filter { !found.contains($0) }
        #expect(missing.isEmpty, "\(race.name), trial \(trial): acknowledged \(missing) lost")
        figures.add("trials")
        figures.add("acknowledged", acknowledged.count)
        figures.add("found", acknowledged.count - missing.count)
      }
      figures.report()
    }
  }
}
