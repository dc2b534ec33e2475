import CLISupport
import TextFormats

/// Reads a CSV file as `lists export --format csv` writes it into the JSON objects that the
/// drafts decode, so that CSV and NDJSON imports share one set of field checks.
///
/// - The first record is the header: the field names.
/// - An empty cell is a missing value; cells of the columns named in `integers` are numbers,
///   those in `booleans` are `true` or `false`; every other cell is text.
/// - Unless `raw`, the `'` that the export puts in front of formula-like text is removed
///   (``CSVWriter/unprotected(_:)``), so an exported value is read back exactly.
struct CSVItemReader<Source: ByteSource> {
  private var records: CSVRecordReader<Source>
  private let raw: Bool
  private let integers: Set<String>
  private let booleans: Set<String>
  private var header: [String]?

  init(source: Source, raw: Bool, integers: Set<String>, booleans: Set<String>) {
    self.records = CSVRecordReader(source: source)
    self.raw = raw
    self.integers = integers
    self.booleans = booleans
  }

  /// The next item as a JSON object and the line its record starts on; nil at the end.
  /// - Throws: ``CLIError/badImportLine(line:reason:)`` for a record that is not CSV or does
  ///   not match the header; ``CLIError/other(_:_:)`` when reading fails.
  mutating func next() throws(CLIError) -> (line: Int, value: JSONValue)? {
    guard let header = try readHeader(), let record = try read() else { return nil }
    guard record.fields.count == header.count else {
      throw .badImportLine(
        line: record.line,
        reason: "the record has \(record.fields.count) fields and the header \(header.count).")
    }
    var members: [JSONObject.Member] = []
    members.reserveCapacity(header.count)
    for (name, cell) in zip(header, record.fields) {
      members.append(JSONObject.Member(key: name, value: value(of: cell, column: name)))
    }
    return (record.line, .object(JSONObject(members)))
  }

  private func value(of cell: String, column: String) -> JSONValue {
    if cell.isEmpty { return .null }
    if integers.contains(column) { return .number(cell) }
    if booleans.contains(column) {
      switch cell {
      case "true": return .bool(true)
      case "false": return .bool(false)
      default: return .string(cell)
      }
    }
    return .string(raw ? cell : CSVWriter.unprotected(cell))
  }

  private mutating func readHeader() throws(CLIError) -> [String]? {
    if let header { return header }
    guard let record = try read() else { return nil }
    var seen = Set<String>()
    for name in record.fields where !seen.insert(name).inserted {
      throw .badImportLine(line: record.line, reason: "the header names '\(TerminalEscaping.escape(name))' twice.")
    }
    header = record.fields
    return record.fields
  }

  private mutating func read() throws(CLIError) -> CSVRecordReader<Source>.Record? {
    do {
      return try records.next()
    } catch {
      switch error {
      case .strayQuote(let line):
        throw .badImportLine(line: line, reason: "not valid CSV: a quote inside an unquoted field.")
      case .unterminatedQuote(let line):
        throw .badImportLine(line: line, reason: "not valid CSV: a quoted field is never closed.")
      case .recordTooLong(let line, let limit):
        throw .badImportLine(line: line, reason: "the record is longer than \(limit) bytes.")
      case .readFailed(let failure):
        throw .other("Cannot read the input: \(System.describe(failure.errno)).", .ioError)
      }
    }
  }
}
