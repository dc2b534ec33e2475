#include <string.h>

#include "cbench_internal.h"

// The books kind's statements, exactly as the store makes them from the definition.
#define BOOK_COLUMNS \
  "id, title, author, pages, price_minor, price_currency, status, finished_at, signed, added_at"
static const char insert_sql[] =
  "INSERT INTO books (account, title, author, pages, price_minor, price_currency, status, "
  "finished_at, signed, added_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)";
static const char first_page_sql[] =
  "SELECT " BOOK_COLUMNS " FROM books WHERE account = ?1 ORDER BY added_at DESC, id DESC LIMIT ?2";
static const char next_page_sql[] =
  "SELECT " BOOK_COLUMNS " FROM books WHERE account = ?1 AND (added_at, id) < (?3, ?4) "
  "ORDER BY added_at DESC, id DESC LIMIT ?2";

static const char *const statuses[] = {"want", "reading", "done"};

// After this many adds an import indexes the rest for search in one statement, as the store's
// import does (KindStatements.BulkIndex): the insert trigger is dropped, and made again after.
enum { BULK_INDEX_AFTER = 32 };
static const char bulk_index_sql[] =
  "INSERT INTO \"books_search\" (rowid, \"title\", \"author\") SELECT id, \"title\", \"author\" "
  "FROM \"books\" WHERE id > ?1 ORDER BY id";

// Reads the search index's insert trigger and the largest id, and drops the trigger.
static int start_bulk_index(cbench_db *db, char **trigger_sql, int64_t *largest) {
  sqlite3_stmt *read;
  int rc = sqlite3_prepare_v2(db->handle,
    "SELECT sql, ifnull((SELECT max(id) FROM books), 0) FROM sqlite_schema "
    "WHERE type = 'trigger' AND name = 'books_search_insert'", -1, &read, NULL);
  if (rc != SQLITE_OK) return rc;
  if (sqlite3_step(read) == SQLITE_ROW) {
    *trigger_sql = sqlite3_mprintf("%s", (const char *)sqlite3_column_text(read, 0));
    *largest = sqlite3_column_int64(read, 1);
  }
  sqlite3_finalize(read);
  if (*trigger_sql == NULL) return SQLITE_ERROR;
  return sqlite3_exec(db->handle, "DROP TRIGGER \"books_search_insert\"", NULL, NULL, NULL);
}

// Indexes the books above `largest` and makes the trigger again.
static int finish_bulk_index(cbench_db *db, const char *trigger_sql, int64_t largest) {
  sqlite3_stmt *index;
  int rc = sqlite3_prepare_v2(db->handle, bulk_index_sql, -1, &index, NULL);
  if (rc != SQLITE_OK) return rc;
  sqlite3_bind_int64(index, 1, largest);
  rc = sqlite3_step(index);
  sqlite3_finalize(index);
  if (rc != SQLITE_DONE) return rc;
  return sqlite3_exec(db->handle, trigger_sql, NULL, NULL, NULL);
}

int cbench_insert_books(cbench_db *db, const cbench_orders_input *input) {
  // An import's statement journals stay in memory, as the store's import keeps them.
  int rc = sqlite3_exec(db->handle, "PRAGMA temp_store = MEMORY; BEGIN IMMEDIATE", NULL, NULL, NULL);
  if (rc != SQLITE_OK) return rc;
  sqlite3_stmt *statement;
  char *trigger_sql = NULL;
  int64_t largest = 0;
  rc = cbench_prepared(db, CBENCH_STATEMENT_BOOK_INSERT, insert_sql, &statement);
  for (size_t i = 0; rc == SQLITE_OK && i < input->count; i++) {
    if (i == BULK_INDEX_AFTER) {
      rc = start_bulk_index(db, &trigger_sql, &largest);
      if (rc != SQLITE_OK) break;
    }
    sqlite3_bind_text(statement, 1, input->account, -1, SQLITE_STATIC);
    sqlite3_bind_text(statement, 2, input->numbers[i], -1, SQLITE_STATIC);
    sqlite3_bind_text(statement, 3, input->currencies[i], -1, SQLITE_STATIC);
    sqlite3_bind_int64(statement, 4, input->total_minor[i] % 900 + 1);
    sqlite3_bind_int64(statement, 5, input->total_minor[i]);
    sqlite3_bind_text(statement, 6, input->currencies[i], -1, SQLITE_STATIC);
    sqlite3_bind_text(statement, 7, statuses[i % 3], -1, SQLITE_STATIC);
    sqlite3_bind_null(statement, 8);
    sqlite3_bind_int64(statement, 9, 0);
    sqlite3_bind_int64(statement, 10, input->placed_at[i]);
    rc = sqlite3_step(statement);
    if (rc == SQLITE_DONE) rc = SQLITE_OK;
    sqlite3_reset(statement);
  }
  if (rc == SQLITE_OK && trigger_sql != NULL) rc = finish_bulk_index(db, trigger_sql, largest);
  sqlite3_free(trigger_sql);
  if (rc == SQLITE_OK) rc = sqlite3_exec(db->handle, "COMMIT", NULL, NULL, NULL);
  if (rc != SQLITE_OK && !sqlite3_get_autocommit(db->handle)) {
    sqlite3_exec(db->handle, "ROLLBACK", NULL, NULL, NULL);
  }
  sqlite3_exec(db->handle, "PRAGMA temp_store = DEFAULT", NULL, NULL, NULL);
  return rc;
}

