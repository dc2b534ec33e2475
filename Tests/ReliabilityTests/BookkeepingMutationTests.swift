import Foundation
import ListStore
import SQLiteCore
import Testing
import TestSupport

extension Reliability {
  /// Random edits of a real file with plain SQL — its bookkeeping (`user_version`,
  /// `lists_migrations`, `list_counts`, triggers, indexes), its kind definitions in
  /// `list_kinds`, its sync state in `list_sync` and `list_sync_items` — and every command on
  /// each edited file (``MutationCommand/all``), each on a fresh copy of it. After each command:
  ///
  /// - it ended by itself (no signal, no hang), with an exit code `lists help exit-codes` names and never
  ///   70 (internal error), and, when it failed, with exactly one line on stderr;
  /// - no ESC, BEL, C1 control (U+0080–U+009F) or U+202E on stderr, nor on stdout unless that
  ///   is JSON; no password of a stored URL anywhere;
  /// - no schema object created, dropped or rewritten that the command was not for (the table
  ///   `injected` the edits try to smuggle in never appears), no table's rows changed that the
  ///   command does not write, and a command that only reads leaves the file byte for byte.
  ///
  /// Seeded and reproducible: file `i` of a run with seed `S` is edited by the generator seeded
  /// `S + i` (so `LISTS_RELIABILITY_SEED=S+i LISTS_MUTATION_FILES=1` replays it alone), and its
  /// class of edits is picked by that seed. `swift test` edits ``fastFiles`` files with the
  /// classes that hold on `main`; `Tests/Scripts/mutation.sh` sets `LISTS_MUTATION_FILES`,
  /// `LISTS_MUTATION_HOSTILE=1` (every class, also those that still find failures) and
  /// `LISTS_MUTATION_FAILURES` (a file that gets one line per failure). `LISTS_MUTATION_EDIT`
  /// makes one SQL edit of your own instead of the generator's on every file (with
  /// `LISTS_MUTATION_CLASS`, which then only picks the kind the commands name).
  @Suite struct BookkeepingMutationTests {
    /// Files edited under `swift test`, every command on each: one of each class (file `i` gets
    /// class `(seed + i) % count`).
    static let fastFiles = EditClass.allCases.count

    static let environment = ProcessInfo.processInfo.environment

    /// Files to edit in this run.
    static var files: Int {
      environment["LISTS_MUTATION_FILES"].flatMap { Int($0) }.map { max(1, $0) } ?? fastFiles
    }

    /// The classes of edits of this run: `LISTS_MUTATION_CLASS` (comma-separated) if set, else
    /// every class with `LISTS_MUTATION_HOSTILE=1`, else the classes that hold on `main`.
    static var classes: [EditClass] {
      if let named = environment["LISTS_MUTATION_CLASS"], !named.isEmpty {
        return named.split(separator: ",").compactMap { EditClass(rawValue: String($0)) }
      }
      let hostile = environment["LISTS_MUTATION_HOSTILE"] == "1"
      return EditClass.allCases.filter { hostile || !$0.isHostile }
    }

    /// Exit codes `lists help exit-codes` names; 70 (internal error) is left out on purpose.
    static let allowedCodes: Set<Int32> = [0, 64, 65, 66, 69, 73, 74, 75, 76, 77, 78]

    /// Failures recorded as test issues; the rest are counted (and all go to the failures file).
    static let issueLimit = 40

