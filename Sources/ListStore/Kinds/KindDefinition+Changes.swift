import SQLiteCore

extension KindDefinition {
  /// The names of the three triggers that record the kind's changes in the outbox once it has
  /// a remote: `<kind>_changes_insert`, `_update` and `_delete`.
  public var changeTriggerNames: [String] {
    ["insert", "update", "delete"].map { name + "_changes_" + $0 }
  }

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
    return [insert, update, delete]
  }
}
