import CLISupport
import ListStore
import TextFormats

/// `lists edit KIND ID --FIELD VALUE ... [--unset FIELD]... [--json]`: changes the named fields
/// of one item and keeps the others, its options made from the kind's `add` options
/// (``KindEditOptions``).
package enum EditCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    // `edit` has a subcommand for each kind the command line was parsed with.
    guard let name = parsed.path.last, let definition = context.kinds.first(where: { $0.name == name }) else {
      throw .other("The command line names no kind to edit.", .software)
    }
    let id = Int64(parsed.value(EditSpec.id))
    let options = KindEditOptions(definition)
    // A missing file holds no item to change: it is not created just to say so.
    let database = try context.openForReading()
    let items = try context.items(named: name, in: database)
    let item: DynamicItem
    do {
      // Read and changed in one transaction: a total alone takes the currency stored when it
      // is written.
      item = try database.write { transaction in
        let items = try transaction.items(of: items.definition.name, account: items.account)
        guard let stored = try items.item(id: id) else {
          throw ListStoreError.itemsNotFound(kind: items.list, ids: [id], removing: false)
        }
        return try items.update(id: id, setting: options.changes(from: parsed, stored: stored))
      }
    } catch let error as CLIError {
      throw error
    } catch let error as ListStoreError {
      throw .store(error)
    } catch {
      throw .other("Internal error: \(error).", .software)
    }
    if parsed.isGiven(option: KindEditOptions.json) {
      var writer = JSONWriter()
      KindItemFormat(items.definition).writeJSON(item, into: &writer)
      writer.newline()
      context.stdout.write(writer.bytes)
    } else {
      context.stdout.writeLine(KindEditOptions(items.definition).report(item))
    }
    return .success
  }
}
