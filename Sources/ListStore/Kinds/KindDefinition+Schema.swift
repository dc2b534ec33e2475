extension KindDefinition {
  /// The SQL that registering the kind runs, in order: the table, its indexes, and the triggers
  /// that keep its count in `list_counts`. It is stored with the kind's migration record and
  /// shown by `lists kinds show`, so a person can read exactly what ran.
  ///
  /// Names are validated identifiers (``validate()``), written as they are; texts (enum values,
  /// defaults, patterns) are SQL string literals with quotes doubled.
  public var schemaSQL: [String] {
    [tableSQL] + indexSQL + triggerSQL
  }

  /// `CREATE TABLE` for the kind: `id`, `account`, a column (two for money) per field, and
  /// `added_at` where implicit; STRICT, with a CHECK for every limit SQL can hold and a default
  /// for every optional column, so another program's plain INSERT of the required columns works.
  public var tableSQL: String {
    var lines = [
      "id INTEGER PRIMARY KEY",
      "account TEXT NOT NULL DEFAULT 'default' CHECK (length(account) > 0)",
    ]
    for field in fields { lines += Self.columnSQL(field) }
    if hasImplicitAddedAt { lines.append("added_at INTEGER NOT NULL DEFAULT \(Self.nowSQL)") }
    return "CREATE TABLE \(name) (\n  " + lines.joined(separator: ",\n  ") + "\n) STRICT"
  }

  /// The indexes: the page index in the list's order, one for the unique rule, one per
  /// one-per-account field, and the filter index of each enum and bool field
  /// (``filterIndexSQL(for:)``).
  public var indexSQL: [String] {
    var statements = ["CREATE INDEX \(name)_page ON \(name) (account, \(orderIndexColumns))"]
    if let unique {
      let columns = unique.fields.map { field -> String in
        let notNull = self.field(named: field)?.isNotNull ?? true
        // NULLs are distinct in a SQLite unique index; a missing value is one value here.
        return notNull ? field : "ifnull(\(field), X'00')"
      }
      statements.append("CREATE UNIQUE INDEX \(name)_unique ON \(name) (account, \(columns.joined(separator: ", ")))")
    }
    for field in fields where field.onePerAccount {
      statements.append(
        "CREATE UNIQUE INDEX \(name)_one_\(field.name) ON \(name) (account) WHERE \(field.name) = 1")
    }
    return statements + fields.compactMap(filterIndexSQL(for:))
  }

  /// The index that serves a filter on `field` in the list's order, when the field is an enum
  /// or a bool: `CREATE INDEX <kind>_by_<field> ON <kind> (account, <field>, <order columns>)`.
  ///
  /// The rule: a filter on an enum or bool field (`status=shipped`) keeps a share of the list
  /// that the page index cannot seek, so each such field gets an index that starts with it and
  /// then follows the order; a page of the filter then reads only matching rows, in order, and
  /// costs the same however deep it is. Nil for other types (a filter on them reads the page
  /// index and skips the rows that do not match), and for a field the order already starts
  /// with, whose filter the page index serves.
  public func filterIndexSQL(for field: FieldDefinition) -> String? {
    switch field.type {
    case .enumeration, .bool: break
    case .text, .integer, .timestamp, .money: return nil
    }
    guard effectiveOrder.first?.field != field.name else { return nil }
    return "CREATE INDEX \(name)_by_\(field.name) ON \(name) (account, \(field.name), \(orderIndexColumns))"
  }

  /// The order's columns as an index lists them, with their collations and directions.
  private var orderIndexColumns: String {
    effectiveOrder.map { term in
      term.field + (collation(of: term.field).map { " COLLATE \($0)" } ?? "") + (term.descending ? " DESC" : "")
    }.joined(separator: ", ")
  }

  /// The three triggers that keep the kind's row in `list_counts` in step with its rows, in the
  /// same transaction, also for plain SQL from other programs: the same SQL the built-in lists
  /// have had since the first migration.
  public var triggerSQL: [String] {
    let add = """
      INSERT INTO list_counts (account, list, item_count, version) VALUES (NEW.account, '\(name)', 1, 1)
        ON CONFLICT (account, list) DO UPDATE SET item_count = item_count + 1, version = version + 1;
      """
    let remove = """
      UPDATE list_counts SET item_count = item_count - 1, version = version + 1
        WHERE account = OLD.account AND list = '\(name)';
      """
    return [
      "CREATE TRIGGER \(name)_counted_insert AFTER INSERT ON \(name) BEGIN\n  \(add)\nEND",
      "CREATE TRIGGER \(name)_counted_delete AFTER DELETE ON \(name) BEGIN\n  \(remove)\nEND",
      "CREATE TRIGGER \(name)_counted_update AFTER UPDATE ON \(name) BEGIN\n  \(remove)\n  \(add)\nEND",
    ]
  }

  /// The names of the schema objects the kind makes, which the file must not already use.
  public var schemaObjectNames: [String] {
    var names = [name, name + "_page", name + "_counted_insert", name + "_counted_delete", name + "_counted_update"]
    if unique != nil { names.append(name + "_unique") }
    for field in fields where field.onePerAccount { names.append(name + "_one_" + field.name) }
    for field in fields where filterIndexSQL(for: field) != nil { names.append(name + "_by_" + field.name) }
    return names + searchSchemaObjectNames
  }

  /// The current time in integer Unix milliseconds, as SQL, for column defaults.
  static let nowSQL = "(CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER))"

  private func collation(of column: String) -> String? {
    field(named: column)?.caseInsensitive == true ? "NOCASE" : nil
  }

  /// The column definitions of `field`, as `CREATE TABLE` and `ALTER TABLE ADD COLUMN` take them.
  static func columnSQL(_ field: FieldDefinition) -> [String] {
    let name = field.name
    let notNull = field.isNotNull ? " NOT NULL" : ""
    var defaultSQL = ""
    if let value = field.defaultValue {
      switch value {
      case .text(let text): defaultSQL = " DEFAULT " + literal(text)
      case .integer(let number): defaultSQL = " DEFAULT \(number)"
      case .bool(let flag): defaultSQL = " DEFAULT \(flag ? 1 : 0)"
      case .now: defaultSQL = " DEFAULT " + nowSQL
      }
    }
    switch field.type {
    case .text(let maxLength, let pattern):
      var checks: [String] = []
      if field.required { checks.append("length(\(name)) > 0") }
      if let maxLength { checks.append("length(\(name)) <= \(maxLength)") }
      if let pattern { checks.append("\(name) GLOB \(literal(pattern))") }
      let collate = field.caseInsensitive ? " COLLATE NOCASE" : ""
      return ["\(name) TEXT\(notNull)\(collate)\(defaultSQL)\(check(checks))"]
    case .integer(let min, let max):
      var checks: [String] = []
      if let min { checks.append("\(name) >= \(min)") }
      if let max { checks.append("\(name) <= \(max)") }
      return ["\(name) INTEGER\(notNull)\(defaultSQL)\(check(checks))"]
    case .bool:
      return ["\(name) INTEGER\(notNull)\(defaultSQL) CHECK (\(name) = 0 OR \(name) = 1)"]
    case .timestamp:
      return ["\(name) INTEGER\(notNull)\(defaultSQL)"]
    case .enumeration(let values):
      // An OR chain, not IN (...): SQLite builds a temporary table for an IN list per row.
      let chain = values.map { "\(name) = \(literal($0))" }.joined(separator: " OR ")
      return ["\(name) TEXT\(notNull)\(defaultSQL) CHECK (\(chain))"]
    case .money:
      let minor = field.columns[0]
      let currency = field.columns[1]
      // Both columns or neither: a column constraint (SQLite lets it name the other column), so
      // that a money field added later is one ALTER TABLE ADD COLUMN each.
      let pair = field.isNotNull ? "" : " AND ((\(minor) IS NULL) = (\(currency) IS NULL))"
      return [
        "\(minor) INTEGER\(notNull) CHECK (\(minor) >= 0)",
        "\(currency) TEXT\(notNull) CHECK (length(\(currency)) = 3 AND \(currency) GLOB '[A-Z][A-Z][A-Z]'\(pair))",
      ]
    }
  }

  private static func check(_ conditions: [String]) -> String {
    conditions.isEmpty ? "" : " CHECK (" + conditions.joined(separator: " AND ") + ")"
  }

  /// `text` as a SQL string literal.
  static func literal(_ text: String) -> String {
    "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
  }
}
