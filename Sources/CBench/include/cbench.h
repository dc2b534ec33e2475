#ifndef LISTS_CBENCH_H
#define LISTS_CBENCH_H

// The benchmark's baseline: the work the store does, written straight on the SQLite C API.
//
// Every function does what the Swift repository does for the same call — same SQL, same
// pragmas, same transaction shape — and nothing else, so that the Swift harness can time both
// sides the same way and report ratios. Nothing here times itself except the clock helper.

#include <stddef.h>
#include <stdint.h>

/// A connection with its statements, each prepared on first use and reused (as the Swift
/// connection caches its statements). Owned by one thread at a time.
typedef struct cbench_db cbench_db;

/// The order statuses, in the order of Swift's `OrderStatus.allCases`.
typedef enum cbench_status {
  CBENCH_PENDING = 0,
  CBENCH_PAID = 1,
  CBENCH_SHIPPED = 2,
  CBENCH_DELIVERED = 3,
  CBENCH_CANCELLED = 4,
  CBENCH_REFUNDED = 5,
} cbench_status;

/// How many bytes of an order number a `cbench_order` keeps, its terminating NUL included.
#define CBENCH_NUMBER_CAPACITY 32

/// One order row read back, the C twin of Swift's `Order`.
///
/// The number is copied into a fixed buffer rather than `strdup`ed: a Swift `String` of up to
/// 15 UTF-8 bytes (every number the benchmark writes: `A-000123`) is stored inline without
/// allocating, so a copy into the struct is the comparable work. Longer numbers are cut at
/// `CBENCH_NUMBER_CAPACITY - 1` bytes; `number_length` is the stored length before cutting.
typedef struct cbench_order {
  int64_t id;
  int64_t total_minor;
  int64_t placed_at;
  int32_t status;         // a cbench_status; an unknown stored status reads as pending, as in Swift
  int32_t number_length;  // bytes of the stored number
  char currency[4];       // three letters and a NUL
  char number[CBENCH_NUMBER_CAPACITY];
} cbench_order;

/// Orders to insert, as parallel arrays of raw values (one account for all of them).
typedef struct cbench_orders_input {
  const char *account;
  const char *const *numbers;     // NUL-terminated UTF-8
  const char *const *statuses;    // stored status names: "pending", "paid", ...
  const int64_t *total_minor;
  const char *const *currencies;  // ISO 4217 codes
  const int64_t *placed_at;       // Unix milliseconds
  size_t count;
} cbench_orders_input;

/// What a walk over keyset pages read.
typedef struct cbench_walk_result {
  int64_t pages;     // pages fetched, the last (possibly short or empty) one included
  int64_t rows;      // orders read into structs
  uint64_t checksum; // cbench_checksum over every row, in order
} cbench_walk_result;

/// The SQLite library version string, e.g. "3.46.1".
const char *cbench_sqlite_version(void);

/// Nanoseconds of `CLOCK_MONOTONIC`: wall time, for `--clock wall` and child processes.
uint64_t cbench_monotonic_ns(void);

/// Nanoseconds of CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`): the default
/// clock, blind to the time the thread waits for a core another process holds.
uint64_t cbench_thread_cpu_ns(void);

/// Makes this process the reaper of its orphaned descendants (Linux `PR_SET_CHILD_SUBREAPER`):
/// a grandchild whose parent exits becomes this process's child, so it can be waited for with
/// its own resource usage. Returns 0 on success, -1 where unsupported (`prctl` is variadic, so
/// Swift cannot call it directly).
int cbench_become_child_subreaper(void);

/// Makes the C heap keep the memory it frees (glibc: a high `M_TRIM_THRESHOLD` and
/// `M_TOP_PAD`). Otherwise SQLite's per-row allocations — an ephemeral table for each
/// `CHECK (x IN (...))` of the schema — make glibc shrink and regrow the heap with `brk`, and
/// the page faults that follow land on whichever side's memory sits at the top of the heap:
/// at 1,000 rows that doubled the C side's insert time in one run and not in another. A no-op
/// elsewhere.
void cbench_steady_heap(void);

