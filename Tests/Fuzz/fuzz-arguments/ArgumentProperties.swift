import CLISupport
import FuzzSupport
import ListsCLI
import TextFormats

/// What must hold for the tokenizer and parser on any command line.
///
/// Input layout: byte 0 is the terminal width minus one (`O`, 0x4F, is 80 columns); the rest
/// is the words, separated by zero bytes, decoded as `CommandLine.arguments` decodes them.
///
/// - Tokens follow the documented table, byte for byte.
/// - Parsing never traps. `--help`/`-h` before `--` wins (help or a usage error, never a run);
///   else `--version` does.
/// - A usage error renders to exactly three lines — `Error:`, `Usage: lists`, `See 'lists` —
///   with no control character but their line feeds.
/// - Help renders at any width.
/// - A command the parser accepts has every required value, no repeated single value, and only
///   values its declarations accept (so the commands' typed reads cannot trap); written back as
///   `--name=value` words it parses to the same command.
enum ArgumentProperties {
  static func check(_ input: [UInt8]) throws(PropertyFailure) {
    let width = Int(input.first ?? 79) + 1
    let body = input.dropFirst()
    let words =
      body.isEmpty
      ? []
      : body.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
    try checkTokens(words)
    try checkParse(words, width: width)
  }

  // MARK: Tokenizer

  static func checkTokens(_ words: [String]) throws(PropertyFailure) {
    let tokens = Tokenizer.tokenize(words)
    try require(tokens.count == words.count, "\(words.count) words gave \(tokens.count) tokens")
    var afterTerminator = false
    for (word, token) in zip(words, tokens) {
      let expected = expectedToken(word, afterTerminator: afterTerminator)
      try require(token == expected, "\(quoted(word)) is \(token), expected \(expected)")
      if token == .terminator { afterTerminator = true }
    }
  }

