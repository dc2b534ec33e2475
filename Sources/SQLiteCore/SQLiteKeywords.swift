import CSQLite

/// SQLite's own list of keywords, as the linked library knows them.
///
/// A name that is a keyword (`select`, `order`, `index`, ...) can only be used as an identifier
/// when quoted; names made from user input are kept clear of them, so that the SQL made from
/// them reads plainly in the `sqlite3` shell. See https://sqlite.org/lang_keywords.html
public enum SQLiteKeywords {
  /// Whether `name` (in any case) is a keyword of SQLite.
  public static func contains(_ name: String) -> Bool {
    var name = name
    return name.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        sqlite3_keyword_check(chars.baseAddress, Int32(chars.count)) != 0
      }
    }
  }
}
