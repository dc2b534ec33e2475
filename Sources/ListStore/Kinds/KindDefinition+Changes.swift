import SQLiteCore

extension KindDefinition {
  /// The names of the triggers a synced kind's table has: the three that record its changes in
  /// the outbox (`<kind>_changes_insert`, `_update` and `_delete`) and the one that keeps the id
  /// and account of its synced items (`<kind>_changes_identity`).
  public var changeTriggerNames: [String] {
    ["insert", "update", "delete", "identity"].map { name + "_changes_" + $0 }
  }

  /// The message of the statement the file refuses: an `UPDATE` of the `id` or `account` of an
  /// item of an account that has a remote.
  public static let identityRuleMessage =
    "the id and account of an item of a synced list do not change; remove the item and add it instead"

  /// The triggers that record every write to the kind's items of an account with a remote as a
  /// pending change in `list_changes`, in the write's own transaction — the store's writes and
  /// any other program's plain SQL alike — and fold it into the item's change not sent yet:
  ///
  /// - an insert is an `add`;
  /// - an update adds nothing to a pending `add` (the add sends the item's values when it is
  ///   sent), joins its changed fields to a pending `update`, and is otherwise an `update` of
  ///   the fields whose columns changed;
  /// - a delete drops the item's pending change (an add that was never sent then sends
  ///   nothing), and is a `remove` when the remote knows the item or an add of it is on its way.
  ///
  /// A change already sent is never folded into: it may have been applied, and is resent as it
  /// was. The sync's own writes of remote pages are left out: they run while
  /// `list_sync_applying` holds a row, which only the sync's uncommitted transaction ever sees.
  public var changeTriggerSQL: [String] {
    let kind = SQLText.literal(name)
    let table = sqlName
    let triggers = changeTriggerNames.map(SQLText.identifier)
    func recorded(_ row: String) -> String {
      "NOT EXISTS (SELECT 1 FROM list_sync_applying) AND EXISTS "
        + "(SELECT 1 FROM list_sync WHERE kind = \(kind) AND account = \(row).account)"
    }
    func item(_ row: String) -> String {
      "kind = \(kind) AND account = \(row).account AND item_id = \(row).id"
    }
    // The JSON array of the fields whose columns the update changed, in the definition's order.
    let changed =
      "(SELECT json_group_array(name) FROM ("
      + fields.map { field in
        let test = field.columns.map(SQLText.identifier).map { "OLD.\($0) IS NOT NEW.\($0)" }
          .joined(separator: " OR ")
        return "SELECT \(SQLText.literal(field.name)) AS name WHERE \(test)"
      }.joined(separator: " UNION ALL ") + "))"
    let insert = """
      CREATE TRIGGER \(triggers[0]) AFTER INSERT ON \(table) WHEN \(recorded("NEW")) BEGIN
        INSERT INTO list_changes (kind, account, item_id, op) VALUES (\(kind), NEW.account, NEW.id, 'add');
      END
      """
    let update = """
      CREATE TRIGGER \(triggers[1]) AFTER UPDATE ON \(table) WHEN \(recorded("NEW")) BEGIN
        UPDATE list_changes SET fields = (SELECT json_group_array(value) FROM
            (SELECT value FROM json_each(list_changes.fields) UNION SELECT value FROM json_each(\(changed))))
          WHERE \(item("NEW")) AND state = 'pending' AND op = 'update';
        INSERT INTO list_changes (kind, account, item_id, op, fields)
          SELECT \(kind), NEW.account, NEW.id, 'update', \(changed)
          WHERE json_array_length(\(changed)) > 0
            AND NOT EXISTS (SELECT 1 FROM list_changes WHERE \(item("NEW")) AND state = 'pending');
      END
      """
    let delete = """
      CREATE TRIGGER \(triggers[2]) AFTER DELETE ON \(table) WHEN \(recorded("OLD")) BEGIN
        DELETE FROM list_changes WHERE \(item("OLD")) AND state = 'pending';
        INSERT INTO list_changes (kind, account, item_id, op)
          SELECT \(kind), OLD.account, OLD.id, 'remove'
          WHERE EXISTS (SELECT 1 FROM list_sync_items WHERE \(item("OLD")))
            OR EXISTS (SELECT 1 FROM list_changes WHERE \(item("OLD")) AND state = 'sent' AND op = 'add');
      END
      """
    // Moving an item to another id or account would leave its remote id and its changes on an
    // item that no longer holds them: the remote would be sent changes for the wrong item, or
    // none at all. Checked for the account left and the account joined.
    let identity = """
      CREATE TRIGGER \(triggers[3]) BEFORE UPDATE OF id, account ON \(table)
        WHEN (OLD.id IS NOT NEW.id OR OLD.account IS NOT NEW.account)
          AND (EXISTS (SELECT 1 FROM list_sync WHERE kind = \(kind) AND account = OLD.account)
            OR EXISTS (SELECT 1 FROM list_sync WHERE kind = \(kind) AND account = NEW.account)) BEGIN
        SELECT RAISE(ABORT, \(SQLText.literal(Self.identityRuleMessage)));
      END
      """
    return [insert, update, delete, identity]
  }

  /// Gives the kind's table the triggers of ``changeTriggerSQL`` made from this definition, in
  /// the caller's transaction: when `replacing`, any the table has are dropped first (a change
  /// of definition: the update trigger names every field); otherwise only when one is missing
  /// (a file synced by an earlier build has fewer).
  func installChangeTriggers(_ connection: Connection, replacing: Bool) throws {
    let present = try connection.cachedStatement(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name = ?1")
    var count = 0
    for name in changeTriggerNames {
      try present.bind(name, at: 1)
      if try present.step(), present.int64(at: 0) > 0 { count += 1 }
      present.reset()
    }
    if count == 0 && replacing { return }
    if count == changeTriggerNames.count && !replacing { return }
    for name in changeTriggerNames { try connection.execute("DROP TRIGGER IF EXISTS \(SQLText.identifier(name))") }
    for sql in changeTriggerSQL { try connection.execute(sql) }
  }
}
