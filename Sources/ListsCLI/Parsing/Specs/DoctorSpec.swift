/// `lists doctor`.
package enum DoctorSpec {
  /// The command.
  package static let command = CommandSpec(
    name: "doctor", abstract: "Checks the database file's integrity and schema.", id: .doctor)
}