static const char update_status_sql[] = "UPDATE books SET status = ?1 WHERE account = ?2 AND id = ?3";

int cbench_update_book_statuses(cbench_db *db, const char *account, int64_t count, int64_t round) {
  int rc = sqlite3_exec(db->handle, "BEGIN IMMEDIATE", NULL, NULL, NULL);
  if (rc != SQLITE_OK) return rc;
  sqlite3_stmt *statement;
  rc = cbench_prepared(db, CBENCH_STATEMENT_BOOK_UPDATE_STATUS, update_status_sql, &statement);
  for (int64_t id = 1; rc == SQLITE_OK && id <= count; id++) {
    sqlite3_bind_text(statement, 1, statuses[(id + round) % 3], -1, SQLITE_STATIC);
    sqlite3_bind_text(statement, 2, account, -1, SQLITE_STATIC);
    sqlite3_bind_int64(statement, 3, id);
    rc = sqlite3_step(statement);
    if (rc == SQLITE_DONE) rc = sqlite3_changes(db->handle) == 1 ? SQLITE_OK : SQLITE_NOTFOUND;
    sqlite3_reset(statement);
  }
  if (rc == SQLITE_OK) rc = sqlite3_exec(db->handle, "COMMIT", NULL, NULL, NULL);
  if (rc != SQLITE_OK && !sqlite3_get_autocommit(db->handle)) {
    sqlite3_exec(db->handle, "ROLLBACK", NULL, NULL, NULL);
  }
  return rc;
}

int cbench_update_book_status(cbench_db *db, const char *account, int64_t id, int status) {
  sqlite3_stmt *statement;
  int rc = cbench_prepared(db, CBENCH_STATEMENT_BOOK_UPDATE_STATUS, update_status_sql, &statement);
  if (rc != SQLITE_OK) return rc;
  sqlite3_bind_text(statement, 1, statuses[status % 3], -1, SQLITE_STATIC);
  sqlite3_bind_text(statement, 2, account, -1, SQLITE_STATIC);
  sqlite3_bind_int64(statement, 3, id);
  rc = sqlite3_step(statement);
  if (rc == SQLITE_DONE) rc = sqlite3_changes(db->handle) == 1 ? SQLITE_OK : SQLITE_NOTFOUND;
  sqlite3_reset(statement);
  return rc;
}

/// Copies text column `column` into `buffer` (capacity CBENCH_TEXT_CAPACITY); returns its
/// stored length, -1 for NULL.
static int32_t copy_text(sqlite3_stmt *statement, int column, char *buffer) {
  const unsigned char *text = sqlite3_column_text(statement, column);
  if (!text) {
    buffer[0] = 0;
    return -1;
  }
  int length = sqlite3_column_bytes(statement, column);
  int kept = length < CBENCH_TEXT_CAPACITY - 1 ? length : CBENCH_TEXT_CAPACITY - 1;
  memcpy(buffer, text, (size_t)kept);
  buffer[kept] = 0;
  return length;
}

static int32_t status_named(const unsigned char *text, int length) {
  if (text && length == 7 && memcmp(text, "reading", 7) == 0) return 1;
  if (text && length == 4 && memcmp(text, "done", 4) == 0) return 2;
  return 0;
}

