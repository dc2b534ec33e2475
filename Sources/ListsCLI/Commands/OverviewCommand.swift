import CLISupport
import ListPaging
import ListStore

/// `lists`: every list with its count, or its empty placeholder title.
package enum OverviewCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let database = try context.openForReading()
    let kinds = try store { () throws(ListStoreError) in try database.kinds().map(\.definition) }
    let catalog = PlaceholderCatalog.commandLine(for: kinds)
    var rows: [(name: TerminalText, count: Int, title: TerminalText)] = []
    for definition in kinds {
      let count = try store { () throws(ListStoreError) in
        try database.items(of: definition.name, account: context.account).count()
      }
      let title = count == 0 ? catalog.emptyPlaceholder(list: definition.name).title : ""
      rows.append((TerminalText(escaping: definition.name), count, TerminalText(escaping: title)))
    }
    let style = context.stdoutStyle
    let width = max(11, (rows.map(\.name.text.count).max() ?? 0) + 2)
    for row in rows {
      let name = style.bold(row.name.padding(to: width))
      context.stdout.writeLine(row.count == 0 ? name + style.dim(row.title) : name + "\(row.count)")
    }
    return .success
  }
}
