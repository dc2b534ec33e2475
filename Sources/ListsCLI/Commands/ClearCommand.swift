import CLISupport
import ListStore
import TextFormats

/// `lists clear LIST [--yes]`: removes every item of the account's list. Without `--yes` it
/// asks when stdin and stderr are a terminal, and refuses otherwise.
package enum ClearCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let items = try context.items(of: parsed.value(ClearSpec.list), in: context.openForReading())
    let list = items.list
    let count = try store { () throws(ListStoreError) in try items.count() }
    if !parsed[ClearSpec.yes] {
      guard Terminal.isTerminal(System.standardInput), context.stderrIsTerminal else {
        throw .usageMessage(
          "Refusing to clear \(list) without --yes (not asking: this is not a terminal).",
          commandPath: ["clear"])
      }
      context.stderr.write(
        "Remove all \(count) \(list) of account '\(context.account)'? [y/N] ")
      context.stderr.flush()
      guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
        context.stderr.writeLine("Nothing was removed.")
        return .success
      }
    }
    let removed = try store { () throws(ListStoreError) in try items.clear() }
    context.stdout.writeLine("Removed \(removed) \(removed == 1 ? list.itemName : list.rawValue).")
    return .success
  }

}