/// Opens an existing lists database made by `ListsDatabase(path:)` with the store's settings:
/// no mutex, extended result codes, the busy timeout, `foreign_keys=ON`, `synchronous=FULL`
/// and WAL (already set in the file; asked again as the store does for a file not yet in WAL),
/// and reads the schema, as opening a `ListsDatabase` does.
/// Returns a SQLite result code; on failure `*out` is NULL and the message went to `message`
/// (a static buffer, may be NULL).
int cbench_open(const char *path, int busy_timeout_ms, cbench_db **out, const char **message);

/// Finalizes the statements and closes the connection. NULL is allowed.
void cbench_close(cbench_db *db);

/// The message of the most recent failure on the connection.
const char *cbench_errmsg(cbench_db *db);

/// Runs `sql` (statements that return no rows, e.g. `BEGIN IMMEDIATE`). Returns a SQLite
/// result code.
int cbench_exec(cbench_db *db, const char *sql);

/// Inserts every order of `input` in one `BEGIN IMMEDIATE` transaction with one prepared
/// statement, the repository's INSERT. All or nothing. Returns a SQLite result code.
int cbench_insert_orders(cbench_db *db, const cbench_orders_input *input);

/// Reads one keyset page, newest first: the first page when `after` is 0, else the page after
/// (`after_placed_at`, `after_id`). Selects `limit + 1` rows like the repository, keeps up to
/// `limit` in `buffer` (capacity `limit`), sets `*count` and whether more follow.
int cbench_keyset_page(
  cbench_db *db, const char *account, int after, int64_t after_placed_at, int64_t after_id,
  int limit, cbench_order *buffer, int *count, int *has_more);

/// Walks up to `pages` keyset pages of `limit` orders from the newest, each page starting after
/// the last order of the one before, stopping early at the end of the list. `buffer` holds one
/// page (capacity `limit`) and is reused.
int cbench_walk_pages(
  cbench_db *db, const char *account, int pages, int limit, cbench_order *buffer,
  cbench_walk_result *result);

/// Reads the page of up to `limit` orders that starts `offset` orders from the newest, with
/// `LIMIT ... OFFSET ...`: the contrast to keyset pages.
int cbench_offset_page(
  cbench_db *db, const char *account, int64_t offset, int limit, cbench_order *buffer,
  int *count);

/// The kept item count of `list` ("orders", ...) of `account`, from `list_counts`: 0 when the
/// list has no row there.
int cbench_count(cbench_db *db, const char *account, const char *list, int64_t *count);

/// How many bytes of a book's title or author a `cbench_book` keeps, its NUL included.
#define CBENCH_TEXT_CAPACITY 32

/// One row of the benchmark's app-defined `books` kind (the example kind of the README's "Your own lists"), the C twin
/// of the bench's typed `Book` record.
typedef struct cbench_book {
  int64_t id;
  int64_t pages;        // 0 when NULL
  int64_t price_minor;  // 0 when NULL
  int64_t finished_at;  // 0 when NULL
  int64_t added_at;
  int32_t status;       // 0 want, 1 reading, 2 done
  int32_t is_signed;
  int32_t title_length;
  int32_t author_length; // -1 when NULL
  char currency[4];
  char title[CBENCH_TEXT_CAPACITY];
  char author[CBENCH_TEXT_CAPACITY];
} cbench_book;

/// Inserts one book per order of `input` in one `BEGIN IMMEDIATE` transaction with one prepared
/// statement, the kind's INSERT as the store makes it from the definition: the title is the
/// order number, the author the currency code, pages `total_minor % 900 + 1`, the price
/// `total_minor` in that currency, the status `want`, `reading`, `done` in turn, no
/// `finished_at`, not signed, added at `placed_at`. Past the 32nd book the search index's insert
/// trigger is dropped and the rest indexed in one statement before the trigger is made again, as
/// the store's import does. Returns a SQLite result code.
int cbench_insert_books(cbench_db *db, const cbench_orders_input *input);

