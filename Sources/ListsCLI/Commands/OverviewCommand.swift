import ListPaging
import ListStore

/// `lists`: every list with its count, or its empty placeholder title.
package enum OverviewCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let database = try context.openForReading()
    let catalog = PlaceholderCatalog()
    var rows: [[String]] = []
    for list in ListKind.allCases {
      let count = try store { () throws(ListStoreError) in
        try ClearCommand.itemCount(of: list, database, context.account)
      }
      rows.append([list.rawValue, count == 0 ? catalog.emptyPlaceholder(list: list.rawValue).title : String(count)])
    }
    let style = context.stdoutStyle
    for row in rows {
      let name = row[0].padding(to: 11)
      context.stdout.writeLine(style.bold(name) + (row[1].first?.isNumber == true ? row[1] : style.dim(row[1])))
    }
    return .success
  }
}
