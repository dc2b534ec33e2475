import ListPaging
import ListStore

/// `lists`: every list with its count, or its empty placeholder title.
package enum OverviewCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let database = try context.openForReading()
    let kinds = try store { () throws(ListStoreError) in try database.kinds().map(\.definition) }
    let catalog = PlaceholderCatalog.commandLine(for: kinds)
    var rows: [[String]] = []
    for definition in kinds {
      let count = try store { () throws(ListStoreError) in
        try database.items(of: definition.name, account: context.account).count()
      }
      rows.append([definition.name, count == 0 ? catalog.emptyPlaceholder(list: definition.name).title : String(count)])
    }
    let style = context.stdoutStyle
    let width = max(11, (rows.map(\.[0].count).max() ?? 0) + 2)
    for row in rows {
      let name = row[0].padding(to: width)
      context.stdout.writeLine(style.bold(name) + (row[1].first?.isNumber == true ? row[1] : style.dim(row[1])))
    }
    return .success
  }
}
