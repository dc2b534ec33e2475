import Foundation
import SQLiteCore
import TextFormats

/// What a database file holds, read with a raw connection, to compare before and after a
/// command: every schema object, a digest of every table's rows, the header values, the bytes.
struct FileSnapshot {
  /// One row of `sqlite_schema`.
  struct Object: Hashable, CustomStringConvertible {
    var type: String
    var name: String
    var table: String
    var sql: String

    var description: String { "\(type) \(name.debugDescription)" }
  }

  /// The rows of one table: how many, and a digest of their exact values (type and bytes).
  struct Rows: Equatable {
    var count: Int
    var digest: String
  }

  /// Schema objects by name.
  var objects: [String: Object]
  /// The rows of every real table (not of virtual tables: their shadow tables hold the data).
  var rows: [String: Rows]
  var userVersion: Int64
  var applicationID: Int64
  /// The `name` column of `list_kinds`, when it can be read.
  var kinds: Set<String>
  /// The file's bytes.
  var bytes: Data

  /// Reads the snapshot of `path` (recovering nothing: the file must have no `-wal` left).
  static func read(_ path: String) throws -> FileSnapshot {
    let bytes = FileManager.default.contents(atPath: path) ?? Data()
    let connection = try Connection(path: path, options: .init(create: false, readOnly: true))
    connection.setBusyTimeout(milliseconds: 10_000)
    var objects: [String: Object] = [:]
    let schema = try connection.prepare("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema")
    while try schema.step() {
      let object = Object(
        type: schema.text(at: 0), name: schema.text(at: 1), table: schema.text(at: 2), sql: schema.text(at: 3))
      objects[object.name] = object
    }
    var rows: [String: Rows] = [:]
    for object in objects.values where object.type == "table" && !object.sql.uppercased().hasPrefix("CREATE VIRTUAL") {
      rows[object.name] = try Self.rows(of: object.name, connection)
    }
    var kinds: Set<String> = []
    if objects["list_kinds"]?.type == "table" {
      kinds = Set((try? connection.textColumn("SELECT CAST(name AS TEXT) FROM list_kinds")) ?? [])
    }
    return FileSnapshot(
      objects: objects, rows: rows, userVersion: try connection.scalarInt("PRAGMA user_version") ?? 0,
      applicationID: try connection.scalarInt("PRAGMA application_id") ?? 0, kinds: kinds, bytes: bytes)
  }

  /// `name` as an SQL identifier.
  static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

  /// Every row of `table` as `quote()` of each column (exact type and value), sorted, digested.
  private static func rows(of table: String, _ connection: Connection) throws -> Rows {
    let columns = try connection.textColumn(
      "SELECT name FROM pragma_table_info(" + HostileEdits.literal(table) + ")")
    guard !columns.isEmpty else { return Rows(count: 0, digest: "") }
    let row = columns.map { "quote(\(quoted($0)))" }.joined(separator: " || char(31) || ")
    let lines = try connection.textColumn("SELECT \(row) FROM \(quoted(table))").sorted()
    return Rows(count: lines.count, digest: sha256Hex(Array(lines.joined(separator: "\u{1E}").utf8)))
  }

  /// The FTS5 tables of a searchable kind `kind`: the index and its shadow tables.
  static func searchFamily(of kind: String) -> Set<String> {
    let table = kind + "_search"
    return Set([table] + ["data", "idx", "content", "docsize", "config"].map { table + "_" + $0 })
  }

  /// The search tables of `kind` in this file: its ``searchFamily(of:)`` but any of those names
  /// that is another kind's table.
  func searchTables(of kind: String) -> Set<String> {
    Self.searchFamily(of: kind).subtracting(kindTables.subtracting([kind]))
  }

  /// The names of the tables that hold a kind's items: `list_kinds` names with a table.
  var kindTables: Set<String> {
    Set((kinds.isEmpty ? ["favorites", "addresses", "orders", "books", "films", "notes"] : kinds).filter {
      objects[$0]?.type == "table"
    })
  }

  /// Whether `object` is one the package derives for the kind `kind`: its table, an index or
  /// trigger on it, its FTS5 tables and their triggers — unless it is another kind's table.
  func isDerived(_ object: Object, from kind: String) -> Bool {
    if object.name != kind && kindTables.contains(object.name) { return false }
    let family = Self.searchFamily(of: kind)
    return object.name == kind || object.table == kind || family.contains(object.name) || family.contains(object.table)
  }

  /// Whether `object` is derived from some kind of this file.
  func isDerivedFromAKind(_ object: Object) -> Bool {
    kindTables.contains { isDerived(object, from: $0) }
  }
}
