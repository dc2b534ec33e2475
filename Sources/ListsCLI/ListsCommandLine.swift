import CLISupport
import ListStore

/// The `lists` command: parses the command line, runs the command, and returns the exit status.
///
/// `main.swift` is `exit(await ListsCommandLine.start().value)`.
public enum ListsCommandLine {
  /// Starts `lists` with this process's arguments and environment; the task's value is the
  /// exit status.
  ///
  /// The command starts at once on the calling thread (an immediate task of a nonisolated
  /// function): a command that never has to wait — nearly all of them, since the store answers
  /// synchronously — runs from start to end on the main thread, without starting the
  /// concurrency runtime's worker threads. That is a third of a cold `lists show`.
  /// Where `Task.immediate` does not exist (Apple systems before 26, compilers before Swift
  /// 6.2), it is a plain task.
  public static func start() -> Task<Int32, Never> {
    #if compiler(>=6.2)
      if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        return Task.immediate { await main() }
      }
    #endif
    return Task { await main() }
  }

  /// Runs `lists` with this process's arguments and environment and returns its exit status.
  ///
  /// The arguments are decoded from their bytes, strictly: `CommandLine.arguments` would turn
  /// each byte that is not UTF-8 into U+FFFD, and the command would store or look up other text
  /// than it was given. Such an argument is a usage error.
  public static func main() async -> Int32 {
    var arguments: [[UInt8]] = []
    for index in 1..<Int(CommandLine.argc) {
      guard let argument = CommandLine.unsafeArgv[index] else { continue }
      arguments.append(System.bytes(ofCString: argument))
    }
    switch InvalidText.decode(arguments: arguments) {
    case .success(let decoded):
      return await run(decoded)
    case .failure(let invalid):
      let stderr = OutputWriter(fileDescriptor: System.standardError)
      let style = Terminal.style(for: System.standardError, environment: .process, noColorFlag: false)
      stderr.write(TerminalText(rendered: CLIError.other(invalid.message, .usage).render(style: style)))
      stderr.flush()
      return ExitCode.usage.rawValue
    }
  }

  /// Runs `lists` with `arguments` (without the program name) and returns its exit status.
  public static func run(_ arguments: [String]) async -> Int32 {
    OutputWriter.ignoreBrokenPipeSignal()
    // Past a file-size limit, fail the write (EFBIG, reported as "disk full") instead of dying.
    System.ignore(.fileSizeLimit)
    let stdout = OutputWriter(fileDescriptor: System.standardOutput)
    let stderr = OutputWriter(fileDescriptor: System.standardError)
    let code = await execute(arguments, environment: .process, stdout: stdout, stderr: stderr)
    stdout.flush()
    stderr.flush()
    // `lists export | head` is a success: the reader had all it wanted.
    if stdout.isBrokenPipe { return ExitCode.success.rawValue }
    return code.rawValue
  }

  /// Runs one invocation with the given streams; every error ends here as one message on
  /// stderr and its exit code. Output that could not be written (a full disk, an I/O error) is
  /// such an error too: the command did not deliver what it printed.
  package static func execute(
    _ arguments: [String], environment: Environment, stdout: OutputWriter, stderr: OutputWriter
  ) async -> ExitCode {
    let code = await executeCommand(arguments, environment: environment, stdout: stdout, stderr: stderr)
    guard let failed = stdout.writeError() else { return code }
    let style = Terminal.style(
      for: stderr.fileDescriptor, environment: environment,
      noColorFlag: arguments.contains("--no-color"))
    // A command that failed already said why; its code stands.
    if code == .success { stderr.write(TerminalText(rendered: failed.render(style: style))) }
    return code == .success ? failed.exitCode : code
  }

  private static func executeCommand(
    _ arguments: [String], environment: Environment, stdout: OutputWriter, stderr: OutputWriter
  ) async -> ExitCode {
    let (invocation, kinds, root): (Invocation, [KindDefinition], CommandSpec)
    switch parse(arguments, environment: environment) {
    case .success(let parsed): (invocation, kinds, root) = parsed
    case .failure(let failure):
      let style = Terminal.style(
        for: stderr.fileDescriptor, environment: environment,
        noColorFlag: arguments.contains("--no-color"))
      stderr.write(TerminalText(rendered: failure.error.render(style: style, root: failure.root)))
      return failure.error.exitCode
    }
    switch invocation {
    case .version:
      stdout.writeLine(TerminalText(rendered: ListsVersion.versionLine))
      return .success
    case .help(let topic):
      let width = Terminal.width(of: stdout.fileDescriptor, environment: environment)
      stdout.write(TerminalText(rendered: HelpRenderer.render(topic, root: root, width: width)))
      return .success
    case .run(let parsed):
      var context: Context?
      do {
        let created = try Context(
          globals: parsed.globals, environment: environment, stdout: stdout, stderr: stderr, kinds: kinds)
        created.commandPath = parsed.path
        context = created
        return try await dispatch(parsed, created)
      } catch {
        let style =
          context?.stderrStyle
          ?? Terminal.style(for: stderr.fileDescriptor, environment: environment, noColorFlag: parsed.globals.noColor)
        stdout.flush()
        stderr.write(TerminalText(rendered: error.render(style: style, root: root)))
        return error.exitCode
      }
    }
  }

  /// A parse that failed, with the command line it failed against.
  private struct ParseFailure: Error {
    var error: CLIError
    var root: CommandSpec
  }

  /// Parses `arguments` against the built-in kinds' command line, which needs no file, with a
  /// `<list>` argument taking any kind's name (the command resolves it in the file it opens
  /// anyway; ``Context/items(of:in:)``): the usual case, `lists show books` included. Only when
  /// that fails, or for help, are the kinds of the file the arguments name read, and the line
  /// parsed again against them (`lists add books --title Dune`, `lists show bookz`).
  private static func parse(
    _ arguments: [String], environment: Environment
  ) -> Result<(Invocation, [KindDefinition], CommandSpec), ParseFailure> {
    var builtIn: Result<Invocation, UsageError>
    // The one command the line names; none for the overview (or an error the whole tree reports).
    let light = CommandTree.tree(naming: arguments)
    do {
      builtIn = .success(try CommandLineParser(root: light, acceptsListName: KindDefinition.isKindName).parse(arguments))
    } catch {
      builtIn = .failure(error)
    }
    if case .success(let invocation) = builtIn {
      guard case .help = invocation else { return .success((invocation, KindDefinition.builtIns, light)) }
    }
    let globals = CompletionRequest(words: arguments).globals
    let (kinds, damage) = KindCatalog.read(atPath: globals.databasePath(in: environment))
    let root = kinds == KindDefinition.builtIns ? CommandTree.root : CommandTree.tree(kinds: kinds)
    do {
      return .success((try CommandLineParser(root: root).parse(arguments), kinds, root))
    } catch {
      // A list unknown among the built-in lists of a file whose definitions are damaged may be
      // one of them: the damage is the error (74), not an unknown list.
      if let damage, case .unknownValue(_, noun: "list", _) = error.kind {
        return .failure(ParseFailure(error: .store(damage), root: root))
      }
      return .failure(ParseFailure(error: .usage(error), root: root))
    }
  }

  private static func dispatch(_ parsed: ParsedCommand, _ context: Context) async throws(CLIError) -> ExitCode {
    switch parsed.id {
    case .overview, nil: try OverviewCommand.run(parsed, context)
    case .show: try await ShowCommand.run(parsed, context)
    case .add: try AddCommand.run(parsed, context)
    case .edit: try EditCommand.run(parsed, context)
    case .remove: try RemoveCommand.run(parsed, context)
    case .clear: try ClearCommand.run(parsed, context)
    case .import: try ImportCommand.run(parsed, context)
    case .export: try ExportCommand.run(parsed, context)
    case .seed: try SeedCommand.run(parsed, context)
    case .watch: try await WatchCommand.run(parsed, context)
    case .browse: try await BrowseCommand.run(parsed, context)
    case .sync: try SyncCommand.run(parsed, context)
    case .syncStatus: try SyncStatusCommand.run(parsed, context)
    case .syncResolve: try SyncStatusCommand.resolve(parsed, context)
    case .doctor: try DoctorCommand.run(parsed, context)
    case .kinds, .kindsAdd, .kindsUpdate, .kindsShow, .kindsRemove: try KindsCommand.run(parsed, context)
    case .completion: try CompletionCommand.run(parsed, context)
    case .man: try ManCommand.run(parsed, context)
    case .complete: try CompletionCommand.complete(parsed, context)
    default: preconditionFailure("No command of lists runs '\(parsed.id?.name ?? "")'.")
    }
  }
}
