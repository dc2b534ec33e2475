import CSQLite

/// The version of the SQLite library linked at run time, e.g. `3.40.1`.
public var sqliteVersion: String { String(cString: sqlite3_libversion()) }
