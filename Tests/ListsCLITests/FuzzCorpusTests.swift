import CLISupport
import ListStore
import Testing
import TestSupport

@testable import ListsCLI
import TextFormats

/// The seed corpora of the `fuzz-ndjson` and `fuzz-arguments` targets (Tests/Fuzz), replayed
/// through the properties those targets check, so `swift test` keeps them without libFuzzer; and
/// the targets' own replayers, which add the comparison with their reference implementations.
@Suite struct FuzzCorpusTests {
  @Test(arguments: ["fuzz-ndjson", "fuzz-arguments"])
  func corpusIsThere(target: String) {
    #expect(FuzzSeed.corpus(target).count >= 12, "\(FuzzSeed.folder(of: target).path)")
  }

  @Test(arguments: ["fuzz-ndjson", "fuzz-arguments"])
  func replayerFindsEveryPropertyHolding(target: String) async throws {
    let run = try await runFuzzReplayer(target)
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("every property holds"), "\(run.output)")
  }

  // MARK: fuzz-ndjson

  /// The whole seed is an NDJSON stream (fuzz-ndjson/NDJSONProperties.swift).
  @Test(arguments: FuzzSeed.corpus("fuzz-ndjson"))
  func ndjsonSeed(_ seed: FuzzSeed) throws {
    let lines = try readLines(seed.bytes, chunkSize: 4096)
    #expect(try readLines(seed.bytes, chunkSize: 1) == lines)
    for line in lines {
      let isUTF8 = String(validating: line.bytes, as: UTF8.self) != nil
      switch Result(catching: { () throws(JSONParseError) in try JSONParser.parse(line.bytes) }) {
      case .success(let value):
        #expect(isUTF8, "line \(line.number) is not UTF-8 yet was accepted")
        var writer = JSONWriter()
        writer.value(value)
        #expect(!writer.bytes.contains { $0 < 0x20 })
        #expect(try JSONParser.parse(writer.bytes) == value)
        try expectExportRoundTrip(value)
      case .failure(let error):
        #expect((0...line.bytes.count).contains(error.offset))
        #expect(!isUTF8 || !error.reason.hasPrefix("invalid UTF-8"), "\(error)")
      }
    }
  }

  private func readLines(_ bytes: [UInt8], chunkSize: Int) throws -> [NDJSONLine] {
    var reader = NDJSONLineReader(source: ScriptedByteSource(bytes, chunkSize: chunkSize))
    var lines: [NDJSONLine] = []
    while let line = try reader.next() { lines.append(line) }
    return lines
  }

  /// An item the decoders accept comes back unchanged through `export` and `import`: each of
  /// its values, absent ones at their defaults.
  private func expectExportRoundTrip(_ value: JSONValue) throws {
    let time = Timestamp(millisecondsSince1970: 1_796_046_000_000)
    for definition in KindDefinition.builtIns {
      let format = KindItemFormat(definition)
      guard let draft = try? format.draft(from: value) else { continue }
      let values = definition.fields.map { field -> FieldValue in
        if let value = draft.values[field.name], value != .null { return value }
        switch field.defaultValue {
        case .text(let text)?: return .text(text)
        case .bool(let flag)?: return .bool(flag)
        case .integer(let number)?: return .integer(number)
        case .now?: return .timestamp(time)
        case nil: return .null
        }
      }
      let item = DynamicItem(
        id: 1, values: values, addedAt: definition.hasImplicitAddedAt ? draft.addedAt ?? time : nil)
      var writer = JSONWriter()
      format.writeJSON(item, into: &writer)
      let back = try format.draft(from: try JSONParser.parse(writer.bytes))
      for index in definition.fields.indices {
        let name = definition.fields[index].name
        let given = back.values[name] ?? FieldValue.null
        #expect(given == values[index], "\(definition.name).\(name)")
      }
      #expect(back.addedAt == item.addedAt)
    }
  }

  // MARK: fuzz-arguments

  /// Byte 0 is the terminal width minus one; the rest is the words, separated by zero bytes
  /// (fuzz-arguments/ArgumentProperties.swift).
  @Test(arguments: FuzzSeed.corpus("fuzz-arguments"))
  func argumentsSeed(_ seed: FuzzSeed) throws {
    let width = Int(try #require(seed.bytes.first)) + 1
    let body = seed.bytes.dropFirst()
    let words =
      body.isEmpty
      ? []
      : body.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
    #expect(Tokenizer.tokenize(words).count == words.count)
    switch Result(catching: { () throws(UsageError) in try CommandLineParser().parse(words) }) {
    case .success(.help(let topic)):
      #expect(HelpRenderer.render(topic, width: width).hasSuffix("\n"))
    case .success(.version):
      #expect(words.contains("--version"))
    case .success(.run(let parsed)):
      #expect(try reparsed(parsed) == Shape(parsed))
    case .failure(let error):
      let text = ErrorRenderer.render(error)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == 4 && lines[3].isEmpty, "\(text)")
      #expect(lines.first?.hasPrefix("Error: ") == true)
      #expect(lines.dropFirst().first?.hasPrefix("Usage: lists") == true)
      #expect(!text.unicodeScalars.contains { $0 != "\n" && TerminalEscaping.needsEscape($0) })
    }
  }

  /// What a parsed command is, for comparing two parses.
  struct Shape: Equatable {
    var path: [String]
    var options: [String: [String]]
    var arguments: [String: [String]]
    var globals: GlobalOptions

    init(_ parsed: ParsedCommand) {
      path = parsed.path
      options = parsed.optionValues
      arguments = parsed.argumentValues
      globals = parsed.globals
    }
  }

  /// `parsed` written back as canonical words — path, `--name=value`, `--`, arguments — and
  /// parsed again.
  private func reparsed(_ parsed: ParsedCommand) throws -> Shape? {
    var words = parsed.path
    for option in parsed.spec.options {
      for value in parsed.optionValues[option.name] ?? [] {
        words.append(option.isFlag ? option.name : option.name + "=" + value)
      }
    }
    if let database = parsed.globals.database { words.append("--db=" + database) }
    if let account = parsed.globals.accountName { words.append("--account=" + account) }
    if let timeout = parsed.globals.busyTimeout { words.append("--busy-timeout=\(timeout)") }
    if parsed.globals.noColor { words.append("--no-color") }
    words.append("--")
    for argument in parsed.spec.arguments { words += parsed.argumentValues[argument.name] ?? [] }
    guard case .run(let again) = try CommandLineParser().parse(words) else { return nil }
    return Shape(again)
  }
}