  /// The documented classification, on UTF-8 bytes.
  static func expectedToken(_ word: String, afterTerminator: Bool) -> Token {
    let bytes = Array(word.utf8)
    let dash = UInt8(ascii: "-")
    if afterTerminator { return .positional(word) }
    if bytes == [dash, dash] { return .terminator }
    if bytes.starts(with: [dash, dash]) {
      guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else {
        return .option(name: word, value: nil)
      }
      return .option(
        name: String(decoding: bytes[..<equals], as: UTF8.self),
        value: String(decoding: bytes[(equals + 1)...], as: UTF8.self))
    }
    let isNegativeNumber =
      bytes.count >= 2 && (0x30...0x39).contains(bytes[1])
      && bytes.dropFirst().allSatisfy { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") }
    if bytes.first == dash && bytes.count > 1 && !isNegativeNumber {
      return .option(name: word, value: nil)
    }
    return .positional(word)
  }

  // MARK: Parser

  static func checkParse(_ words: [String], width: Int) throws(PropertyFailure) {
    let parser = CommandLineParser()
    let tokens = Tokenizer.tokenize(words).prefix { $0 != .terminator }
    let asksHelp = tokens.contains { isOption($0, "--help") || isOption($0, "-h") }
    let asksVersion = tokens.contains { isOption($0, "--version") }
    let line = quoted(words.joined(separator: " "))
    switch Result(catching: { () throws(UsageError) in try parser.parse(words) }) {
    case .failure(let error):
      try checkRendering(error, line: line)
    case .success(.help(let topic)):
      if case .command(let path) = topic {
        try require(
          parser.root.descendant(at: path) != nil, "\(line) asks help for missing \(path)")
      }
      let page = HelpRenderer.render(topic, width: width)
      try require(page.hasSuffix("\n"), "help for \(line) at width \(width) has no final line feed")
    case .success(.version):
      try require(asksVersion && !asksHelp, "\(line) gave the version")
    case .success(.run(let parsed)):
      try require(!asksHelp && !asksVersion, "\(line) ran \(parsed.path) instead of help/version")
      try checkValues(of: parsed, line: line)
      try checkRoundTrip(of: parsed, line: line)
    }
  }

  /// Three lines, each ending in a line feed, and nothing a terminal would act on.
  static func checkRendering(_ error: UsageError, line: String) throws(PropertyFailure) {
    let text = ErrorRenderer.render(error)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    try require(
      lines.count == 4 && lines[3].isEmpty && lines[0].hasPrefix("Error: ")
        && lines[1].hasPrefix("Usage: lists") && lines[2].hasPrefix("See 'lists"),
      "usage error of \(line) is not three lines: \(quoted(text))")
    try require(
      !text.unicodeScalars.contains { $0 != "\n" && TerminalEscaping.needsEscape($0) },
      "usage error of \(line) has a control character: \(quoted(text))")
  }

  /// Every value is one its declaration accepts; required ones are there, single ones single.
  static func checkValues(of parsed: ParsedCommand, line: String) throws(PropertyFailure) {
    let spec = parsed.spec
    try require(spec.isRunnable, "\(line) ran the group \(parsed.path)")
    for option in spec.options {
      let values = parsed.optionValues[option.name] ?? []
      try require(!option.isRequired || !values.isEmpty, "\(line) lacks \(option.name)")
      try require(option.isRepeatable || values.count <= 1, "\(line) repeats \(option.name)")
      for value in values + [option.defaultValue].compactMap({ $0 }) {
        try require(
          accepts(option.arity, value), "\(line): \(option.name) has \(quoted(value))")
      }
    }
    for name in parsed.optionValues.keys {
      try require(spec.option(named: name) != nil, "\(line): \(name) is not an option")
    }
    for argument in spec.arguments {
      let values = parsed.argumentValues[argument.name] ?? []
      try require(!argument.isRequired || !values.isEmpty, "\(line) lacks <\(argument.name)>")
      try require(argument.isVariadic || values.count <= 1, "\(line) repeats <\(argument.name)>")
      for value in values {
        try require(
          accepts(argument.kind, value), "\(line): <\(argument.name)> has \(quoted(value))")
      }
    }
    for name in parsed.argumentValues.keys {
      try require(
        spec.arguments.contains { $0.name == name }, "\(line): <\(name)> is not an argument")
    }
    let timeout = GlobalSpec.busyTimeout.spec
    if let busyTimeout = parsed.globals.busyTimeout {
      try require(
        accepts(timeout.arity, String(busyTimeout)), "\(line): busy timeout \(busyTimeout)")
    }
  }

  /// The command written back canonically — path, `--name=value` options, `--`, arguments —
  /// parses to the same command.
  static func checkRoundTrip(of parsed: ParsedCommand, line: String) throws(PropertyFailure) {
    var words = parsed.path
    for option in parsed.spec.options {
      for value in parsed.optionValues[option.name] ?? [] {
        words.append(option.isFlag ? option.name : option.name + "=" + value)
      }
    }
    let globals = parsed.globals
    if let database = globals.database { words.append("--db=" + database) }
    if let account = globals.accountName { words.append("--account=" + account) }
    if let timeout = globals.busyTimeout { words.append("--busy-timeout=\(timeout)") }
    if globals.noColor { words.append("--no-color") }
    words.append("--")
    for argument in parsed.spec.arguments {
      words += parsed.argumentValues[argument.name] ?? []
    }
    let again = quoted(words.joined(separator: " "))
    switch Result(catching: { () throws(UsageError) in try CommandLineParser().parse(words) }) {
    case .success(.run(let reparsed)):
      try require(
        reparsed.path == parsed.path && reparsed.optionValues == parsed.optionValues
          && reparsed.argumentValues == parsed.argumentValues && reparsed.globals == globals,
        "\(line) written back as \(again) parses to another command")
    case .success(let other):
      throw PropertyFailure("\(line) written back as \(again) gives \(other)")
    case .failure(let error):
      throw PropertyFailure("\(line) written back as \(again) is refused: \(error)")
    }
  }

  private static func accepts(_ arity: OptionSpec.Arity, _ value: String) -> Bool {
    switch arity {
    case .flag: value.isEmpty
    case .value(_, let kind): accepts(kind, value)
    }
  }

  private static func accepts(_ kind: ValueKind, _ value: String) -> Bool {
    switch kind {
    case .text(let allowsEmpty): allowsEmpty || !value.isEmpty
    case .integer(let range): Int(value, radix: 10).map(range.contains) ?? false
    case .choice(let choices): choices.contains { $0.utf8.elementsEqual(value.utf8) }
    }
  }

  private static func isOption(_ token: Token, _ name: String) -> Bool {
    if case .option(name, _) = token { return true }
    return false
  }
}
