import CLISupport
import ListStore
import TextFormats

/// `lists add KIND --FIELD VALUE ...`: validates and adds one item of any kind, its options
/// made from the kind's definition (``KindAddOptions``).
package enum AddCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    // `add` has a subcommand for each kind the command line was parsed with.
    guard let name = parsed.path.last, let definition = context.kinds.first(where: { $0.name == name }) else {
      throw .other("The command line names no kind to add to.", .software)
    }
    // The values are checked against the kind's definition before the file is touched: a
    // rejected command writes nothing.
    let options = KindAddOptions(definition)
    let draft = try store { () throws(ListStoreError) in try options.draft(from: parsed) }
    let (item, added, stored) = try context.writing { database throws(CLIError) in
      try store { () throws(ListStoreError) in
        let items = try database.items(of: name, account: context.account)
        let (item, added) = try items.addIfMissing(draft)
        return (item, added, items.definition)
      }
    }
    context.stdout.writeLine(KindAddOptions(stored).report(item, added: added))
    return .success
  }

  /// ASCII letters uppercased, everything else as it is.
  static func uppercased(_ text: String) -> String {
    ASCIICase.uppercased(text)
  }

  private static func quoted(_ text: String) -> String {
    "'" + TerminalEscaping.escape(text) + "'"
  }
}

/// Runs a store call, turning its error into the command's error.
func store<T>(_ body: () throws(ListStoreError) -> T) throws(CLIError) -> T {
  do {
    return try body()
  } catch {
    throw .store(error)
  }
}
