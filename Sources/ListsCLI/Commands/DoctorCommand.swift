import Glibc
import ListStore

/// `lists doctor`: integrity, schema version, migration checksums, and the kept counts against
/// the real ones. Never changes the file.
package enum DoctorCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let path = context.databasePath
    let out = context.stdout
    let style = context.stdoutStyle
    if Context.isNewDatabase(path) {
      out.writeLine("No database at \(TerminalEscaping.escape(path)) yet: it is created by the first write.")
      return .success
    }
    let report = try store { () throws(ListStoreError) in
      try HealthReport.inspect(
        path: path, busyTimeoutMilliseconds: Int32(clamping: context.globals.busyTimeoutMilliseconds))
    }
    func row(_ label: String, _ value: String) {
      out.writeLine(style.bold(label.padding(to: 11)) + value)
    }
    row("Database", TerminalEscaping.escape(path))
    row("Schema", "version \(report.schemaVersion) (this build knows up to \(report.supportedSchemaVersion))")
    // The check is skipped when the schema is too new to read.
    let integrity = report.integrity.prefix(10).map(TerminalEscaping.escape).joined(separator: "; ")
    row("Integrity", integrity.isEmpty ? "not checked" : integrity)
    for (index, migration) in report.migrations.enumerated() {
      let number = String(migration.number).leftPadded(to: 4, with: "0")
      row(index == 0 ? "Migrations" : "", "\(number) \(migration.name): \(migration.state.rawValue)")
    }
    for (index, count) in report.counts.enumerated() {
      let verdict = count.kept == count.actual ? "ok" : "kept \(count.kept), actual \(count.actual)"
      row(
        index == 0 ? "Counts" : "",
        "\(TerminalEscaping.escape(count.account)) \(count.list): \(count.actual) (\(verdict))")
    }
    if report.isHealthy {
      out.writeLine(style.green("Healthy."))
      return .success
    }
    // The report is the data; what is wrong is the error, one line each on stderr.
    out.flush()
    for problem in report.problems {
      context.stderr.write(ErrorRenderer.render(message: problem, style: context.stderrStyle))
    }
    return report.schemaVersion > report.supportedSchemaVersion ? .config : .ioError
  }
}

extension String {
  /// The string followed by spaces up to `width` characters.
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  /// The string preceded by `fill` up to `width` characters.
  func leftPadded(to width: Int, with fill: Character) -> String {
    count >= width ? self : String(repeating: fill, count: width - count) + self
  }
}
