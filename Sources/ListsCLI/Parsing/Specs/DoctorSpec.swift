import CLISupport

/// `lists doctor`.
package enum DoctorSpec {
  /// `--repair`.
  package static let repair = Flag(
    "--repair",
    help: "First make missing or changed indexes and triggers (and the table of counts) "
      + "again from the migrations, and set every kept count that differs from its list's "
      + "rows right (as after another program's INSERT OR REPLACE), then check.")

  /// The command.
  package static let command = CommandSpec(
    name: "doctor", abstract: "Checks the database file's integrity and schema.",
    discussion: "Reads the file and changes nothing, unless --repair is given.", id: .doctor,
    options: [repair.spec])
}
