#include "cbench_internal.h"

// The repository's INSERT, column for column.
static const char insert_sql[] =
  "INSERT INTO orders (account, number, status, total_minor, currency, placed_at)\n"
  "VALUES (?, ?, ?, ?, ?, ?)";

int cbench_insert_orders(cbench_db *db, const cbench_orders_input *input) {
  // An import's statement journals stay in memory, as the store's import keeps them.
  int rc = sqlite3_exec(db->handle, "PRAGMA temp_store = MEMORY; BEGIN IMMEDIATE", NULL, NULL, NULL);
  if (rc != SQLITE_OK) return rc;
  sqlite3_stmt *statement;
  rc = cbench_prepared(db, CBENCH_STATEMENT_INSERT, insert_sql, &statement);
  for (size_t i = 0; rc == SQLITE_OK && i < input->count; i++) {
    // SQLITE_STATIC: the caller's arrays outlive the step, so SQLite need not copy them. This is
    // what a C program would write; the Swift wrapper binds with SQLITE_TRANSIENT (a copy into
    // the statement's reused buffer).
    sqlite3_bind_text(statement, 1, input->account, -1, SQLITE_STATIC);
    sqlite3_bind_text(statement, 2, input->numbers[i], -1, SQLITE_STATIC);
    sqlite3_bind_text(statement, 3, input->statuses[i], -1, SQLITE_STATIC);
    sqlite3_bind_int64(statement, 4, input->total_minor[i]);
    sqlite3_bind_text(statement, 5, input->currencies[i], -1, SQLITE_STATIC);
    sqlite3_bind_int64(statement, 6, input->placed_at[i]);
    rc = sqlite3_step(statement);
    if (rc == SQLITE_DONE) rc = SQLITE_OK;
    sqlite3_reset(statement);
  }
  if (rc == SQLITE_OK) rc = sqlite3_exec(db->handle, "COMMIT", NULL, NULL, NULL);
  if (rc != SQLITE_OK && !sqlite3_get_autocommit(db->handle)) {
    sqlite3_exec(db->handle, "ROLLBACK", NULL, NULL, NULL);
  }
  sqlite3_exec(db->handle, "PRAGMA temp_store = DEFAULT", NULL, NULL, NULL);
  return rc;
}
