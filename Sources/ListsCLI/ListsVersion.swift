/// The version of `lists`, in one place: `--version` and help print it.
package enum ListsVersion {
  /// The semantic version of this build, e.g. `0.1.0`.
  package static let current = "0.1.0"

  /// The line `lists --version` prints (without the newline): `lists 0.1.0`.
  package static var versionLine: String { "lists \(current)" }
}
