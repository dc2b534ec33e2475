#include "cbench.h"

#include <sqlite3.h>
#include <string.h>
#include <time.h>

#include "cbench_internal.h"

const char *cbench_sqlite_version(void) { return sqlite3_libversion(); }

uint64_t cbench_monotonic_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

uint64_t cbench_thread_cpu_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

int cbench_open(const char *path, int busy_timeout_ms, cbench_db **out, const char **message) {
  static char failure[256];
  *out = NULL;
  if (message) *message = NULL;
  cbench_db *db = sqlite3_malloc(sizeof *db);
  if (!db) return SQLITE_NOMEM;
  memset(db, 0, sizeof *db);
  // The flags of SQLiteCore's Connection for an existing file.
  int rc = sqlite3_open_v2(
    path, &db->handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, NULL);
  if (rc == SQLITE_OK) {
    sqlite3_extended_result_codes(db->handle, 1);
    sqlite3_busy_timeout(db->handle, busy_timeout_ms);
    rc = sqlite3_exec(
      db->handle,
      "PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL; PRAGMA journal_mode = WAL;"
      // Reads the schema now, as opening a ListsDatabase does, not in the first timed statement.
      "SELECT count(*) FROM sqlite_schema;",
      NULL, NULL, NULL);
  }
  if (rc != SQLITE_OK) {
    const char *text = db->handle ? sqlite3_errmsg(db->handle) : sqlite3_errstr(rc);
    snprintf(failure, sizeof failure, "%s", text);
    if (message) *message = failure;
    sqlite3_close_v2(db->handle);
    sqlite3_free(db);
    return rc;
  }
  *out = db;
  return SQLITE_OK;
}

void cbench_close(cbench_db *db) {
  if (!db) return;
  for (int i = 0; i < CBENCH_STATEMENT_COUNT; i++) sqlite3_finalize(db->statements[i]);
  sqlite3_close_v2(db->handle);
  sqlite3_free(db);
}

const char *cbench_errmsg(cbench_db *db) { return sqlite3_errmsg(db->handle); }

int cbench_exec(cbench_db *db, const char *sql) { return sqlite3_exec(db->handle, sql, NULL, NULL, NULL); }

int cbench_prepared(cbench_db *db, cbench_statement which, const char *sql, sqlite3_stmt **out) {
  sqlite3_stmt *statement = db->statements[which];
  if (statement) {
    *out = statement;
    return SQLITE_OK;
  }
  // PERSISTENT, like SQLiteCore's Statement: the statement is kept for the connection's life.
  int rc = sqlite3_prepare_v3(db->handle, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL);
  if (rc != SQLITE_OK) {
    sqlite3_finalize(statement);
    return rc;
  }
  db->statements[which] = statement;
  *out = statement;
  return SQLITE_OK;
}

int cbench_count(cbench_db *db, const char *account, const char *list, int64_t *count) {
  sqlite3_stmt *statement;
  int rc = cbench_prepared(
    db, CBENCH_STATEMENT_COUNT_ROWS,
    "SELECT item_count FROM list_counts WHERE account = ? AND list = ?", &statement);
  if (rc != SQLITE_OK) return rc;
  sqlite3_bind_text(statement, 1, account, -1, SQLITE_STATIC);
  sqlite3_bind_text(statement, 2, list, -1, SQLITE_STATIC);
  rc = sqlite3_step(statement);
  *count = rc == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : 0;
  // Reset at once: a pending statement would keep the read transaction (and its snapshot) open.
  sqlite3_reset(statement);
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
}

uint64_t cbench_checksum(uint64_t seed, const cbench_order *orders, int count) {
  uint64_t hash = seed;
  for (int i = 0; i < count; i++) {
    const cbench_order *order = &orders[i];
    hash = cbench_mix(hash, (uint64_t)order->id);
    hash = cbench_mix(hash, (uint64_t)order->total_minor);
    hash = cbench_mix(hash, (uint64_t)order->placed_at);
    hash = cbench_mix(hash, (uint64_t)order->status);
    hash = cbench_mix(hash, (uint64_t)order->number_length);
  }
  return hash;
}
