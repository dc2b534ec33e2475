#ifndef LISTS_CPOSTGRES_SHIM_H
#define LISTS_CPOSTGRES_SHIM_H

// libpq, PostgreSQL's client library, under lists-server's PostgreSQL storage (Debian:
// libpq-dev; pkg-config libpq gives /usr/include/postgresql).
#include <libpq-fe.h>

// The diagnostic field codes are character macros that Swift does not import as PQresultErrorField's int.
enum {
  CPOSTGRES_DIAG_SQLSTATE = PG_DIAG_SQLSTATE,
};

#endif
