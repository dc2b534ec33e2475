import CLISupport

/// The formats of `lists export --format`.
package enum ExportFormat: String, Sendable, CaseIterable, ArgumentValue {
  /// One JSON object a line, the fields of the JSON items.
  case ndjson
  /// RFC 4180 CSV with a header row.
  case csv

  /// The format called `text`.
  package init?(argumentText text: String) {
    self.init(rawValue: text)
  }
}
