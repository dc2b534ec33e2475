#ifndef LISTS_CBENCH_H
#define LISTS_CBENCH_H

/// Returns the SQLite library version string, e.g. "3.40.1".
const char *cbench_sqlite_version(void);

#endif