    @Test func noEditOfTheFileCrashesACommandOrChangesWhatItWasNotFor() async throws {
      let classes = Self.classes
      try #require(!classes.isEmpty, "LISTS_MUTATION_CLASS names no class: \(EditClass.allCases.map(\.rawValue))")
      let scratch = try Scratch()
      let sound = scratch.file("sound.db")
      try MutationFixture.make(sound)
      let objects = try Connection(path: sound, options: .init(create: false)).textColumn(
        "SELECT name FROM sqlite_schema WHERE type IN ('trigger', 'index') AND name NOT LIKE 'sqlite_%' ORDER BY name")
      var figures = Figures("mutation")
      var log = FailureLog()
      let started = ContinuousClock.now

      for index in 0..<Self.files {
        let seed = Budget.seed &+ UInt64(index)
        let editClass = classes[Int(seed % UInt64(classes.count))]
        var generator = HostileEdits(seed: seed, objects: objects)
        let path = try scratch.copyDatabase(sound, to: "mutated.db")
        var edits: [FileEdit] = []
        let planned =
          Self.environment["LISTS_MUTATION_EDIT"].map { sql in
            [FileEdit(kind: editClass, sql: sql, secret: sql.contains(HostileEdits.secret) ? HostileEdits.secret : nil)]
          } ?? generator.edits(editClass)
        for edit in planned {
          // An edit SQLite refuses (a trigger already dropped) is no edit: its transaction
          // takes back the statements before the one that failed.
          do {
            let connection = try Connection(path: path, options: .init(create: false))
            try connection.transaction { try connection.executeScript(edit.sql) }
            edits.append(edit)
          } catch {}
        }
        let definition = try scratch.write("definition.json", Data(generator.definitionFile(editClass).utf8))
        let before: FileSnapshot
        do {
          before = try FileSnapshot.read(path)
        } catch {
          figures.add("files SQLite cannot read")
          continue
        }
        figures.add("files")
        figures.add("files \(editClass.rawValue)")
        let file = "seed \(seed) (file \(index)), \(editClass.rawValue), edits \(edits)"
        let target = editClass.target(&generator)
        let secrets = edits.compactMap(\.secret)
        let commands = MutationCommand.all(kind: target, index: index, definition: definition, scratch: scratch)

        for command in commands {
          let copy = try scratch.copyDatabase(path, to: "command.db")
          let run = try await command.run(Lists(scratch, database: copy))
          let after = try? FileSnapshot.read(copy)
          var problems = command.check(run, secrets: secrets)
          if let after {
            problems += command.effect.changes(from: before, to: after)
          } else {
            problems.append("SQLite cannot read the file afterwards")
          }
          figures.add("commands")
          figures.add(run.exitCode.map { "exit \($0)" } ?? run.termination.description)
          if problems.isEmpty {
            figures.add("passed")
          } else {
            figures.add("failed")
            log.record(file: file, command: command, run: run, problems: problems)
          }
        }
      }
      figures.add("seconds", Int((ContinuousClock.now - started).components.seconds))
      figures.add("hostile classes", classes.contains(where: \.isHostile) ? 1 : 0)
      figures.report()
      log.finish()
    }
  }
}

extension EditClass {
  /// The kind the commands name for a file of this class.
  func target(_ generator: inout HostileEdits) -> String {
    switch self {
    case .bookkeeping: generator.pick(["favorites", "addresses", "orders", "books", "films"])
    case .syncIntegers, .syncTypes, .syncURL, .syncText, .syncItems, .syncRows, .syncChanges, .syncIDs: "films"
    default: "books"
    }
  }
}

/// The failures of a run: each as a test issue (up to a limit) and a line in
/// `$LISTS_MUTATION_FAILURES`.
struct FailureLog {
  private var count = 0
  private let handle: FileHandle? = {
    guard let path = ProcessInfo.processInfo.environment["LISTS_MUTATION_FAILURES"], !path.isEmpty else { return nil }
    if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
    let handle = FileHandle(forWritingAtPath: path)
    handle?.seekToEndOfFile()
    return handle
  }()

  mutating func record(file: String, command: MutationCommand, run: Finished, problems: [String]) {
    count += 1
    let line =
      "\(file) | lists \(command.label) | \(run.termination) | \(problems.joined(separator: "; ")) | "
      + "stderr: \(String(run.stderr.prefix(300)).debugDescription)"
    handle?.write(Data((line.replacingOccurrences(of: "\n", with: "\\n") + "\n").utf8))
    if count <= Reliability.BookkeepingMutationTests.issueLimit { Issue.record(Comment(rawValue: line)) }
  }

  func finish() {
    try? handle?.close()
    if count > Reliability.BookkeepingMutationTests.issueLimit {
      Issue.record("\(count) commands failed in all; the first \(Reliability.BookkeepingMutationTests.issueLimit) are above")
    }
  }
}
