#include <string.h>

#include "cbench_internal.h"

// The statements of Sources/ListStore/Sync/KindReplica+Pages.swift and SyncSchema.swift,
// as they are made for the orders kind. The sync tables, the outbox and the change triggers are
// made before the first page (as the store makes them at a kind's first sync); each page then
// runs what the store's pull runs: the schema check, the trigger and state lookups, the flag
// that keeps the page out of the outbox, per item the mapping lookup, the waiting-change check,
// the update or insert and the mapping with its walk, at the end of a complete walk the
// removal of what no page of it held, and the checkpoints read and kept.
static const char ready_sql[] =
  "SELECT (SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN ('list_sync', 'list_sync_items')\n"
  "    AND (sql NOT LIKE '%CONSTRAINT list_sync%values CHECK%'\n"
  "      OR (name = 'list_sync_items' AND NOT EXISTS\n"
  "        (SELECT 1 FROM pragma_table_info('list_sync_items') WHERE name = 'seen')))),\n"
  "  (SELECT count(*) FROM sqlite_schema WHERE name IN ('list_sync', 'list_sync_items', 'list_changes',\n"
  "    'list_sync_applying', 'list_sync_items_by_item', 'list_changes_by_item', 'list_changes_by_id',\n"
  "    'list_sync_checkpoints')),\n"
  "  (SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = 'list_changes_by_item'\n"
  "    AND sql != 'CREATE INDEX list_changes_by_item ON list_changes (item_id)')";
static const char checkpoint_exists_sql[] =
  "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'list_sync_checkpoints'";
static const char checkpoint_sql[] =
  "SELECT remote_url, checkpoint, walk_since FROM list_sync_checkpoints WHERE kind = ?1 AND account = ?2";
static const char checkpoint_save_sql[] =
  "INSERT OR REPLACE INTO list_sync_checkpoints (kind, account, remote_url, checkpoint, walk_since)\n"
  "VALUES (?1, ?2, ?3, ?4, ?5)";
static const char trigger_sql[] =
  "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND name = ?1";
static const char synced_sql[] =
  "SELECT count(*) FROM list_sync WHERE kind = ?1 AND account = ?2";
static const char flag_on_sql[] = "INSERT INTO list_sync_applying (writer) VALUES (1)";
static const char flag_off_sql[] = "DELETE FROM list_sync_applying";
static const char state_sql[] =
  "SELECT remote_url, last_success_at, last_attempt_at, error_kind, error_message, error_retryable,\n"
  "  error_page, next_cursor, next_page, complete, item_count, generation, refreshed_at\n"
  "FROM list_sync WHERE kind = ?1 AND account = ?2";
static const char lookup_sql[] =
  "SELECT item_id FROM list_sync_items WHERE kind = ?1 AND account = ?2 AND remote_id = ?3";
static const char waiting_sql[] =
  "SELECT count(*) FROM list_changes WHERE kind = ?1 AND account = ?2 AND item_id = ?3\n"
  "  AND (state = 'pending' OR state = 'sent')";
static const char update_sql[] =
  "UPDATE orders SET number = ?2, status = ?3, total_minor = ?4, currency = ?5, placed_at = ?6 "
  "WHERE account = ?1 AND id = ?7";
static const char insert_sql[] =
  "INSERT INTO orders (account, number, status, total_minor, currency, placed_at) "
  "VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
static const char map_sql[] =
  "INSERT OR REPLACE INTO list_sync_items (kind, account, remote_id, item_id, version, base, seen)\n"
  "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";
static const char drop_rows_sql[] =
  "DELETE FROM orders WHERE account = ?1 AND id IN (SELECT m.item_id FROM list_sync_items m\n"
  "  WHERE m.kind = ?2 AND m.account = ?1 AND m.seen != ?3\n"
  "    AND NOT EXISTS (SELECT 1 FROM list_changes c WHERE c.kind = ?2 AND c.account = ?1\n"
  "      AND c.item_id = m.item_id AND (c.state = 'pending' OR c.state = 'sent')))";
static const char drop_map_sql[] =
  "DELETE FROM list_sync_items WHERE kind = ?1 AND account = ?2 AND seen != ?3\n"
  "  AND NOT EXISTS (SELECT 1 FROM list_changes c WHERE c.kind = ?1 AND c.account = ?2\n"
  "    AND c.item_id = list_sync_items.item_id AND (c.state = 'pending' OR c.state = 'sent'))";
