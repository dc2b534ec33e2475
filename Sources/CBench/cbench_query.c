#include <stdlib.h>
#include <string.h>

#include "cbench_internal.h"

/// Where the bytes read are folded, so that reading them is not optimized away.
static volatile uint64_t cbench_query_sink;

struct cbench_query {
  sqlite3_stmt *statement;
};

int cbench_query_prepare(cbench_db *db, const char *sql, cbench_query **out) {
  cbench_query *query = calloc(1, sizeof *query);
  if (query == NULL) return SQLITE_NOMEM;
  int rc = sqlite3_prepare_v3(db->handle, sql, -1, SQLITE_PREPARE_PERSISTENT, &query->statement, NULL);
  if (rc != SQLITE_OK) {
    free(query);
    return rc;
  }
  *out = query;
  return SQLITE_OK;
}

void cbench_query_free(cbench_query *query) {
  if (query == NULL) return;
  sqlite3_finalize(query->statement);
  free(query);
}

int cbench_query_page(
  cbench_query *query, const char *account, int limit, int first_parameter, int parameters,
  const int64_t *integers, const char *const *texts, int *count, uint64_t *checksum) {
  sqlite3_stmt *statement = query->statement;
  int rc = sqlite3_bind_text(statement, 1, account, -1, SQLITE_STATIC);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(statement, 2, limit + 1);
  for (int index = 0; rc == SQLITE_OK && index < parameters; index++) {
    if (texts[index] != NULL) {
      rc = sqlite3_bind_text(statement, first_parameter + index, texts[index], -1, SQLITE_STATIC);
    } else {
      rc = sqlite3_bind_int64(statement, first_parameter + index, integers[index]);
    }
  }
  if (rc != SQLITE_OK) return rc;
  int rows = 0;
  uint64_t hash = *checksum;
  int columns = sqlite3_column_count(statement);
  while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
    if (rows == limit) break;
    // Every column read as the store reads it: integers as integers, text with its length.
    for (int column = 0; column < columns; column++) {
      if (sqlite3_column_type(statement, column) == SQLITE_TEXT) {
        const unsigned char *text = sqlite3_column_text(statement, column);
        cbench_query_sink += (uint64_t)sqlite3_column_bytes(statement, column) + (text != NULL ? text[0] : 0);
      } else {
        int64_t value = sqlite3_column_int64(statement, column);
        if (column == 0) hash = cbench_mix(hash, (uint64_t)value);
        else cbench_query_sink += (uint64_t)value;
      }
    }
    rows++;
  }
  sqlite3_reset(statement);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return rc;
  *count = rows;
  *checksum = hash;
  return SQLITE_OK;
}
