import SQLiteCore

extension KindDefinition {
  /// The SQL that registering the kind runs, in order: the table, its indexes, and the triggers
  /// that keep its count in `list_counts`. It is stored with the kind's migration record and
  /// shown by `lists kinds show`, so a person can read exactly what ran.
  ///
  /// Names are validated identifiers (``validate()``), and quoted all the same by the one
  /// function that writes every name into SQL (`SQLText.identifier`); texts (enum values,
  /// defaults, patterns) are SQL string literals with quotes doubled (`SQLText.literal`).
  public var schemaSQL: [String] {
    [tableSQL] + indexSQL + triggerSQL
  }

  /// `CREATE TABLE` for the kind: `id` (never given twice), `account`, a column (two for money) per field, and
  /// `added_at` where implicit; STRICT, with a CHECK for every limit SQL can hold and a default
  /// for every optional column, so another program's plain INSERT of the required columns works.
  public var tableSQL: String {
    var lines = [
      // AUTOINCREMENT: an id is never given twice, not after the item holding the largest
      // one is removed (a change waiting for the old item must never reach a new one).
      "id INTEGER PRIMARY KEY AUTOINCREMENT",
      "account TEXT NOT NULL DEFAULT 'default' CHECK (length(account) > 0)",
    ]
    for field in fields { lines += Self.columnSQL(field) }
    if hasImplicitAddedAt { lines.append("added_at INTEGER NOT NULL DEFAULT \(Self.nowSQL)") }
    return "CREATE TABLE \(sqlName) (\n  " + lines.joined(separator: ",\n  ") + "\n) STRICT"
  }

  /// The indexes: the page index in the list's order, one for the unique rule, one per
  /// one-per-account field, and the filter index of each enum and bool field
  /// (``filterIndexSQL(for:)``).
  public var indexSQL: [String] {
    var statements = ["CREATE INDEX \(SQLText.identifier(pageIndexName)) ON \(sqlName) (account, \(orderIndexColumns))"]
    if let unique {
      let columns = unique.fields.map { field -> String in
        let notNull = self.field(named: field)?.isNotNull ?? true
        // NULLs are distinct in a SQLite unique index; a missing value is one value here.
        return notNull ? SQLText.identifier(field) : "ifnull(\(SQLText.identifier(field)), X'00')"
      }
      statements.append(
        "CREATE UNIQUE INDEX \(SQLText.identifier(uniqueIndexName)) ON \(sqlName) (account, \(columns.joined(separator: ", ")))")
    }
    for field in fields where field.onePerAccount { statements.append(onePerAccountIndexSQL(for: field)) }
    return statements + fields.compactMap(filterIndexSQL(for:))
  }

  /// The unique index that lets at most one item of an account have the bool `field` set.
  func onePerAccountIndexSQL(for field: FieldDefinition) -> String {
    let column = SQLText.identifier(field.name)
    return "CREATE UNIQUE INDEX \(SQLText.identifier(onePerAccountIndexName(field))) ON \(sqlName) (account) WHERE \(column) = 1"
  }

  /// The kind's name as SQL names its table.
  var sqlName: String { SQLText.identifier(name) }

  /// The name of the page index: `<kind>_page`.
  var pageIndexName: String { name + "_page" }
  /// The name of the unique rule's index: `<kind>_unique`.
  var uniqueIndexName: String { name + "_unique" }
  /// The name of the index of a one-per-account field: `<kind>_one_<field>`.
  func onePerAccountIndexName(_ field: FieldDefinition) -> String { name + "_one_" + field.name }
  /// The name of the filter index of an enum or bool field: `<kind>_by_<field>`.
  func filterIndexName(_ field: FieldDefinition) -> String { name + "_by_" + field.name }
  /// The names of the triggers that keep the count, for an insert, a delete and an update.
  var countTriggerNames: [String] { ["insert", "delete", "update"].map { name + "_counted_" + $0 } }

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
    guard field.type.rules.hasFilterIndex else { return nil }
    guard effectiveOrder.first?.field != field.name else { return nil }
    return "CREATE INDEX \(SQLText.identifier(filterIndexName(field))) ON \(sqlName) "
      + "(account, \(SQLText.identifier(field.name)), \(orderIndexColumns))"
  }

  /// The order's columns as an index lists them, with their collations and directions.
  private var orderIndexColumns: String {
    effectiveOrder.map { term in
      SQLText.identifier(term.field) + (collation(of: term.field).map { " COLLATE \($0)" } ?? "") + (term.descending ? " DESC" : "")
    }.joined(separator: ", ")
  }

  /// The three triggers that keep the kind's row in `list_counts` in step with its rows, in the
  /// same transaction, also for plain SQL from other programs: the same SQL the built-in lists
  /// have had since the first migration.
  public var triggerSQL: [String] {
    let add = """
      INSERT INTO list_counts (account, list, item_count, version) VALUES (NEW.account, \(SQLText.literal(name)), 1, 1)
        ON CONFLICT (account, list) DO UPDATE SET item_count = item_count + 1, version = version + 1;
      """
    let remove = """
      UPDATE list_counts SET item_count = item_count - 1, version = version + 1
        WHERE account = OLD.account AND list = \(SQLText.literal(name));
      """
    let triggers = countTriggerNames.map(SQLText.identifier)
    return [
      "CREATE TRIGGER \(triggers[0]) AFTER INSERT ON \(sqlName) BEGIN\n  \(add)\nEND",
      "CREATE TRIGGER \(triggers[1]) AFTER DELETE ON \(sqlName) BEGIN\n  \(remove)\nEND",
      "CREATE TRIGGER \(triggers[2]) AFTER UPDATE ON \(sqlName) BEGIN\n  \(remove)\n  \(add)\nEND",
    ]
  }

  /// The names of the schema objects the kind makes, which the file must not already use.
  public var schemaObjectNames: [String] {
    var names = [name, pageIndexName] + countTriggerNames + changeTriggerNames
    if unique != nil { names.append(uniqueIndexName) }
    for field in fields where field.onePerAccount { names.append(onePerAccountIndexName(field)) }
    for field in fields where filterIndexSQL(for: field) != nil { names.append(filterIndexName(field)) }
    return names + searchSchemaObjectNames
  }

  /// The current time in integer Unix milliseconds, as SQL, for column defaults.
  static let nowSQL = "(CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER))"

  private func collation(of column: String) -> String? {
    field(named: column)?.caseInsensitive == true ? "NOCASE" : nil
  }

  /// The column definitions of `field`, as `CREATE TABLE` and `ALTER TABLE ADD COLUMN` take them.
  static func columnSQL(_ field: FieldDefinition) -> [String] {
    let name = SQLText.identifier(field.name)
    let notNull = field.isNotNull ? " NOT NULL" : ""
    var defaultSQL = ""
    if let value = field.defaultValue {
      switch value {
      case .text(let text): defaultSQL = " DEFAULT " + SQLText.literal(text)
      case .integer(let number): defaultSQL = " DEFAULT \(number)"
      case .bool(let flag): defaultSQL = " DEFAULT \(flag ? 1 : 0)"
      case .now: defaultSQL = " DEFAULT " + nowSQL
      }
    }
    return field.type.rules.columnSQL(field, name: name, notNull: notNull, defaultSQL: defaultSQL)
  }

  /// ` CHECK (a AND b)` of `conditions`; nothing for none.
  static func checkSQL(_ conditions: [String]) -> String {
    conditions.isEmpty ? "" : " CHECK (" + conditions.joined(separator: " AND ") + ")"
  }
}
