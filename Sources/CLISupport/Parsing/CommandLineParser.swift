import TextFormats

/// Turns command-line words into an ``Invocation``, from ``CommandSpec`` data alone.
///
/// - `--name value` and `--name=value`; boolean flags; `-h`/`--help` (and `--version`, when
///   the program has one) anywhere before `--` (help wins over everything, including errors
///   later on the line); `--` makes every later word positional.
/// - Global options (for `lists`: `--db`, `--account`, `--busy-timeout`, `--no-color`) anywhere
///   before `--`: before the command, after it, or among its arguments.
/// - The word after an option that takes a value is its value unless it starts with `--` or is
///   `-h` (`--title --json` is a missing value; write `--title=--json`). So `-`, negative
///   numbers and single-dash words such as a cursor `-Xy_1` are values.
/// - Every value is checked against its ``ValueKind``; the first problem, in command-line
///   order, is thrown as a ``UsageError`` with a suggestion when one near miss is unambiguous.
///
/// The parser knows no program: its command tree, global options, help command and whether it
/// answers `--version` are all given to it. For example:
/// ```swift
/// let parser = CommandLineParser(root: root, globalOptions: [], help: nil)
/// let invocation = try parser.parse(["--rows", "1000", "--json"])
/// ```
package struct CommandLineParser: Sendable {
  /// The command tree; its root's name is the program's.
  package let root: CommandSpec
  /// The options every command accepts.
  package let globalOptions: [OptionSpec]
  /// The command that asks for help by words (`lists help add orders`), if the program has one.
  package let help: HelpCommand?
  /// Whether `--version` asks for ``Invocation/version``; without it, `--version` is an option
  /// like any other (unknown unless a command declares it).
  package let answersVersion: Bool
  /// Whether a word in the place of an argument whose completion is ``ValueCompletion/lists``
  /// names a list, though the argument's choices do not hold it: the command then resolves it
  /// itself (for `lists`, in the file, where the file's kinds are at hand). Nil: only the
  /// choices.
  package let acceptsListName: (@Sendable (String) -> Bool)?

  /// Creates a parser for the command tree `root` whose commands all take `globalOptions`, with
  /// `help` (nil: no help command; `-h` and `--help` still ask for help).
  package init(
    root: CommandSpec, globalOptions: [OptionSpec], help: HelpCommand?, answersVersion: Bool = false,
    acceptsListName: (@Sendable (String) -> Bool)? = nil
  ) {
    self.root = root
    self.globalOptions = globalOptions
    self.help = help
    self.answersVersion = answersVersion
    self.acceptsListName = acceptsListName
  }

  /// What `words` (the arguments without the program name) ask for.
  ///
  /// - Throws: ``UsageError`` for the first problem found.
  package func parse(_ words: [String]) throws(UsageError) -> Invocation {
    let tokens = Tokenizer.tokenize(words)
    let beforeTerminator = tokens.prefix { $0 != .terminator }
    if beforeTerminator.contains(where: { isOption($0, named: "--help", "-h") }) {
      return .help(.command(try helpPath(tokens)))
    }
    if answersVersion && beforeTerminator.contains(where: { isOption($0, named: "--version") }) {
      return .version
    }
    var state = ParseState(root: root)
    var index = tokens.startIndex
    while index < tokens.endIndex {
      let token = tokens[index]
      index += 1
      switch token {
      case .terminator:
        state.afterTerminator = true
      case .option(let name, let inlineValue):
        let value = inlineValue == nil && index < tokens.endIndex ? valueWord(tokens[index]) : nil
        if try handleOption(name, inlineValue: inlineValue, nextValue: value, state: &state) {
          index += 1
        }
      case .positional(let word):
        try handlePositional(word, state: &state)
      }
    }
    return try finish(state)
  }

  // MARK: Options

  /// Records one option; returns whether it consumed `nextValue`.
  private func handleOption(
    _ name: String, inlineValue: String?, nextValue: String?, state: inout ParseState
  ) throws(UsageError) -> Bool {
    let isGlobal: Bool
    let option: OptionSpec
    if let own = state.spec.option(named: name) {
      (option, isGlobal) = (own, false)
    } else if let global = globalOptions.first(where: { $0.name == name }) {
      (option, isGlobal) = (global, true)
    } else {
      var candidates = state.spec.options.map(\.name) + globalOptions.map(\.name) + ["--help"]
      if state.path.isEmpty && answersVersion { candidates.append("--version") }
      throw UsageError(
        .unknownOption(name), commandPath: state.path,
        suggestion: NearMiss.suggestion(for: name, among: candidates))
    }
    let value: String
    var consumed = false
    switch option.arity {
    case .flag:
      if inlineValue != nil {
        throw UsageError(.flagWithValue(name), commandPath: state.path)
      }
      value = ""
    case .value(_, let kind):
      if let inlineValue {
        value = inlineValue
      } else if let nextValue {
        value = nextValue
        consumed = true
      } else {
        throw UsageError(.missingValue(option.label), commandPath: state.path)
      }
      do throws(UsageError) {
        try check(value, kind: kind, name: name, isArgument: false, path: state.path)
      } catch {
        // An option that is an item's field: a value it rejects is bad data.
        var error = error
        error.isBadData = option.valueIsData
        throw error
      }
    }
    let seen = isGlobal ? state.globalValues[name] : state.optionValues[name]
    if seen != nil && !option.isRepeatable {
      throw UsageError(.repeatedOption(name), commandPath: state.path)
    }
    if isGlobal {
      state.globalValues[name, default: []].append(value)
    } else {
      state.optionValues[name, default: []].append(value)
    }
    return consumed
  }

  /// The text of `token` when it can be the value of the option before it.
  private func valueWord(_ token: Token) -> String? {
    switch token {
    case .positional(let word): word
    case .option(let name, nil) where !Tokenizer.startsWithDoubleDash(name) && name != "-h": name
    case .option, .terminator: nil
    }
  }

  // MARK: Positionals

  private func handlePositional(_ word: String, state: inout ParseState) throws(UsageError) {
    let spec = state.spec
    if !state.afterTerminator && !spec.subcommands.isEmpty && state.positionals.isEmpty {
      if let subcommand = spec.subcommand(named: word) {
        state.spec = subcommand
        state.path.append(word)
        return
      }
      if spec.arguments.isEmpty { throw unknownSubcommand(word, of: spec, path: state.path) }
    }
    let position = state.positionals.count
    let argument: ArgumentSpec
    if position < spec.arguments.count {
      argument = spec.arguments[position]
    } else if let last = spec.arguments.last, last.isVariadic {
      argument = last
    } else {
      throw UsageError(.unexpectedArgument(word), commandPath: state.path)
    }
    if !(argument.completion == .lists && acceptsListName?(word) == true) {
      try check(word, kind: argument.kind, name: argument.name, isArgument: true, path: state.path)
    }
    state.positionals.append(word)
    state.argumentValues[argument.name, default: []].append(word)
  }

  private func unknownSubcommand(
    _ word: String, of spec: CommandSpec, path: [String], extraChoices: [String] = []
  ) -> UsageError {
    let names = spec.visibleSubcommands.map(\.name) + extraChoices
    let suggestion = NearMiss.suggestion(for: word, among: names)
    if spec.subcommandNoun == "command" {
      return UsageError(.unknownCommand(word), commandPath: path, suggestion: suggestion)
    }
    return UsageError(
      .unknownValue(word, noun: spec.subcommandNoun, choices: names), commandPath: path,
      suggestion: suggestion)
  }

  // MARK: Values

  private func check(
    _ value: String, kind: ValueKind, name: String, isArgument: Bool, path: [String]
  ) throws(UsageError) {
    let displayName = isArgument ? "<\(name)>" : name
    switch kind {
    case .text(let allowsEmpty):
      if value.isEmpty && !allowsEmpty {
        throw UsageError(.emptyValue(name: displayName), commandPath: path)
      }
    case .integer(let range):
      guard let number = Int(value, radix: 10) else {
        if isIntegerLiteral(value) {
          throw UsageError(
            .outOfRange(value, name: displayName, range: range), commandPath: path)
        }
        throw UsageError(.notAnInteger(value, name: displayName), commandPath: path)
      }
      if !range.contains(number) {
        throw UsageError(.outOfRange(value, name: displayName, range: range), commandPath: path)
      }
    case .choice(let choices):
      guard !choices.contains(value) else { return }
      let suggestion = NearMiss.suggestion(for: value, among: choices)
      if isArgument {
        throw UsageError(
          .unknownValue(value, noun: name, choices: choices), commandPath: path,
          suggestion: suggestion)
      }
      throw UsageError(
        .invalidChoice(value, option: name, choices: choices), commandPath: path,
        suggestion: suggestion)
    }
  }

  /// Whether `text` is an optionally signed run of digits (too large for `Int`).
  private func isIntegerLiteral(_ text: String) -> Bool {
    var digits = text.utf8[...]
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      digits = digits.dropFirst()
    }
    return !digits.isEmpty
      && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  // MARK: End of the line

  private func finish(_ state: ParseState) throws(UsageError) -> Invocation {
    let spec = state.spec
    if let help, state.path == [help.name] {
      return .help(try helpTopic(state.positionals, help: help))
    }
    if !spec.isRunnable {
      throw UsageError(
        .missingArgument(spec.subcommandNoun, choices: spec.visibleSubcommands.map(\.name)),
        commandPath: state.path)
    }
    for argument in spec.arguments where argument.isRequired {
      if state.argumentValues[argument.name] == nil {
        var choices: [String]?
        if case .choice(let words) = argument.kind { choices = words }
        throw UsageError(
          .missingArgument(argument.name, choices: choices), commandPath: state.path)
      }
    }
    for option in spec.options where option.isRequired && state.optionValues[option.name] == nil {
      throw UsageError(.missingOption(option.label), commandPath: state.path)
    }
    let parsed = ParsedCommand(
      spec: spec, path: state.path, programName: root.name, globalValues: state.globalValues,
      optionValues: state.optionValues, argumentValues: state.argumentValues)
    return .run(parsed)
  }

  // MARK: Help

  /// The command path of `help WORDS...` (`lists help add orders`), or one of its topics.
  private func helpTopic(_ words: [String], help: HelpCommand) throws(UsageError) -> HelpTopic {
    if let first = words.first, help.topics.contains(where: { $0.word == first }) {
      guard words.count == 1 else {
        throw UsageError(.unexpectedArgument(words[1]), commandPath: [help.name])
      }
      return .topic(first)
    }
    var spec = root
    var path: [String] = []
    for word in words {
      if let subcommand = spec.subcommand(named: word) {
        spec = subcommand
        path.append(word)
      } else if spec.subcommands.isEmpty {
        throw UsageError(.unexpectedArgument(word), commandPath: [help.name])
      } else {
        let extra = path.isEmpty ? help.topics.map(\.word) : []
        throw unknownSubcommand(word, of: spec, path: [help.name], extraChoices: extra)
      }
    }
    return .command(path)
  }

  /// The command path of a line with `--help`: the subcommand words, skipping option values.
  private func helpPath(_ tokens: [Token]) throws(UsageError) -> [String] {
    var spec = root
    var path: [String] = []
    var skipsValue = false
    for token in tokens {
      switch token {
      case .terminator:
        return path
      case .option(let name, let value):
        let option = spec.option(named: name) ?? globalOptions.first { $0.name == name }
        skipsValue = value == nil && option.map { !$0.isFlag } ?? false
      case .positional(let word):
        defer { skipsValue = false }
        if skipsValue || spec.subcommands.isEmpty { continue }
        guard let subcommand = spec.subcommand(named: word) else {
          // The first argument of a command that also has subcommands: its help.
          if !spec.arguments.isEmpty { return path }
          throw unknownSubcommand(word, of: spec, path: path)
        }
        spec = subcommand
        path.append(word)
      }
    }
    return path
  }

  private func isOption(_ token: Token, named names: String...) -> Bool {
    guard case .option(let name, _) = token else { return false }
    return names.contains(name)
  }
}
