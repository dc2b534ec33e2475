import ListStore

/// `lists remove LIST ID...`: removes items by id, all or none.
package enum RemoveCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let list = parsed.value(RemoveSpec.list)
    let ids = parsed.values(RemoveSpec.ids).map { Int64($0) }
    // A missing file has nothing to remove: it is not created just to say so.
    let database = try context.openForReading()
    try store { () throws(ListStoreError) in
      switch list {
      case .favorites: try database.favorites(account: context.account).remove(ids: ids)
      case .addresses: try database.addresses(account: context.account).remove(ids: ids)
      case .orders: try database.orders(account: context.account).remove(ids: ids)
      }
    }
    let count = Set(ids).count
    context.stdout.writeLine("Removed \(count) \(count == 1 ? list.itemName : list.rawValue).")
    return .success
  }
}