static void read_book(sqlite3_stmt *statement, cbench_book *book) {
  book->id = sqlite3_column_int64(statement, 0);
  book->title_length = copy_text(statement, 1, book->title);
  book->author_length = copy_text(statement, 2, book->author);
  // The optional columns are told apart from NULL, as the typed record reads them.
  book->pages = sqlite3_column_type(statement, 3) == SQLITE_NULL ? 0 : sqlite3_column_int64(statement, 3);
  book->price_minor =
    sqlite3_column_type(statement, 4) == SQLITE_NULL ? 0 : sqlite3_column_int64(statement, 4);
  const unsigned char *currency = sqlite3_column_text(statement, 5);
  int currency_length = sqlite3_column_bytes(statement, 5);
  memset(book->currency, 0, sizeof book->currency);
  if (currency) memcpy(book->currency, currency, currency_length < 3 ? (size_t)currency_length : 3);
  book->status = status_named(sqlite3_column_text(statement, 6), sqlite3_column_bytes(statement, 6));
  book->finished_at =
    sqlite3_column_type(statement, 7) == SQLITE_NULL ? 0 : sqlite3_column_int64(statement, 7);
  book->is_signed = sqlite3_column_int64(statement, 8) != 0;
  book->added_at = sqlite3_column_int64(statement, 9);
}

/// Folds `count` books into `hash`, as the bench folds its `Book`s.
static uint64_t fold_books(uint64_t hash, const cbench_book *books, int64_t count) {
  for (int64_t i = 0; i < count; i++) {
    hash = cbench_mix(hash, (uint64_t)books[i].id);
    hash = cbench_mix(hash, (uint64_t)books[i].price_minor);
    hash = cbench_mix(hash, (uint64_t)books[i].added_at);
    hash = cbench_mix(hash, (uint64_t)books[i].pages);
    hash = cbench_mix(hash, (uint64_t)books[i].status);
    hash = cbench_mix(hash, (uint64_t)books[i].title_length);
  }
  return hash;
}

int cbench_walk_books(
  cbench_db *db, const char *account, int pages, int limit, cbench_book *buffer,
  cbench_walk_result *result) {
  result->pages = 0;
  result->rows = 0;
  result->checksum = 0xcbf29ce484222325u;
  int64_t added_at = 0;
  int64_t id = 0;
  for (int page = 0; page < pages; page++) {
    sqlite3_stmt *statement;
    int rc;
    if (page > 0) {
      rc = cbench_prepared(db, CBENCH_STATEMENT_BOOK_NEXT_PAGE, next_page_sql, &statement);
      if (rc != SQLITE_OK) return rc;
      sqlite3_bind_int64(statement, 3, added_at);
      sqlite3_bind_int64(statement, 4, id);
    } else {
      rc = cbench_prepared(db, CBENCH_STATEMENT_BOOK_FIRST_PAGE, first_page_sql, &statement);
      if (rc != SQLITE_OK) return rc;
    }
    sqlite3_bind_text(statement, 1, account, -1, SQLITE_STATIC);
    sqlite3_bind_int64(statement, 2, (sqlite3_int64)limit + 1);
    int count = 0;
    int more = 0;
    while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
      if (count == limit) {
        more = 1;
        break;
      }
      read_book(statement, &buffer[count++]);
    }
    sqlite3_reset(statement);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return rc;
    result->pages += 1;
    result->rows += count;
    result->checksum = fold_books(result->checksum, buffer, count);
    if (!more) break;
    added_at = buffer[count - 1].added_at;
    id = buffer[count - 1].id;
  }
  return SQLITE_OK;
}

// The store's statements for the pages that do not simply follow a cursor
// (KindStatements.DirectionLevels): at or after an item, in the kind's order; at or before a
// place and strictly before an item, the order run backwards, the nearest row first.
static const char at_or_after_sql[] =
  "SELECT " BOOK_COLUMNS " FROM books WHERE account = ?1 AND (added_at, id) <= (?3, ?4) "
  "ORDER BY added_at DESC, id DESC LIMIT ?2";
static const char at_or_before_sql[] =
  "SELECT " BOOK_COLUMNS " FROM books WHERE account = ?1 AND (added_at, id) >= (?3, ?4) "
  "ORDER BY added_at, id LIMIT ?2";
static const char before_sql[] =
  "SELECT " BOOK_COLUMNS " FROM books WHERE account = ?1 AND (added_at, id) > (?3, ?4) "
  "ORDER BY added_at, id LIMIT ?2";

