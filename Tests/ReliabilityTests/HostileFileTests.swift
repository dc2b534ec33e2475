import Foundation
import SQLiteCore
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Reliability {
  /// Files that are not a sound lists database of this build: each command gives its documented
  /// exit code and one clear line, and leaves the file byte for byte as it was, with no side
  /// files.
  @Suite struct HostileFileTests {
    /// One hostile file: how to make it, and what every command must say about it.
    struct Case: CustomTestStringConvertible, Sendable {
      var name: String
      /// The exit code of `show`, `add` and `doctor`.
      var code: Int32
      /// Words one of which the error line must contain.
      var words: [String]
      /// Makes the file in the folder from a sound database and returns its path.
      var make: @Sendable (_ scratch: Scratch, _ sound: String) throws -> String

      var testDescription: String { name }
    }

    /// A page of `path` and the offset of its b-tree header: the root page of `name`.
    static func rootPageHeader(_ path: String, of name: String) throws -> Int {
      let connection = try Connection(path: path, options: .init(create: false))
      let statement = try connection.prepare("SELECT rootpage FROM sqlite_schema WHERE name = ?")
      try statement.bind(name, at: 1)
      guard try statement.step() else { throw ChildError(message: "no \(name)") }
      let pageSize = Int(try connection.scalarInt("PRAGMA page_size") ?? 4096)
      return (Int(statement.int64(at: 0)) - 1) * pageSize
    }

    /// `sound` with the byte at `offset` inverted.
    static func flipped(_ scratch: Scratch, _ sound: String, _ name: String, at offset: Int) throws
      -> String
    {
      var bytes = contents(of: sound)!
      bytes[offset] ^= 0xFF
      return try scratch.write(name, bytes)
    }

    /// `sound` cut to `length` bytes.
    static func truncated(
      _ scratch: Scratch, _ sound: String, _ name: String, to length: (Int) -> Int
    ) throws -> String {
      let bytes = contents(of: sound)!
      return try scratch.write(name, bytes.prefix(length(bytes.count)))
    }

    static let notOurs = ["not a lists database"]
    static let damaged = ["damaged", "not a lists database"]

    static let cases: [Case] = [
      Case(name: "random bytes", code: 74, words: notOurs) { scratch, _ in
        var random = SplitMix(seed: Budget.seed ^ 0x5)
        return try scratch.write(
          "random.db", Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) }))
      },
      Case(name: "a text file", code: 74, words: notOurs) { scratch, _ in
        try scratch.writeLines("notes.txt", ["Shopping list", "- milk", "- bread"])
      },
      Case(name: "only the SQLite magic", code: 74, words: damaged) { scratch, sound in
        try truncated(scratch, sound, "magic.db") { _ in 50 }
      },
      Case(name: "truncated to one page", code: 74, words: damaged) { scratch, sound in
        try truncated(scratch, sound, "one-page.db") { _ in 4096 }
      },
      Case(name: "truncated to half", code: 74, words: damaged) { scratch, sound in
        try truncated(scratch, sound, "half.db") { $0 / 2 }
      },
      Case(name: "truncated inside the last page", code: 74, words: damaged) { scratch, sound in
        try truncated(scratch, sound, "last-page.db") { $0 - 700 }
      },
      Case(name: "flipped byte in the schema page", code: 74, words: damaged) { scratch, sound in
        try flipped(scratch, sound, "schema-flip.db", at: 100)
      },
      Case(name: "flipped byte in the orders table", code: 74, words: damaged) { scratch, sound in
        try flipped(scratch, sound, "orders-flip.db", at: try rootPageHeader(sound, of: "orders"))
      },
      Case(name: "flipped byte in the orders index", code: 74, words: damaged) { scratch, sound in
        try flipped(
          scratch, sound, "index-flip.db", at: try rootPageHeader(sound, of: "orders_page"))
      },
      Case(name: "a directory", code: 74, words: ["directory"]) { scratch, _ in
        let path = scratch.file("folder.db")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
      },
      Case(name: "another program's database", code: 74, words: ["another program"]) { scratch, _ in
        let path = scratch.file("other.db")
        let connection = try Connection(path: path)
        try connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        try connection.execute("INSERT INTO notes (body) VALUES ('keep me')")
        return path
      },
      Case(name: "a newer schema", code: 78, words: ["schema version", "upgrade"]) {
        scratch, sound in
        let path = try scratch.copyDatabase(sound, to: "newer.db")
        let connection = try Connection(path: path, options: .init(create: false))
        try connection.execute("PRAGMA user_version = 99")
        return path
      },
    ]

    /// What a path holds: its bytes, or a directory's names.
    private static func state(of path: String) -> Data? {
      var info = stat()
      if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return Data(names.sorted().joined(separator: "\n").utf8)
      }
      return contents(of: path)
    }

    @Test(arguments: cases) func commandsRefuseTheFileAndLeaveItUntouched(_ hostile: Case)
      async throws
    {
      let scratch = try Scratch()
      let sound = scratch.file("sound.db")
      try makeDatabase(sound, orders: 3_000, favorites: 300, otherOrders: 300)
      let path = try hostile.make(scratch, sound)
      let before = try #require(Self.state(of: path))
      let lists = Lists(scratch, database: path)
      var figures = Figures("hostile-files")

      let commands: [[String]] = [
        ["show", "orders"], ["show", "orders", "--json"],
        ["add", "orders", "--number", "H-1", "--total", "1", "--currency", "EUR"],
        ["doctor"],
      ]
      for command in commands {
        let run = try await lists.run(arguments: command)
        figures.add("cases")
        let label = "\(hostile.name), \(command.joined(separator: " "))"
        let line = run.stderrLines.count == 1 && hostile.words.contains { run.stderr.contains($0) }
        let unchanged = Self.state(of: path) == before
        let clean = sideFiles(of: path).isEmpty
        #expect(run.exitCode == hostile.code, "\(label): \(run.summary)")
        #expect(line, "\(label): not one clear line: \(run.summary)")
        #expect(unchanged, "\(label): the file changed")
        #expect(clean, "\(label): left \(sideFiles(of: path))")
        if command.contains("--json") {
          let object =
            try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
          #expect(object?["state"] as? String == "error", "\(label): \(run.stdout)")
        }
        if run.exitCode == hostile.code && line && unchanged && clean { figures.add("passed") }
      }
      figures.report()
    }
  }
}
