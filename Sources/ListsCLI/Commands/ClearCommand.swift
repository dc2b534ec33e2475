import ListStore
import TextFormats

/// `lists clear LIST [--yes]`: removes every item of the account's list. Without `--yes` it
/// asks when stdin and stderr are a terminal, and refuses otherwise.
package enum ClearCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let list = parsed.value(ClearSpec.list)
    let database = try context.openForReading()
    let count = try store { () throws(ListStoreError) in try itemCount(of: list, database, context.account) }
    if !parsed[ClearSpec.yes] {
      guard Terminal.isTerminal(System.standardInput), context.stderrIsTerminal else {
        throw .usageMessage(
          "Refusing to clear \(list) without --yes (not asking: this is not a terminal).",
          commandPath: ["clear"])
      }
      context.stderr.write(
        "Remove all \(count) \(list) of account '\(TerminalEscaping.escape(context.account))'? [y/N] ")
      context.stderr.flush()
      guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
        context.stderr.writeLine("Nothing was removed.")
        return .success
      }
    }
    let removed = try store { () throws(ListStoreError) in
      switch list {
      case .favorites: try database.favorites(account: context.account).clear()
      case .addresses: try database.addresses(account: context.account).clear()
      case .orders: try database.orders(account: context.account).clear()
      }
    }
    context.stdout.writeLine("Removed \(removed) \(removed == 1 ? list.itemName : list.rawValue).")
    return .success
  }

  /// The kept count of `list`.
  static func itemCount(of list: ListKind, _ database: ListsDatabase, _ account: String) throws(ListStoreError) -> Int {
    switch list {
    case .favorites: try database.favorites(account: account).count()
    case .addresses: try database.addresses(account: account).count()
    case .orders: try database.orders(account: account).count()
    }
  }
}
