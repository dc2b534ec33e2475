import Foundation
import Testing

/// `show --all` prints each page as it reads it and keeps only the last ones: the peak memory
/// of showing a long list is that of showing a short one (README: `--all` keeps the memory of a
/// 1,000,000-item list to that of a 10,000-item one).
@Suite struct ShowAllMemoryTests {
  /// GNU time: it forks the program from its own small process and reports the program's own
  /// peak resident set (`wait4`'s `ru_maxrss`), not this test process's, which a program
  /// spawned straight from here would inherit as its high-water mark.
  static let time = "/usr/bin/time"

  /// The peak resident memory in KiB of `lists` running `arguments` on the file at `path`, and
  /// the end of what it printed.
  static func peak(_ sandbox: Sandbox, _ path: String, _ arguments: [String]) async throws -> (kib: Int, end: String) {
    let result = await sandbox.runProgram(
      "/bin/sh",
      ["-c", #"\#(time) -f %M "$0" "$@" | tail -c 200"#, ListsBinary.path, "--db", path] + arguments)
    #expect(result.exitCode == 0, "\(result)")
    let kib = try #require(result.stderrLines.last.flatMap { Int($0) }, "\(result)")
    return (kib, result.stdout)
  }

  @Test(
    .enabled(if: FileManager.default.isExecutableFile(atPath: time), "needs GNU time at \(time)"),
    arguments: [["--json"], []])
  func aListTenTimesLongerIsShownInTheSameMemory(format: [String]) async throws {
    let sandbox = try Sandbox()
    var peaks: [Int] = []
    for (name, count) in [("short.db", 3_000), ("long.db", 30_000)] {
      let path = sandbox.path(name)
      // Seeding 90,000 items takes a debug build about 4 s alone and past 20 s beside the
      // rest of the suite on two cores: the setup gets a minute, the runs measured the usual limit.
      let seeded = await sandbox.run(["--db", path, "seed", "--count", String(count)], timeout: .seconds(60))
      #expect(seeded.exitCode == 0, "\(seeded)")
      let shown = try await Self.peak(sandbox, path, ["show", "orders", "--all"] + format)
      // Every order was printed: the JSON's page counts them, the table's footer names them.
      let end = format.isEmpty ? "Showing all \(count) orders\n" : #""count":\#(count),"has_more":false"#
      #expect(shown.end.contains(end), "\(shown.end)")
      peaks.append(shown.kib)
    }
    // Kept in memory, the 27,000 more orders took the ratio to 1.36-1.38 (18 MiB against
    // 25 MiB, a debug build keeping every page); printed and dropped, about 1.1.
    #expect(Double(peaks[1]) / Double(peaks[0]) <= 1.25, "peak KiB \(peaks)")
  }
}