/// A place in the books' order: the sort key of one book.
typedef struct book_key {
  int64_t added_at;
  int64_t id;
} book_key;

/// Runs statement `which` (`sql`) from `key` for up to `limit` books, one more row asked for
/// to know whether more follow, as the store's level statements do. `step` is +1 to store the
/// books from `*slot` on, -1 to store them before it, nearest first (a backward page); `*slot`
/// moves past what was stored. `*more` is whether a row followed the `limit`th, and `*next`
/// that row's key (backward: where the page before ends) or the last stored book's (forward).
static int read_level(
  cbench_db *db, cbench_statement which, const char *sql, const char *account, book_key key,
  int limit, cbench_book *buffer, int64_t *slot, int step, int *count, int *more, book_key *next) {
  sqlite3_stmt *statement;
  int rc = cbench_prepared(db, which, sql, &statement);
  if (rc != SQLITE_OK) return rc;
  sqlite3_bind_text(statement, 1, account, -1, SQLITE_STATIC);
  sqlite3_bind_int64(statement, 2, (sqlite3_int64)limit + 1);
  sqlite3_bind_int64(statement, 3, key.added_at);
  sqlite3_bind_int64(statement, 4, key.id);
  *count = 0;
  *more = 0;
  while ((rc = sqlite3_step(statement)) == SQLITE_ROW) {
    if (*count == limit) {
      *more = 1;
      if (step < 0) *next = (book_key){sqlite3_column_int64(statement, 9), sqlite3_column_int64(statement, 0)};
      break;
    }
    cbench_book *book = step > 0 ? &buffer[*slot] : &buffer[*slot - 1];
    read_book(statement, book);
    *slot += step;
    *count += 1;
    if (step > 0) *next = (book_key){book->added_at, book->id};
  }
  sqlite3_reset(statement);
  return rc == SQLITE_ROW || rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int cbench_walk_books_around(
  cbench_db *db, const char *account, int64_t added_at, int64_t id, int pages_each_way, int limit,
  cbench_book *buffer, cbench_walk_result *result) {
  result->pages = 0;
  result->rows = 0;
  result->checksum = 0xcbf29ce484222325u;
  // The pages before the first one fill the buffer downwards from the middle, the pages after
  // it upwards: the books shown stay in list order in [low, high).
  int64_t low = (int64_t)pages_each_way * limit;
  int64_t high = low;
  book_key item = {added_at, id};
  book_key previous = item;
  book_key next = item;
  int count;
  int more;
  // The page starting at the book; where the page before it ends is the row right before it.
  int rc = read_level(
    db, CBENCH_STATEMENT_BOOK_AT_OR_AFTER, at_or_after_sql, account, item, limit, buffer, &high, 1,
    &count, &more, &next);
  if (rc != SQLITE_OK) return rc;
  if (count == 0) return SQLITE_NOTFOUND;
  result->pages += 1;
  int end_reached = !more;
  cbench_book before;
  int64_t before_slot = 1;
  int before_count;
  int unused;
  book_key unused_key;
  rc = read_level(
    db, CBENCH_STATEMENT_BOOK_BEFORE, before_sql, account, item, 1, &before, &before_slot, -1,
    &before_count, &unused, &unused_key);
  if (rc != SQLITE_OK) return rc;
  int start_reached = before_count == 0;
  previous = (book_key){before.added_at, before.id};

  for (int page = 0; page < pages_each_way && !start_reached; page++) {
    rc = read_level(
      db, CBENCH_STATEMENT_BOOK_AT_OR_BEFORE, at_or_before_sql, account, previous, limit, buffer,
      &low, -1, &count, &more, &previous);
    if (rc != SQLITE_OK) return rc;
    if (count > 0) result->pages += 1;
    start_reached = count == 0 || !more;
  }
  for (int page = 0; page < pages_each_way && !end_reached; page++) {
    rc = read_level(
      db, CBENCH_STATEMENT_BOOK_NEXT_PAGE, next_page_sql, account, next, limit, buffer, &high, 1,
      &count, &more, &next);
    if (rc != SQLITE_OK) return rc;
    if (count > 0) result->pages += 1;
    end_reached = !more;
  }
  result->rows = high - low;
  result->checksum = fold_books(result->checksum, buffer + low, high - low);
  return SQLITE_OK;
}
