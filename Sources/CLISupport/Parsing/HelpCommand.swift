/// The command that shows help by words (`lists help add orders`), as parser configuration:
/// its name and the pages it has besides the commands'.
///
/// The parser answers the line with ``Invocation/help(_:)`` and never runs the command; the
/// help renderer's root page points at it and at each topic:
/// ```swift
/// HelpCommand(name: "help", topics: [.init(word: "exit-codes", subject: "exit codes")])
/// ```
/// The command itself is a ``CommandSpec`` of the tree named `name`, with one optional,
/// variadic argument for the words.
package struct HelpCommand: Sendable, Equatable {
  /// A page of help that is no command's.
  package struct Topic: Sendable, Equatable {
    /// The word that asks for it, e.g. `exit-codes`.
    package var word: String
    /// What the root page says it explains: `See 'lists help exit-codes' for <subject>.`
    package var subject: String

    /// Creates a topic.
    package init(word: String, subject: String) {
      self.word = word
      self.subject = subject
    }
  }

  /// The command's name, e.g. `help`.
  package var name: String
  /// The topics, in the order the root page names them.
  package var topics: [Topic]

  /// Creates the configuration of a help command.
  package init(name: String, topics: [Topic] = []) {
    self.name = name
    self.topics = topics
  }
}
