#ifndef LISTS_CBENCH_INTERNAL_H
#define LISTS_CBENCH_INTERNAL_H

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>

#include "cbench.h"

/// The statements a connection prepares once and reuses.
typedef enum cbench_statement {
  CBENCH_STATEMENT_INSERT,
  CBENCH_STATEMENT_FIRST_PAGE,
  CBENCH_STATEMENT_NEXT_PAGE,
  CBENCH_STATEMENT_OFFSET_PAGE,
  CBENCH_STATEMENT_COUNT_ROWS,
  CBENCH_STATEMENT_BOOK_INSERT,
  CBENCH_STATEMENT_BOOK_FIRST_PAGE,
  CBENCH_STATEMENT_BOOK_NEXT_PAGE,
  CBENCH_STATEMENT_BOOK_UPDATE_STATUS,
  CBENCH_STATEMENT_SYNC_EXISTS,
  CBENCH_STATEMENT_SYNC_TRIGGER,
  CBENCH_STATEMENT_SYNC_SYNCED,
  CBENCH_STATEMENT_SYNC_FLAG_ON,
  CBENCH_STATEMENT_SYNC_FLAG_OFF,
  CBENCH_STATEMENT_SYNC_WAITING,
  CBENCH_STATEMENT_SYNC_STATE,
  CBENCH_STATEMENT_SYNC_LOOKUP,
  CBENCH_STATEMENT_SYNC_UPDATE,
  CBENCH_STATEMENT_SYNC_INSERT,
  CBENCH_STATEMENT_SYNC_MAP,
  CBENCH_STATEMENT_SYNC_DROP_ROWS,
  CBENCH_STATEMENT_SYNC_DROP_MAP,
  CBENCH_STATEMENT_SYNC_SAVE,
  CBENCH_STATEMENT_SYNC_CHECKPOINT_EXISTS,
  CBENCH_STATEMENT_SYNC_CHECKPOINT,
  CBENCH_STATEMENT_SYNC_CHECKPOINT_SAVE,
  CBENCH_STATEMENT_COUNT,
} cbench_statement;

struct cbench_db {
  sqlite3 *handle;
  sqlite3_stmt *statements[CBENCH_STATEMENT_COUNT];
};

/// The statement `which`, prepared from `sql` on first use.
int cbench_prepared(cbench_db *db, cbench_statement which, const char *sql, sqlite3_stmt **out);

/// One step of the checksum (FNV-1a over 64-bit words); the Swift harness mixes the same way.
static inline uint64_t cbench_mix(uint64_t hash, uint64_t value) {
  return (hash ^ value) * 0x100000001b3u;
}

#endif