/// Sets the status of the books with ids 1 to `count` of `account` in one `BEGIN IMMEDIATE`
/// transaction with one prepared statement, `UPDATE books SET status = ? WHERE account = ?
/// AND id = ?`: book `id` gets `want`, `reading`, `done` in turn from `(id + round) % 3`.
/// Returns a SQLite result code.
int cbench_update_book_statuses(cbench_db *db, const char *account, int64_t count, int64_t round);

/// Sets the status of the book `id` of `account` to `want`, `reading` or `done` (`status` 0,
/// 1, 2) with the statement of `cbench_update_book_statuses`, in a transaction of its own.
/// Returns a SQLite result code.
int cbench_update_book_status(cbench_db *db, const char *account, int64_t id, int status);

/// Walks up to `pages` keyset pages of `limit` books from the newest added, as
/// `cbench_walk_pages` does orders, folding each row into the checksum the bench folds its
/// `Book`s into.
int cbench_walk_books(
  cbench_db *db, const char *account, int pages, int limit, cbench_book *buffer,
  cbench_walk_result *result);

/// Opens the books at the book with sort key (`added_at`, `id`) and pages both ways from it, as
/// a loader opened around an item does with the store's statements: the page of `limit` books
/// starting at it (and the key of the book right before it, where the page before ends), then
/// up to `pages_each_way` pages before it, each ending where the one after it starts, then up
/// to `pages_each_way` pages after the last, stopping at the start and at the end of the list.
/// Every book read is kept, in list order, in `buffer` (capacity
/// `(2 * pages_each_way + 1) * limit`); the result folds them, in that order, as
/// `cbench_walk_books` does, and counts the pages that held books. Returns SQLITE_NOTFOUND when
/// nothing is left at or after the book.
int cbench_walk_books_around(
  cbench_db *db, const char *account, int64_t added_at, int64_t id, int pages_each_way, int limit,
  cbench_book *buffer, cbench_walk_result *result);

/// A statement of any SQL prepared once, for the query pages (`filter_page_ratio`,
/// `search_page_ratio`): the same SQL the store runs, timed in C.
typedef struct cbench_query cbench_query;

/// Prepares `sql` on `db`. Returns a SQLite result code.
int cbench_query_prepare(cbench_db *db, const char *sql, cbench_query **out);

/// Finalizes the statement.
void cbench_query_free(cbench_query *query);

/// Reads one page with the prepared query: binds `account` at ?1, `limit + 1` at ?2, and
/// `parameters` values from ?`first_parameter` (a text where `texts[i]` is not NULL, else
/// `integers[i]`); steps up to `limit` rows reading every column, and folds each row's first
/// column (the id) into `*checksum`. Sets `*count`. Returns a SQLite result code.
int cbench_query_page(
  cbench_query *query, const char *account, int limit, int first_parameter, int parameters,
  const int64_t *integers, const char *const *texts, int *count, uint64_t *checksum);

/// Folds the orders into a running checksum, the same way the Swift harness folds `Order`s,
/// so that both sides can be shown to have read the same rows.
uint64_t cbench_checksum(uint64_t seed, const cbench_order *orders, int count);

/// One remote page of orders to write into the cache, as `KindReplica.writeRemotePage` writes
/// it: `remote_ids[i]` is the integer remote id of order `i` of `orders`.
typedef struct cbench_remote_page {
  const cbench_orders_input *orders;
  const int64_t *remote_ids;
  int32_t number;           // 1 is a refresh
  const char *remote_url;
  const char *next_cursor;  // NULL on the last page
  int64_t now;              // Unix ms, the write's time
} cbench_remote_page;

/// Writes `page` in one transaction the way sync does, statement for statement: the sync
/// tables made if missing, the state read, each order updated through its remote id or
/// inserted and mapped, a refresh dropping the rows not on the page, the state saved.
int cbench_sync_write_page(cbench_db *db, const cbench_remote_page *page);

#endif
