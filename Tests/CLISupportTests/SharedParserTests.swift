import CLISupport
import Testing

/// The parser and its help as every executable gets them, with nothing of `lists`: a program
/// gives its tree, global options, help command, `--version` and list names, or goes without.
@Suite struct SharedParserTests {
  static let count = Option<Int>("--count", placeholder: "n", help: "How many.", range: 1...9, default: 1)
  static let title = Option<String>("--title", placeholder: "text", help: "The title.")
  static let list = Argument<String>(
    spec: ArgumentSpec(name: "list", kind: .choice(["tools"]), help: "The list.", completion: .lists))
  static let field = OptionSpec(
    name: "--size", arity: .value(placeholder: "n", kind: .integer(1...3)), help: "A field.", valueIsData: true)

  static let root = CommandSpec(
    name: "tool", abstract: "Does one thing.", id: CommandID("tool"), arguments: [list.spec],
    options: [count.spec, title.spec, field])
  static let global = Flag("--quiet", help: "Say less.")

  func parse(_ words: [String], _ parser: CommandLineParser) -> Result<Invocation, UsageError> {
    Result { () throws(UsageError) in try parser.parse(words) }
  }

  func refusal(_ words: [String], _ parser: CommandLineParser) -> UsageError? {
    guard case .failure(let error) = parse(words, parser) else { return nil }
    return error
  }

  @Test func aProgramWithoutHelpCommandOrVersionStillAnswersHelpFlags() throws {
    let parser = CommandLineParser(root: Self.root, globalOptions: [], help: nil)
    guard case .success(.help(let topic)) = parse(["tools", "--count", "x", "-h"], parser) else {
      Issue.record("-h did not ask for help")
      return
    }
    #expect(topic == .command([]))
    #expect(refusal(["tools", "--version"], parser)?.kind == .unknownOption("--version"))
  }

  @Test func valuesComeBackTypedAndGlobalsRawByName() throws {
    let parser = CommandLineParser(root: Self.root, globalOptions: [Self.global.spec], help: nil)
    guard case .success(.run(let parsed)) = parse(["--quiet", "tools", "--title=Saw"], parser) else {
      Issue.record("the line did not parse")
      return
    }
    #expect(parsed.id == CommandID("tool"))
    #expect(parsed.programName == "tool")
    #expect(parsed.value(Self.count) == 1)
    #expect(parsed[Self.title] == "Saw")
    #expect(parsed.value(Self.list) == "tools")
    #expect(parsed.globalValues == ["--quiet": [""]])
  }

  @Test func aListArgumentTakesWhatTheProgramAccepts() {
    let strict = CommandLineParser(root: Self.root, globalOptions: [], help: nil)
    #expect(refusal(["books"], strict)?.kind == .unknownValue("books", noun: "list", choices: ["tools"]))
    let open = CommandLineParser(root: Self.root, globalOptions: [], help: nil, acceptsListName: { $0 == "books" })
    #expect(refusal(["books"], open) == nil)
    #expect(refusal(["Books"], open) != nil)
  }

  @Test func onlyAnItemFieldsRefusedValueIsBadData() {
    let parser = CommandLineParser(root: Self.root, globalOptions: [], help: nil)
    #expect(refusal(["tools", "--size", "7"], parser)?.isBadData == true)
    #expect(refusal(["tools", "--count", "70"], parser)?.isBadData == false)
  }

  @Test func theHelpCommandAndItsTopicsAreConfiguration() {
    let help = HelpCommand(name: "explain", topics: [HelpCommand.Topic(word: "codes", subject: "the codes")])
    let root = CommandSpec(
      name: "tool", abstract: "Does things.", id: nil,
      subcommands: [
        CommandSpec(name: "run", abstract: "Runs.", id: CommandID("run")),
        CommandSpec(
          name: "explain", abstract: "Explains.", id: nil,
          arguments: [ArgumentSpec(name: "topic", kind: .text(allowsEmpty: false), help: "A topic.", isRequired: false, isVariadic: true)]),
      ])
    let parser = CommandLineParser(root: root, globalOptions: [], help: help, answersVersion: true)
    guard case .success(.help(let topic)) = parse(["explain", "codes"], parser),
      case .success(.help(let run)) = parse(["explain", "run"], parser),
      case .success(.version) = parse(["run", "--version"], parser)
    else {
      Issue.record("the help command or --version was not answered")
      return
    }
    #expect(topic == .topic("codes"))
    #expect(run == .command(["run"]))
    #expect(refusal(["explain", "codes", "run"], parser)?.kind == .unexpectedArgument("run"))

    let page = HelpRenderer.commandPage(at: [], of: parser, width: 80)
    #expect(page.contains("\nSee 'tool explain <command>' for detailed help.\n"))
    #expect(page.contains("\nSee 'tool explain codes' for the codes.\n"))
    #expect(page.contains("  --version"))
    #expect(!page.contains("GLOBAL OPTIONS"))
  }

  @Test func aUsageErrorFoundAfterParsingGetsTheUsageLines() {
    let parser = CommandLineParser(root: Self.root, globalOptions: [], help: nil)
    #expect(
      ErrorRenderer.render(usageMessage: "No such \u{1B}tool.", commandPath: [], of: parser)
        == "Error: No such \\u{1B}tool.\n"
        + "Usage: tool <list> [--count <n>] [--title <text>] [--size <n>]\nSee 'tool --help'.\n")
  }
}
