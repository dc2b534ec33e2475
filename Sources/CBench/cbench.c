#include "cbench.h"
#include <sqlite3.h>

const char *cbench_sqlite_version(void) { return sqlite3_libversion(); }
