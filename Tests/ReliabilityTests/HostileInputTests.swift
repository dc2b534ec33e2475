import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Reliability {
  /// Input that tries to break decoding, validation or SQL: rejected with 64 or 65 and a clear
  /// line, the database byte for byte unchanged; or stored and given back verbatim.
  @Suite struct HostileInputTests {
    /// A rejected import: the NDJSON bytes, and what the error line must say.
    struct Rejected: CustomTestStringConvertible, Sendable {
      var name: String
      var bytes: [UInt8]
      /// Text the error line contains, e.g. `Line 2:`.
      var says: [String]

      init(_ name: String, _ lines: [[UInt8]], says: String...) {
        self.name = name
        self.bytes = lines.flatMap { $0 + [0x0A] }
        self.says = says
      }

      var testDescription: String { name }
    }

    private static let good = Array(orderLine("GOOD-1").utf8)

    private static func order(_ fields: String) -> [UInt8] { Array("{\(fields)}".utf8) }

    private static func number(_ prefix: String, _ bytes: [UInt8]) -> [UInt8] {
      Array(#"{"number":"\#(prefix)"#.utf8) + bytes
        + Array(#"","total":"1.00","currency":"EUR"}"#.utf8)
    }

    private static func total(_ text: String) -> [UInt8] {
      order(#""number":"T-1","total":\#(text),"currency":"EUR""#)
    }

    private static func placed(_ text: String) -> [UInt8] {
      order(#""number":"P-1","total":"1","currency":"EUR","placed_at":"\#(text)""#)
    }

    static let rejectedImports: [Rejected] = [
      Rejected("byte 0xFF", [good, number("U", [0xFF])], says: "Line 2:", "UTF-8"),
      Rejected("truncated sequence", [good, number("U", [0xC3])], says: "Line 2:", "UTF-8"),
      Rejected("overlong slash", [good, number("U", [0xC0, 0xAF])], says: "Line 2:", "UTF-8"),
      Rejected(
        "encoded surrogate", [good, number("U", [0xED, 0xA0, 0x80])], says: "Line 2:", "UTF-8"),
      Rejected(
        "beyond U+10FFFF", [good, number("U", [0xF4, 0x90, 0x80, 0x80])], says: "Line 2:", "UTF-8"),
      Rejected(
        "invalid UTF-8 on line 3", [good, Array(orderLine("GOOD-2").utf8), number("U", [0x80])],
        says: "Line 3:"),
      Rejected(
        "lone surrogate escape", [good, number("U", Array(#"\ud800"#.utf8))], says: "Line 2:",
        "surrogate"),
      Rejected("raw NUL byte", [good, number("N", [0x00])], says: "Line 2:"),
      Rejected("escaped NUL", [good, number("N", Array(#"\u0000"#.utf8))], says: "Line 2:", "NUL"),
      Rejected("negative total", [total(#""-1.00""#)], says: "Line 1:", "negative"),
      Rejected("exponent total", [total(#""1e3""#)], says: "Line 1:", "total"),
      Rejected("bare exponent total", [total("1e3")], says: "Line 1:", "total"),
      Rejected("NaN total", [total(#""NaN""#)], says: "Line 1:", "total"),
      Rejected("bare NaN", [total("NaN")], says: "Line 1:"),
      Rejected("Infinity total", [total(#""Infinity""#)], says: "Line 1:", "total"),
      Rejected(
        "overflowing total", [total(#""92233720368547758.08""#)], says: "Line 1:", "too large"),
      Rejected(
        "huge total", [total(#""1\#(String(repeating: "0", count: 400))""#)], says: "Line 1:",
        "too large"),
      Rejected(
        "too many decimals", [order(#""number":"D-1","total":"12.5","currency":"JPY""#)],
        says: "Line 1:", "total"),
      Rejected(
        "overflowing total_minor",
        [order(#""number":"M-1","total_minor":9223372036854775808,"currency":"EUR""#)],
        says: "Line 1:", "total_minor"),
      Rejected(
        "negative total_minor", [order(#""number":"M-1","total_minor":-5,"currency":"EUR""#)],
        says: "Line 1:", "negative"),
      Rejected(
        "fractional total_minor", [order(#""number":"M-1","total_minor":1.5,"currency":"EUR""#)],
        says: "Line 1:", "total_minor"),
      Rejected("year 10000", [placed("10000-01-01T00:00:00Z")], says: "Line 1:", "placed_at"),
      Rejected("year 0", [placed("0000-12-31T23:59:59Z")], says: "Line 1:", "placed_at"),
      Rejected("negative year", [placed("-0001-01-01T00:00:00Z")], says: "Line 1:", "placed_at"),
      Rejected("month 13", [placed("2026-13-01T00:00:00Z")], says: "Line 1:", "placed_at"),
      Rejected("February 30", [placed("2026-02-30T00:00:00Z")], says: "Line 1:", "placed_at"),
      Rejected("hour 24", [placed("2026-01-01T24:00:00Z")], says: "Line 1:", "placed_at"),
      Rejected(
        "offset +99:00", [placed("2026-01-01T00:00:00+99:00")], says: "Line 1:", "placed_at"),
      Rejected("no time zone", [placed("2026-01-01T00:00:00")], says: "Line 1:", "placed_at"),
      Rejected(
        "unknown currency", [order(#""number":"C-9","total":"1","currency":"EURO""#)],
        says: "Line 1:", "currency"),
      Rejected(
        "duplicate number in the file", [good, Array(orderLine("GOOD-2").utf8), good],
        says: "Line 3:", "already exists"),
      Rejected(
        "number already stored", [Array(orderLine("KEEP-1").utf8)], says: "Line 1:",
        "already exists"),
      Rejected(
        "empty number", [order(#""number":"","total":"1","currency":"EUR""#)], says: "Line 1:",
        "empty"),
      Rejected(
        "SQL in a field name",
        [order(#""number":"S-1","total":"1","currency":"EUR","x; DROP TABLE orders":1"#)],
        says: "Line 1:", "Unknown field"),
      Rejected("not an object", [Array("[1,2,3]".utf8)], says: "Line 1:", "object"),
      Rejected("trailing garbage", [good + Array(" x".utf8)], says: "Line 1:", "JSON"),
      Rejected("unfinished object", [Array(#"{"number":"Q-1","#.utf8)], says: "Line 1:", "JSON"),
    ]

    /// A database with a few rows of every list; its bytes must not change on a rejection.
    private static func prepared(_ scratch: Scratch) async throws -> Lists {
      let lists = Lists(scratch, database: "input.db")
      try makeDatabase(lists.database, orders: 20, favorites: 5)
      let seeded = try await lists.run(
        "add", "orders", "--number", "KEEP-1", "--total", "3", "--currency", "EUR")
      try #require(seeded.exitCode == 0, "\(seeded.summary)")
      return lists
    }

    /// Runs `arguments` and expects a rejection with `code`, one line containing `says`, and
    /// the database file byte for byte as before with no side files. Returns whether it held.
    private static func expectRejected(
      _ lists: Lists, _ arguments: [String], code: Int32, says: [String], label: String,
      environment: [String: String] = [:]
    ) async throws -> Bool {
      let before = contents(of: lists.database)
      let run = try await lists.run(arguments: arguments, environment: environment)
      let rejected =
        run.exitCode == code && run.stderrLines.count >= 1
        && says.allSatisfy { run.stderr.contains($0) } && !run.stderr.contains("\u{FFFD}")
      let oneLine =
        code == 64 ? run.stderrLines.first.map { !$0.isEmpty } == true : run.stderrLines.count == 1
      let unchanged =
        contents(of: lists.database) == before && sideFiles(of: lists.database).isEmpty
      #expect(rejected, "\(label): \(run.summary)")
      #expect(oneLine, "\(label): \(run.summary)")
      #expect(unchanged, "\(label): the database changed")
      return rejected && oneLine && unchanged
    }

    @Test func rejectedImportsChangeNothing() async throws {
      let scratch = try Scratch()
      let lists = try await Self.prepared(scratch)
      var figures = Figures("hostile-input.import")
      for (index, hostile) in Self.rejectedImports.enumerated() {
        let input = try scratch.write("rejected-\(index).ndjson", Data(hostile.bytes))
        figures.add("cases")
        let held = try await Self.expectRejected(
          lists, ["import", "orders", input], code: 65, says: hostile.says, label: hostile.name)
        if held { figures.add("passed") }
      }
      figures.report()
    }

    @Test func rejectedArgumentsChangeNothing() async throws {
      let scratch = try Scratch()
      let lists = try await Self.prepared(scratch)
      var figures = Figures("hostile-input.arguments")
      func add(_ total: String, currency: String = "EUR", placedAt: String? = nil) -> [String] {
        ["add", "orders", "--number", "ARG-1", "--total", total, "--currency", currency]
          + (placedAt.map { ["--placed-at", $0] } ?? [])
      }
      let cases: [(String, [String], Int32, [String])] = [
        ("negative --total", add("-1"), 65, ["negative"]),
        ("NaN --total", add("NaN"), 65, ["NaN"]),
        ("exponent --total", add("1e3"), 65, ["1e3"]),
        ("overflowing --total", add("99999999999999999999"), 65, ["too large"]),
        ("unknown currency", add("1", currency: "EURO"), 65, ["EURO"]),
        ("year 10000", add("1", placedAt: "10000-01-01T00:00:00Z"), 65, ["10000"]),
        ("February 30", add("1", placedAt: "2026-02-30T12:00:00Z"), 65, ["2026-02-30"]),
        (
          "duplicate number",
          ["add", "orders", "--number", "KEEP-1", "--total", "1", "--currency", "EUR"], 65,
          ["KEEP-1"]
        ),
        // An invalid value of an item is bad data (65), not a usage error (`lists help exit-codes`).
        ("empty ref", ["add", "favorites", "--ref", "", "--title", "x"], 65, ["empty"]),
        (
          "unknown status",
          [
            "add", "orders", "--number", "S-1", "--total", "1", "--currency", "EUR", "--status",
            "lost",
          ], 65, ["lost"]
        ),
        ("limit 0", ["show", "orders", "--limit", "0"], 64, ["--limit"]),
        ("limit 501", ["show", "orders", "--limit", "501"], 64, ["--limit"]),
        (
          "limit overflow", ["show", "orders", "--limit", "99999999999999999999999"], 64,
          ["--limit"]
        ),
      ]
      for (label, arguments, code, says) in cases {
        figures.add("cases")
        if try await Self.expectRejected(lists, arguments, code: code, says: says, label: label) {
          figures.add("passed")
        }
      }
      figures.report()
    }

    @Test func handEditedCursorsAreUsageErrors() async throws {
      let scratch = try Scratch()
      let lists = try await Self.prepared(scratch)
      let page = try await lists.run("show", "orders", "--json", "--limit", "5")
      let object = try JSONSerialization.jsonObject(with: Data(page.stdout.utf8)) as? [String: Any]
      let cursor = try #require((object?["page"] as? [String: Any])?["next_cursor"] as? String)
      let favorites = try await lists.run("show", "favorites", "--json", "--limit", "2")
      let favoritesObject =
        try JSONSerialization.jsonObject(with: Data(favorites.stdout.utf8)) as? [String: Any]
      let favoritesCursor = try #require(
        (favoritesObject?["page"] as? [String: Any])?["next_cursor"] as? String)
      let good = try await lists.run("show", "orders", "--limit", "5", "--after", cursor)
      #expect(good.exitCode == 0, "\(good.summary)")

      var edits: [(String, String, String)] = [
        ("one more character", cursor + "A", "orders"),
        ("one character less", String(cursor.dropLast()), "orders"),
        ("garbage", "!!not-a-cursor!!", "orders"),
        ("a favorites cursor", favoritesCursor, "orders"),
        ("an orders cursor for favorites", cursor, "favorites"),
        ("10 000 characters", String(repeating: "A", count: 10_000), "orders"),
        ("non-ASCII", "ÅW8AAA😀", "orders"),
      ]
      let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
      var random = SplitMix(seed: Budget.seed ^ 0x6)
      var characters = Array(cursor)
      for position in characters.indices {
        let original = characters[position]
        var replacement = alphabet.randomElement(using: &random)!
        while replacement == original { replacement = alphabet.randomElement(using: &random)! }
        characters[position] = replacement
        edits.append(("character \(position + 1) changed", String(characters), "orders"))
        characters[position] = original
      }
      var figures = Figures("hostile-input.cursors")
      for (label, edited, list) in edits {
        figures.add("cases")
        let held = try await Self.expectRejected(
          lists, ["show", list, "--limit", "5", "--after", edited], code: 64, says: ["cursor"],
          label: label)
        if held { figures.add("passed") }
      }
      // Another account's cursor.
      figures.add("cases")
      if try await Self.expectRejected(
        lists, ["--account", "someone-else", "show", "orders", "--after", cursor], code: 64,
        says: ["cursor"], label: "another account's cursor")
      {
        figures.add("passed")
      }
      figures.report()
    }

    @Test func invalidUTF8OnTheCommandLineIsRejectedNotReplaced() async throws {
      let scratch = try Scratch()
      let lists = try await Self.prepared(scratch)
      var figures = Figures("hostile-input.command-line")
      // Arguments are bytes: hand them over through the shell so they reach lists unchanged.
      let cases: [(String, [String], [String: String])] = [
        ("0xFF in --ref", ["add", "favorites", "--ref", "bad\u{FF}", "--title", "t"], [:]),
        (
          "0xC3 at the end of --title", ["add", "favorites", "--ref", "r", "--title", "t\u{C3}"],
          [:]
        ),
        (
          "0xFF in --number",
          ["add", "orders", "--number", "N\u{FF}", "--total", "1", "--currency", "EUR"], [:]
        ),
        ("0xFF in --after", ["show", "orders", "--after", "AW8\u{FF}"], [:]),
        (
          "0xFF in LISTS_ACCOUNT", ["add", "favorites", "--ref", "r", "--title", "t"],
          ["LISTS_ACCOUNT": "acc\u{FF}"]
        ),
        (
          "0xFF in --account",
          ["--account", "a\u{FF}", "add", "favorites", "--ref", "r", "--title", "t"], [:]
        ),
      ]
      for (label, arguments, environment) in cases {
        figures.add("cases")
        let held = try await Self.expectRejectedBytes(
          lists, arguments, environment: environment, label: label)
        if held { figures.add("passed") }
      }
      figures.report()
    }

    /// ``expectRejected`` for arguments and variables in which each character U+0080...U+00FF
    /// stands for the single byte of that value (invalid UTF-8 cannot be a Swift string).
    private static func expectRejectedBytes(
      _ lists: Lists, _ arguments: [String], environment: [String: String], label: String
    ) async throws -> Bool {
      func raw(_ text: String) -> String {
        text.unicodeScalars.map {
          $0.value >= 0x80 && $0.value <= 0xFF ? "\\0\(String($0.value, radix: 8))" : String($0)
        }
        .joined()
      }
      var script = "exec \"$0\" --db \"$1\""
      for argument in arguments { script += " \"$(printf '%b' '\(raw(argument))')\"" }
      var prefix = ""
      for (name, value) in environment { prefix += "\(name)=\"$(printf '%b' '\(raw(value))')\" " }
      let before = contents(of: lists.database)
      let child = try Child(
        "/bin/sh",
        [
          "-c", prefix.isEmpty ? script : "export \(prefix); \(script)", Lists.binary,
          lists.database,
        ],
        environment: lists.environment, scratch: lists.scratch.path)
      let run = await child.wait()
      let rejected =
        (run.exitCode == 64 || run.exitCode == 65) && run.stderr.contains("UTF-8")
        && !run.stderr.contains("\u{FFFD}")
      let unchanged =
        contents(of: lists.database) == before && sideFiles(of: lists.database).isEmpty
      #expect(rejected, "\(label): \(run.summary)")
      #expect(unchanged, "\(label): the database changed")
      return rejected && unchanged
    }

    @Test func unusualTextIsStoredAndGivenBackVerbatim() async throws {
      let scratch = try Scratch()
      let lists = try await Self.prepared(scratch)
      let texts: [(String, String)] = [
        ("SQL quote", "'; DROP TABLE favorites; --"),
        ("SQL double quote", "\" OR 1=1 --"),
        ("LIKE wildcards", "100% _sure_ \\ back\\slash"),
        ("right-to-left override", "\u{202E}txt.exe"),
        ("Hebrew and Arabic", "שלום עולם مرحبا"),
        ("emoji with joiners", "👨‍👩‍👧‍👦 🏳️‍🌈 👍🏽"),
        ("combining marks, not normalized", "e\u{301} vs \u{E9}, Å vs A\u{30A}"),
        ("control characters", "tab\there\u{1B}[31m red\u{7}"),
        ("line breaks", "one\ntwo\r\nthree\u{2028}four"),
        ("BOM and zero width", "\u{FEFF}x\u{200B}y"),
        ("100 KB", String(repeating: "abcdefghij", count: 10_240)),
        ("150 KB of multi-byte text", String(repeating: "ä€😀", count: 16_500)),
        ("U+FFFD itself", "\u{FFFD} is a valid character"),
        ("highest code point", "\u{10FFFF}"),
      ]
      // Long values sort last (an old added_at) and carry no note, so that the human view and the
      // debug build's JSON writer do not spend seconds on them.
      let lines = texts.enumerated().map { index, entry in
        entry.1.utf8.count < 1_000
          ? #"{"ref":"verbatim-\#(index)","title":\#(jsonQuoted(entry.1)),"note":\#(jsonQuoted(entry.1))}"#
          : #"{"ref":"verbatim-\#(index)","title":\#(jsonQuoted(entry.1)),"added_at":"2000-01-01T00:00:00Z"}"#
      }
      let input = try scratch.writeLines("verbatim.ndjson", lines)
      let imported = try await lists.run("import", "favorites", input)
      #expect(imported.exitCode == 0, "\(imported.summary)")
      // 100 KB through an argument, too, in an account of its own.
      let argument = String(repeating: "ünïcödé ", count: 100_000 / 10)
      let added = try await lists.run(
        "--account", "argument", "add", "favorites", "--ref", "argument", "--title", argument)
      #expect(added.exitCode == 0, "\(added.summary)")
      let exportedArgument = try await lists.run("--account", "argument", "export", "favorites")

      let exported = try await lists.run("export", "favorites")
      #expect(exported.exitCode == 0, "\(exported.summary)")
      let shown = try await lists.run("show", "favorites", "--json", "--limit", "500")
      #expect(shown.exitCode == 0, "\(shown.summary)")
      /// The `key` of every item whose `ref` is given, read line by line (an item per line in
      /// an export, all items on one line in `show --json`, where `title` is never null).
      func byRef(_ output: String, _ key: String) -> [String: [UInt8]] {
        var values: [String: [UInt8]] = [:]
        for line in output.split(separator: "\n") {
          let refs = jsonStrings("ref", in: String(line)).map {
            String(decoding: $0, as: UTF8.self)
          }
          for (ref, value) in zip(refs, jsonStrings(key, in: String(line))) where values[ref] == nil
          {
            values[ref] = value
          }
        }
        return values
      }
      let exportedTitles = byRef(exported.stdout + exportedArgument.stdout, "title")
      let exportedNotes = byRef(exported.stdout, "note")
      let shownTitles = byRef(shown.stdout, "title")

      var figures = Figures("hostile-input.verbatim")
      let expectations =
        texts.enumerated().map { ("verbatim-\($0.offset)", $0.element.0, $0.element.1) }
        + [("argument", "100 KB argument", argument)]
      for (ref, label, text) in expectations {
        figures.add("cases")
        let verbatim =
          exportedTitles[ref] == Array(text.utf8)
          && (ref == "argument" || shownTitles[ref] == Array(text.utf8))
          && (text.utf8.count >= 1_000 || exportedNotes[ref] == Array(text.utf8))
        #expect(verbatim, "\(label) did not come back byte for byte")
        if verbatim { figures.add("passed") }
      }
      // The human view escapes control characters instead of passing them to the terminal.
      let human = try await lists.run("show", "favorites", "--limit", "12")
      #expect(
        human.exitCode == 0 && !human.stdout.contains("\u{1B}") && !human.stdout.contains("\u{7}"))
      let facts = try DatabaseFacts.read(lists.database)
      #expect(facts.integrity == ["ok"] && facts.countsAgree && facts.count("orders") == 21)
      figures.report()
    }

    @Test func extremeAmountsAndTimesRoundTrip() async throws {
      let scratch = try Scratch()
      let lists = try await Self.prepared(scratch)
      let orders: [(String, String, String, String, Int64)] = [
        ("X-MAX", "92233720368547758.07", "EUR", "9999-12-31T23:59:59.999Z", Int64.max),
        ("X-ZERO", "0.00", "EUR", "0001-01-01T00:00:00Z", 0),
        ("X-JPY", "1200", "JPY", "1969-07-20T20:17:40Z", 1200),
        ("X-BHD", "1.234", "BHD", "1970-01-01T00:00:00Z", 1234),
      ]
      let input = try scratch.writeLines(
        "extreme.ndjson",
        orders.map {
          #"{"number":"\#($0.0)","total":"\#($0.1)","currency":"\#($0.2)","placed_at":"\#($0.3)"}"#
        })
      let imported = try await lists.run("import", "orders", input)
      #expect(imported.exitCode == 0, "\(imported.summary)")
      let exported = try await lists.run("export", "orders")
      var figures = Figures("hostile-input.extremes")
      for (number, total, currency, placedAt, minor) in orders {
        figures.add("cases")
        let line = exported.stdout.split(separator: "\n").first {
          $0.contains(#""number":"\#(number)""#)
        }
        let object = try line.flatMap {
          try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let back =
          object?["total"] as? String == total && object?["currency"] as? String == currency
          && (object?["total_minor"] as? NSNumber)?.int64Value == minor
          && object?["placed_at"] as? String == placedAt
        #expect(back, "\(number): \(line ?? "missing")")
        if back { figures.add("passed") }
      }
      figures.report()
    }
  }
}
