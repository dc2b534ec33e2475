import CLISupport
import ListStore

/// `lists remove LIST ID...`: removes items by id, all or none.
package enum RemoveCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let ids = parsed.values(RemoveSpec.ids).map { Int64($0) }
    // A missing file has nothing to remove: it is not created just to say so.
    let items = try context.items(of: parsed.value(RemoveSpec.list), in: context.openForReading())
    let list = items.list
    try store { () throws(ListStoreError) in try items.remove(ids: ids) }
    let count = Set(ids).count
    context.stdout.writeLine("Removed \(count) \(count == 1 ? list.itemName : list.rawValue).")
    return .success
  }
}
