import CLISupport

/// What to offer for the last word of a partly typed command line, worked out from the command
/// specs (the same ones the parser and help use), so new commands and options complete by
/// themselves.
///
/// For example, for `lists show --limit 5 o` it is the lists of the database, for prefix `o`;
/// for `lists export orders --format ` the words `ndjson csv`.
package struct CompletionRequest: Equatable {
  /// What kind of candidates the last word takes.
  package var completion: ValueCompletion
  /// The last word as typed so far; candidates start with it.
  package var prefix: String
  /// The global options given among the words (`--db`, `--account`): the lists to offer are
  /// those of that database.
  package var globals: GlobalOptions

  /// The request for `words`: what follows `lists` on the command line, the last one being
  /// the word completed (empty right after a space).
  package init(
    words: [String], root: CommandSpec = CommandTree.root,
    globalOptions: [OptionSpec] = GlobalSpec.all
  ) {
    let prefix = words.last ?? ""
    self.prefix = prefix
    globals = GlobalOptions()
    var spec = root
    var positionals = 0
    var afterTerminator = false
    var index = 0
    let typed = words.dropLast()
    while index < typed.count {
      let word = typed[typed.startIndex + index]
      index += 1
      if !afterTerminator && word == "--" {
        afterTerminator = true
      } else if !afterTerminator && word.utf8.count > 1 && word.utf8.first == UInt8(ascii: "-") {
        // `--name=value` carries its value; `--name value` takes the next word.
        guard !word.contains("="),
          let option = (spec.options + globalOptions).first(where: { $0.name == word }),
          !option.isFlag
        else { continue }
        guard index < typed.count else {
          completion = option.completion
          return
        }
        let value = typed[typed.startIndex + index]
        index += 1
        if option.name == GlobalSpec.database.spec.name { globals.database = value }
        if option.name == GlobalSpec.account.spec.name { globals.accountName = value }
      } else if positionals == 0, !afterTerminator,
        let next = spec.visibleSubcommands.first(where: { $0.name == word })
      {
        spec = next
      } else {
        positionals += 1
      }
    }
    if !afterTerminator && prefix.utf8.first == UInt8(ascii: "-") {
      var names = (spec.options + globalOptions).map(\.name) + ["--help"]
      if spec.name == root.name { names.append("--version") }
      completion = .words(names)
    } else if positionals == 0 && !spec.visibleSubcommands.isEmpty {
      completion = .words(spec.visibleSubcommands.map(\.name))
    } else if let argument = spec.arguments.indices.contains(positionals)
      ? spec.arguments[positionals] : spec.arguments.last.flatMap({ $0.isVariadic ? $0 : nil })
    {
      completion = argument.completion
    } else {
      completion = .none
    }
  }

  /// The candidates among `words` that start with the prefix, in order.
  package func matching(_ words: [String]) -> [String] {
    words.filter { $0.utf8.starts(with: prefix.utf8) }
  }
}
