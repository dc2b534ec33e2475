import CLISupport
import ListServer
import ListStore

// lists-server: the remote every device syncs with, on one SQLite file or PostgreSQL nodes.
let parser = ServerCommandLine.parser
let command: ParsedCommand
do {
  switch try parser.parse(Array(CommandLine.arguments.dropFirst())) {
  case .run(let parsed): command = parsed
  case .help(.command(let path)):
    System.write(HelpRenderer.commandPage(at: path, of: parser, width: 80), to: 1)
    System.exit(0)
  case .help, .version:
    System.write(HelpRenderer.commandPage(at: [], of: parser, width: 80), to: 1)
    System.exit(0)
  }
} catch {
  System.write(ErrorRenderer.render(error, of: parser), to: 2)
  System.exit(ExitCode.usage.rawValue)
}
do throws(ServerError) {
  guard command.id != nil else {
    System.write(
      ErrorRenderer.render(usageMessage: "Name a command.", commandPath: command.path, of: parser),
      to: 2)
    System.exit(ExitCode.usage.rawValue)
  }
  // `serve` reads with as many connections as it has threads; a command needs one.
  let connections = command.id?.name == "serve" ? command.value(ServerCommandLine.threads) : 1
  let storage = try StorageChoice.open(command, connections: connections)
  if command.id?.name == "nodes add" {
    try NodesCommand.run(command, storage: storage)
  } else if command.id?.name == "serve" {
    try ServeCommand.run(command, storage: storage)
  } else {
    try Commands.run(command, storage: storage) { System.write($0, to: 1) }
  }
  System.exit(0)
} catch {
  System.write(ErrorRenderer.render(message: error.message), to: 2)
  System.exit(error.code.rawValue)
}
