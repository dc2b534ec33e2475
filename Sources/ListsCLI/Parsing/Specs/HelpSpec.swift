import CLISupport

/// `lists help [COMMAND | exit-codes]`; the parser answers it with ``Invocation/help(_:)``.
package enum HelpSpec {
  /// The command's name.
  package static let name = "help"
  /// The topic word for the exit-code table.
  package static let exitCodesTopic = "exit-codes"
  /// The command words, or `exit-codes`.
  package static let topic = Argument<String>(
    "topic", help: "A command, e.g. show or add orders; or exit-codes for the exit codes.",
    isRequired: false, isVariadic: true)

  /// What the parser and the help pages know of it: its name and the exit-codes topic.
  package static let configuration = HelpCommand(
    name: name, topics: [HelpCommand.Topic(word: exitCodesTopic, subject: "exit codes")])

  /// The command.
  package static let command = CommandSpec(
    name: name, abstract: "Shows help for a command, or the exit codes.", id: nil,
    arguments: [topic.spec])
}
