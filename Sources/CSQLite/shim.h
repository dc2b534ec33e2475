#ifndef LISTS_CSQLITE_SHIM_H
#define LISTS_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro over a cast pointer that Swift cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
static inline sqlite3_destructor_type csqlite_static(void) { return SQLITE_STATIC; }

// Extended result codes are function-like macros that Swift does not import.
enum {
  CSQLITE_CONSTRAINT_UNIQUE = SQLITE_CONSTRAINT_UNIQUE,
  CSQLITE_CONSTRAINT_PRIMARYKEY = SQLITE_CONSTRAINT_PRIMARYKEY,
  CSQLITE_CONSTRAINT_CHECK = SQLITE_CONSTRAINT_CHECK,
  CSQLITE_CONSTRAINT_NOTNULL = SQLITE_CONSTRAINT_NOTNULL,
  CSQLITE_CONSTRAINT_DATATYPE = SQLITE_CONSTRAINT_DATATYPE,
  CSQLITE_IOERR_SHORT_READ = SQLITE_IOERR_SHORT_READ,
  CSQLITE_IOERR_WRITE = SQLITE_IOERR_WRITE,
};

#endif
