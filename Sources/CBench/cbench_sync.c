#include <stdlib.h>
#include <string.h>

#include "cbench_internal.h"

// The statements of Sources/ListStore/Repositories/KindItems+Sync.swift and SyncSchema.swift,
// as they are made for the orders kind.
static const char create_sql[] =
  "CREATE TABLE IF NOT EXISTS list_sync (\n"
  "  kind TEXT NOT NULL,\n  account TEXT NOT NULL,\n  remote_url TEXT NOT NULL,\n"
  "  last_success_at INTEGER,\n  last_attempt_at INTEGER,\n  error_kind TEXT,\n"
  "  error_message TEXT,\n  error_retryable INTEGER,\n  error_page INTEGER,\n"
  "  next_cursor TEXT,\n  next_page INTEGER NOT NULL DEFAULT 1,\n"
  "  complete INTEGER NOT NULL DEFAULT 0,\n  item_count INTEGER NOT NULL DEFAULT 0,\n"
  "  refreshed_at INTEGER,\n  generation INTEGER NOT NULL DEFAULT 0,\n"
  "  PRIMARY KEY (kind, account)\n) WITHOUT ROWID;\n"
  "CREATE TABLE IF NOT EXISTS list_sync_items (\n"
  "  kind TEXT NOT NULL,\n  account TEXT NOT NULL,\n  remote_id NOT NULL,\n"
  "  item_id INTEGER NOT NULL,\n  PRIMARY KEY (kind, account, remote_id)\n) WITHOUT ROWID;";
static const char exists_sql[] =
  "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'list_sync'";
static const char state_sql[] =
  "SELECT remote_url, last_success_at, last_attempt_at, error_kind, error_message, error_retryable,\n"
  "  error_page, next_cursor, next_page, complete, item_count, generation, refreshed_at\n"
  "FROM list_sync WHERE kind = ?1 AND account = ?2";
static const char lookup_sql[] =
  "SELECT item_id FROM list_sync_items WHERE kind = ?1 AND account = ?2 AND remote_id = ?3";
static const char update_sql[] =
  "UPDATE orders SET number = ?2, status = ?3, total_minor = ?4, currency = ?5, placed_at = ?6 "
  "WHERE account = ?1 AND id = ?7";
static const char insert_sql[] =
  "INSERT INTO orders (account, number, status, total_minor, currency, placed_at) "
  "VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
static const char map_sql[] =
  "INSERT OR REPLACE INTO list_sync_items (kind, account, remote_id, item_id) VALUES (?1, ?2, ?3, ?4)";
static const char drop_rows_sql[] =
  "DELETE FROM orders WHERE account = ?1 AND id NOT IN (SELECT value FROM json_each(?2))";
static const char drop_map_sql[] =
  "DELETE FROM list_sync_items WHERE kind = ?1 AND account = ?2\n"
  "  AND item_id NOT IN (SELECT value FROM json_each(?3))";
static const char save_sql[] =
  "INSERT OR REPLACE INTO list_sync (kind, account, remote_url, last_success_at, last_attempt_at,\n"
  "  error_kind, error_message, error_retryable, error_page, next_cursor, next_page, complete,\n"
  "  item_count, refreshed_at, generation)\n"
  "VALUES (?1, ?2, ?3, ?4, ?5, NULL, NULL, NULL, NULL, ?6, ?7, ?8, ?9, ?10, ?11)";

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
  int rc = sqlite3_exec(db->handle, create_sql, NULL, NULL, NULL);
  if (rc != SQLITE_OK) return rc;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_EXISTS, exists_sql, &s))) return rc;
  rc = sqlite3_step(s);
  int exists = rc == SQLITE_ROW && sqlite3_column_int64(s, 0) == 1;
  sqlite3_reset(s);
  int64_t generation = 0, item_count = 0;
  if (exists) {
    if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_STATE, state_sql, &s))) return rc;
    sqlite3_bind_text(s, 1, "orders", -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, account, -1, SQLITE_STATIC);
    if (sqlite3_step(s) == SQLITE_ROW) {
      generation = sqlite3_column_int64(s, 11);
      item_count = sqlite3_column_int64(s, 10);
    }
    sqlite3_reset(s);
  }
  if (page->number == 1) {
    generation += 1;
    item_count = 0;
  }
  sqlite3_stmt *lookup, *update, *insert, *map;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_LOOKUP, lookup_sql, &lookup))) return rc;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_UPDATE, update_sql, &update))) return rc;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_INSERT, insert_sql, &insert))) return rc;
  if ((rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_MAP, map_sql, &map))) return rc;
  // The kept ids as a JSON array, for a refresh.
  size_t capacity = orders->count * 21 + 3, used = 0;
  char *ids = page->number == 1 ? malloc(capacity) : NULL;
  if (ids) ids[used++] = '[';
  for (size_t i = 0; rc == SQLITE_OK && i < orders->count; i++) {
    sqlite3_bind_text(lookup, 1, "orders", -1, SQLITE_STATIC);
    sqlite3_bind_text(lookup, 2, account, -1, SQLITE_STATIC);
    sqlite3_bind_int64(lookup, 3, page->remote_ids[i]);
    int found = sqlite3_step(lookup) == SQLITE_ROW;
    int64_t id = found ? sqlite3_column_int64(lookup, 0) : 0;
    sqlite3_reset(lookup);
    int updated = 0;
    if (found) {
      bind_order(update, orders, i);
      sqlite3_bind_int64(update, 7, id);
      if ((rc = step_done(update))) break;
      updated = sqlite3_changes(db->handle) == 1;
    }
    if (!updated) {
      bind_order(insert, orders, i);
      if ((rc = step_done(insert))) break;
      id = sqlite3_last_insert_rowid(db->handle);
      sqlite3_bind_text(map, 1, "orders", -1, SQLITE_STATIC);
      sqlite3_bind_text(map, 2, account, -1, SQLITE_STATIC);
      sqlite3_bind_int64(map, 3, page->remote_ids[i]);
      sqlite3_bind_int64(map, 4, id);
      if ((rc = step_done(map))) break;
    }
    if (ids) used += (size_t)snprintf(ids + used, capacity - used, i ? ",%lld" : "%lld", (long long)id);
  }
  if (rc == SQLITE_OK && ids) {
    ids[used++] = ']';
    ids[used] = 0;
    if (!(rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_DROP_ROWS, drop_rows_sql, &s))) {
      sqlite3_bind_text(s, 1, account, -1, SQLITE_STATIC);
      sqlite3_bind_text(s, 2, ids, (int)used, SQLITE_STATIC);
      rc = step_done(s);
    }
    if (!rc && !(rc = cbench_prepared(db, CBENCH_STATEMENT_SYNC_DROP_MAP, drop_map_sql, &s))) {
      sqlite3_bind_text(s, 1, "orders", -1, SQLITE_STATIC);
      sqlite3_bind_text(s, 2, account, -1, SQLITE_STATIC);
      sqlite3_bind_text(s, 3, ids, (int)used, SQLITE_STATIC);
      rc = step_done(s);
    }
  }
  free(ids);
  if (rc != SQLITE_OK) return rc;
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
