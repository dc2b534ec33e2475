#include <string.h>

#include "cbench_internal.h"

// The repository's page queries: the same text, so SQLite picks the same plan.
static const char first_page_sql[] =
  "SELECT id, number, status, total_minor, currency, placed_at FROM orders\n"
  "WHERE account = ?1 ORDER BY placed_at DESC, id DESC LIMIT ?2";
static const char next_page_sql[] =
  "SELECT id, number, status, total_minor, currency, placed_at FROM orders\n"
  "WHERE account = ?1 AND (placed_at, id) < (?3, ?4)\n"
  "ORDER BY placed_at DESC, id DESC LIMIT ?2";
static const char offset_page_sql[] =
  "SELECT id, number, status, total_minor, currency, placed_at FROM orders\n"
  "WHERE account = ?1 ORDER BY placed_at DESC, id DESC LIMIT ?2 OFFSET ?3";

/// The status named by `text` (`length` bytes); pending for a name this build does not know,
/// as Swift's decoding does.
static int32_t status_named(const unsigned char *text, int length) {
  if (!text) return CBENCH_PENDING;
  switch (length) {
    case 4: if (memcmp(text, "paid", 4) == 0) return CBENCH_PAID; break;
    case 7: if (memcmp(text, "shipped", 7) == 0) return CBENCH_SHIPPED; break;
    case 8: if (memcmp(text, "refunded", 8) == 0) return CBENCH_REFUNDED; break;
    case 9:
      if (memcmp(text, "delivered", 9) == 0) return CBENCH_DELIVERED;
      if (memcmp(text, "cancelled", 9) == 0) return CBENCH_CANCELLED;
      break;
  }
  return CBENCH_PENDING;
}

/// Copies the current row (id, number, status, total_minor, currency, placed_at) into `order`.
static void read_row(sqlite3_stmt *statement, cbench_order *order) {
  order->id = sqlite3_column_int64(statement, 0);
  const unsigned char *number = sqlite3_column_text(statement, 1);
  int length = sqlite3_column_bytes(statement, 1);
  int kept = length < CBENCH_NUMBER_CAPACITY - 1 ? length : CBENCH_NUMBER_CAPACITY - 1;
  if (number) memcpy(order->number, number, (size_t)kept);
  order->number[kept] = 0;
  order->number_length = length;
  const unsigned char *status = sqlite3_column_text(statement, 2);
  order->status = status_named(status, sqlite3_column_bytes(statement, 2));
  order->total_minor = sqlite3_column_int64(statement, 3);
  const unsigned char *currency = sqlite3_column_text(statement, 4);
  int currency_length = sqlite3_column_bytes(statement, 4);
  memset(order->currency, 0, sizeof order->currency);
  if (currency) memcpy(order->currency, currency, currency_length < 3 ? (size_t)currency_length : 3);
  order->placed_at = sqlite3_column_int64(statement, 5);
}

/// Steps `statement` into `buffer`: up to `limit` rows kept, a further row only counted as
/// "more follow". Resets the statement, which ends its read transaction.
static int collect(sqlite3_stmt *statement, int limit, cbench_order *buffer, int *count, int *has_more) {
  int kept = 0;
  int more = 0;
  int rc;
  while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
    if (kept == limit) {
      more = 1;
      break;
    }
    read_row(statement, &buffer[kept++]);
  }
  sqlite3_reset(statement);
  *count = kept;
  if (has_more) *has_more = more;
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int cbench_keyset_page(
  cbench_db *db, const char *account, int after, int64_t after_placed_at, int64_t after_id,
  int limit, cbench_order *buffer, int *count, int *has_more) {
  sqlite3_stmt *statement;
  int rc;
  if (after) {
    rc = cbench_prepared(db, CBENCH_STATEMENT_NEXT_PAGE, next_page_sql, &statement);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_int64(statement, 3, after_placed_at);
    sqlite3_bind_int64(statement, 4, after_id);
  } else {
    rc = cbench_prepared(db, CBENCH_STATEMENT_FIRST_PAGE, first_page_sql, &statement);
    if (rc != SQLITE_OK) return rc;
  }
  sqlite3_bind_text(statement, 1, account, -1, SQLITE_STATIC);
  // One row more than the page, like the repository: it tells whether another page follows.
  sqlite3_bind_int64(statement, 2, (sqlite3_int64)limit + 1);
  return collect(statement, limit, buffer, count, has_more);
}

int cbench_walk_pages(
  cbench_db *db, const char *account, int pages, int limit, cbench_order *buffer,
  cbench_walk_result *result) {
  result->pages = 0;
  result->rows = 0;
  result->checksum = 0xcbf29ce484222325u;
  int after = 0;
  int64_t placed_at = 0;
  int64_t id = 0;
  for (int page = 0; page < pages; page++) {
    int count;
    int has_more;
    int rc = cbench_keyset_page(db, account, after, placed_at, id, limit, buffer, &count, &has_more);
    if (rc != SQLITE_OK) return rc;
    result->pages += 1;
    result->rows += count;
    result->checksum = cbench_checksum(result->checksum, buffer, count);
    if (!has_more) break;
    after = 1;
    placed_at = buffer[count - 1].placed_at;
    id = buffer[count - 1].id;
  }
  return SQLITE_OK;
}

int cbench_offset_page(
  cbench_db *db, const char *account, int64_t offset, int limit, cbench_order *buffer,
  int *count) {
  sqlite3_stmt *statement;
  int rc = cbench_prepared(db, CBENCH_STATEMENT_OFFSET_PAGE, offset_page_sql, &statement);
  if (rc != SQLITE_OK) return rc;
  sqlite3_bind_text(statement, 1, account, -1, SQLITE_STATIC);
  sqlite3_bind_int64(statement, 2, (sqlite3_int64)limit + 1);
  sqlite3_bind_int64(statement, 3, offset);
  return collect(statement, limit, buffer, count, NULL);
}
