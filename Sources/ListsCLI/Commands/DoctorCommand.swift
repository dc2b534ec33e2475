import CLISupport
import ListStore

/// `lists doctor`: integrity, schema version, migration checksums, the indexes and triggers the
/// migrations make, and the kept counts against the real ones; a warning when other users may
/// read or write the file. Changes the file only with `--repair`, which first makes missing
/// indexes and triggers again and recounts the lists.
package enum DoctorCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let path = context.databasePath
    let out = context.stdout
    let style = context.stdoutStyle
    if Context.isNewDatabase(path) {
      out.writeLine("No database at \(path) yet: it is created by the first write.")
      return .success
    }
    if parsed[DoctorSpec.repair] {
      let database = try context.openForReading()
      let repair = try store { () throws(ListStoreError) in try database.repair() }
      for object in repair.recreated { out.writeLine("Recreated the \(object).") }
      if repair.removedCountRows > 0 {
        out.writeLine(
          "Removed \(repair.removedCountRows) row(s) of list_counts that counted no known list.")
      }
      for count in repair.recounted {
        out.writeLine(
          "Recounted \(count.list) for account '\(count.account)': "
            + "kept \(count.kept), now \(count.actual).")
      }
      for reason in repair.leftAlone {
        out.writeLine("Left alone: \(reason).")
      }
      for reason in repair.notRepaired {
        out.writeLine("Nothing was repaired: \(reason)")
      }
      if repair.isEmpty && repair.notRepaired.isEmpty && repair.leftAlone.isEmpty {
        out.writeLine("Every kept count was right; nothing to repair.")
      }
    }
    var report = try store { () throws(ListStoreError) in
      try HealthReport.inspect(
        path: path, busyTimeoutMilliseconds: Int32(clamping: context.globals.busyTimeoutMilliseconds))
    }
    // What the command line makes of the file's kinds: a kind whose options clash is damage to
    // it (the store keeps such a kind, and cannot tell).
    if let damage = KindCatalog.read(atPath: path).damage, !report.problems.contains(damage.message) {
      report.problems.append(damage.message)
      if report.verdict == nil { report.verdict = damage }
    }
    func row(_ label: TerminalText, _ value: TerminalText) {
      out.writeLine(style.bold(label.padding(to: 11)) + value)
    }
    row("Database", "\(path)")
    row("Schema", "version \(report.schemaVersion) (this build knows up to \(report.supportedSchemaVersion))")
    row(
      "Integrity",
      report.integrity.isEmpty
        ? "not checked" : "\(report.integrity.prefix(10).joined(separator: "; "))")
    for (index, migration) in report.migrations.enumerated() {
      let number = String(migration.number).leftPadded(to: 4, with: "0")
      row(index == 0 ? "Migrations" : "", "\(number) \(migration.name): \(migration.state.rawValue)")
    }
    for (index, count) in report.counts.enumerated() {
      let verdict = count.kept == count.actual ? "ok" : "kept \(count.kept), actual \(count.actual)"
      row(
        index == 0 ? "Counts" : "",
        "\(count.account) \(count.list): \(count.actual) (\(verdict))")
    }
    for (index, search) in report.searchIndexes.enumerated() {
      row(index == 0 ? "Search" : "", "\(search.kind): \(search.table) \(search.state.rawValue)")
    }
    // A warning is not a problem: the file is sound, and its mode is the owner's choice.
    for warning in report.warnings {
      out.writeLine(style.yellow("Warning: ") + "\(warning)")
    }
    if report.isHealthy {
      out.writeLine(style.green("Healthy."))
      return .success
    }
    for problem in report.problems { out.writeLine(style.red("Problem: ") + "\(problem)") }
    // The report is the data; the verdict is the one line on stderr every failure ends with.
    out.flush()
    let verdict = report.verdict?.message ?? report.problems[0]
    context.stderr.write(TerminalText(rendered: ErrorRenderer.render(message: verdict, style: context.stderrStyle)))
    return report.verdict.map(CLIError.exitCode(for:)) ?? .ioError
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