static const char save_sql[] =
  "INSERT OR REPLACE INTO list_sync (kind, account, remote_url, last_success_at, last_attempt_at,\n"
  "  error_kind, error_message, error_retryable, error_page, next_cursor, next_page, complete,\n"
  "  item_count, refreshed_at, generation)\n"
  "VALUES (?1, ?2, ?3, ?4, ?5, NULL, NULL, NULL, NULL, ?6, ?7, ?8, ?9, ?10, ?11)";

static int count_of(sqlite3_stmt *statement, int64_t *count) {
  int rc = sqlite3_step(statement);
  *count = rc == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : 0;
  sqlite3_reset(statement);
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static int step_done(sqlite3_stmt *statement) {
  int rc = sqlite3_step(statement);
  sqlite3_reset(statement);
  return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

static void bind_order(sqlite3_stmt *statement, const cbench_orders_input *orders, size_t i) {
  sqlite3_bind_text(statement, 1, orders->account, -1, SQLITE_STATIC);
  sqlite3_bind_text(statement, 2, orders->numbers[i], -1, SQLITE_STATIC);
  sqlite3_bind_text(statement, 3, orders->statuses[i], -1, SQLITE_STATIC);
  sqlite3_bind_int64(statement, 4, orders->total_minor[i]);
  sqlite3_bind_text(statement, 5, orders->currencies[i], -1, SQLITE_STATIC);
  sqlite3_bind_int64(statement, 6, orders->placed_at[i]);
}

static int write_page(cbench_db *db, const cbench_remote_page *page) {
  const cbench_orders_input *orders = page->orders;
  const char *account = orders->account;
  sqlite3_stmt *s;
  int rc;
  int64_t count = 0;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_EXISTS, ready_sql, &s))) return rc;
  if (sqlite3_step(s) != SQLITE_ROW) return SQLITE_ERROR;
  int ready = sqlite3_column_int64(s, 0) == 0 && sqlite3_column_int64(s, 1) == 8 && sqlite3_column_int64(s, 2) == 0;
  sqlite3_reset(s);
  if (!ready) return SQLITE_ERROR;  // made before the first page
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_TRIGGER, trigger_sql, &s))) return rc;
  sqlite3_bind_text(s, 1, "orders_changes_insert", -1, SQLITE_STATIC);
  if ((rc = count_of(s, &count))) return rc;
  if (count != 1) return SQLITE_ERROR;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_SYNCED, synced_sql, &s))) return rc;
  sqlite3_bind_text(s, 1, "orders", -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 2, account, -1, SQLITE_STATIC);
  if ((rc = count_of(s, &count))) return rc;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_FLAG_ON, flag_on_sql, &s))) return rc;
  if ((rc = step_done(s))) return rc;

  int64_t generation = 0, item_count = 0;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_STATE, state_sql, &s))) return rc;
  sqlite3_bind_text(s, 1, "orders", -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 2, account, -1, SQLITE_STATIC);
  if (sqlite3_step(s) == SQLITE_ROW) {
    generation = sqlite3_column_int64(s, 11);
    item_count = sqlite3_column_int64(s, 10);
  }
  sqlite3_reset(s);
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_CHECKPOINT_EXISTS, checkpoint_exists_sql, &s))) return rc;
  if ((rc = count_of(s, &count))) return rc;
  if (count == 1) {
    if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_CHECKPOINT, checkpoint_sql, &s))) return rc;
    sqlite3_bind_text(s, 1, "orders", -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, account, -1, SQLITE_STATIC);
    rc = sqlite3_step(s);
    sqlite3_reset(s);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return rc;
  }
  if (page->number == 1) {
    generation += 1;
    item_count = 0;
  }
  sqlite3_stmt *lookup, *waiting, *update, *insert, *map;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_LOOKUP, lookup_sql, &lookup))) return rc;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_WAITING, waiting_sql, &waiting))) return rc;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_UPDATE, update_sql, &update))) return rc;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_INSERT, insert_sql, &insert))) return rc;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_MAP, map_sql, &map))) return rc;
  for (size_t i = 0; rc == SQLITE_OK && i < orders->count; i++) {
    sqlite3_bind_text(lookup, 1, "orders", -1, SQLITE_STATIC);
    sqlite3_bind_text(lookup, 2, account, -1, SQLITE_STATIC);
    sqlite3_bind_int64(lookup, 3, page->remote_ids[i]);
    int found = sqlite3_step(lookup) == SQLITE_ROW;
    int64_t id = found ? sqlite3_column_int64(lookup, 0) : 0;
    sqlite3_reset(lookup);
    int written = 0;
    if (found) {
      sqlite3_bind_text(waiting, 1, "orders", -1, SQLITE_STATIC);
      sqlite3_bind_text(waiting, 2, account, -1, SQLITE_STATIC);
      sqlite3_bind_int64(waiting, 3, id);
      if ((rc = count_of(waiting, &count))) break;
      if (count > 0) {
        written = 1;  // the person's values stay; only the mapping is written
      } else {
        bind_order(update, orders, i);
        sqlite3_bind_int64(update, 7, id);
        if ((rc = step_done(update))) break;
        written = sqlite3_changes(db->handle) == 1;
      }
    }
    if (!written) {
      bind_order(insert, orders, i);
      if ((rc = step_done(insert))) break;
      id = sqlite3_last_insert_rowid(db->handle);
    }
    sqlite3_bind_text(map, 1, "orders", -1, SQLITE_STATIC);
    sqlite3_bind_text(map, 2, account, -1, SQLITE_STATIC);
    sqlite3_bind_int64(map, 3, page->remote_ids[i]);
    sqlite3_bind_int64(map, 4, id);
    sqlite3_bind_null(map, 5);
    sqlite3_bind_null(map, 6);
    sqlite3_bind_int64(map, 7, generation);
    if ((rc = step_done(map))) break;
  }
  if (rc != SQLITE_OK) return rc;
  if (page->next_cursor == NULL) {
    if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_DROP_ROWS, drop_rows_sql, &s))) return rc;
    sqlite3_bind_text(s, 1, account, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, "orders", -1, SQLITE_STATIC);
    sqlite3_bind_int64(s, 3, generation);
    if ((rc = step_done(s))) return rc;
    if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_DROP_MAP, drop_map_sql, &s))) return rc;
    sqlite3_bind_text(s, 1, "orders", -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, account, -1, SQLITE_STATIC);
    sqlite3_bind_int64(s, 3, generation);
    if ((rc = step_done(s))) return rc;
  }
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_SAVE, save_sql, &s))) return rc;
  sqlite3_bind_text(s, 1, "orders", -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 2, account, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 3, page->remote_url, -1, SQLITE_STATIC);
  sqlite3_bind_int64(s, 4, page->now);
  sqlite3_bind_int64(s, 5, page->now);
  if (page->next_cursor) {
    sqlite3_bind_text(s, 6, page->next_cursor, -1, SQLITE_STATIC);
  } else {
    sqlite3_bind_null(s, 6);
  }
  sqlite3_bind_int64(s, 7, page->number + 1);
  sqlite3_bind_int(s, 8, page->next_cursor == NULL);
  sqlite3_bind_int64(s, 9, item_count + (int64_t)orders->count);
  sqlite3_bind_int64(s, 10, page->now);
  sqlite3_bind_int64(s, 11, generation);
  if ((rc = step_done(s))) return rc;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_CHECKPOINT_SAVE, checkpoint_save_sql, &s))) return rc;
  sqlite3_bind_text(s, 1, "orders", -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 2, account, -1, SQLITE_STATIC);
  sqlite3_bind_text(s, 3, page->remote_url, -1, SQLITE_STATIC);
  sqlite3_bind_null(s, 4);
  sqlite3_bind_null(s, 5);
  if ((rc = step_done(s))) return rc;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_FLAG_OFF, flag_off_sql, &s))) return rc;
  return step_done(s);
}

int cbench_sync_write_page(cbench_db *db, const cbench_remote_page *page) {
  int rc = sqlite3_exec(db->handle, "BEGIN IMMEDIATE", NULL, NULL, NULL);
  if (rc != SQLITE_OK) return rc;
  rc = write_page(db, page);
  if (rc == SQLITE_OK) rc = sqlite3_exec(db->handle, "COMMIT", NULL, NULL, NULL);
  if (rc != SQLITE_OK && !sqlite3_get_autocommit(db->handle)) {
    sqlite3_exec(db->handle, "ROLLBACK", NULL, NULL, NULL);
  }
  return rc;
}
