/// How the names and texts a program holds are written into the SQL it makes.
///
/// Every identifier a statement names that is not a literal of the program's own source — a
/// table, a column, an index, a trigger, a full-text table or its shadow tables — goes through
/// ``identifier(_:)``, and every text through ``literal(_:)``: one way each, so no name or text
/// read from a file can end a statement or start another.
public enum SQLText {
  /// `name` as an SQL identifier: in double quotes, each `"` in it doubled, so that it is read
  /// as one name whatever it holds (`books` → `"books"`, `a"b` → `"a""b"`).
  public static func identifier(_ name: String) -> String {
    // Most names hold no quote: one concatenation, no split (a kind's statements quote every
    // column name, at each open of a file).
    guard name.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + name + "\"" }
    return "\"" + name.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
  }

  /// `text` as an SQL string literal: in single quotes, each `'` in it doubled
  /// (`it's` → `'it''s'`).
  public static func literal(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "'")) else { return "'" + text + "'" }
    return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
  }
}
