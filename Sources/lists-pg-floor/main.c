// lists-pg-floor: the floor of a one-change push through lists-server on one PostgreSQL node,
// for `lists-bench --only server-postgres`. One client, one connection, one push after another:
// it sends the statements lists-server sends for a push of one new add — the token's and the
// kind's lookups on the first node, then the push's transaction on the account's node
// (PostgresStorage+Push, ChangeApplier, PostgresItemRows) — each prepared once and run with
// its values bound as text, as lists-server's PGConnection runs them, with `BEGIN` and
// `COMMIT` as simple queries. What is left of lists-server's time over this is HTTP, Swift and
// the JSON of the request and its answer.
//
// Usage: lists-pg-floor CONNINFO TOKEN_HASH KIND ACCOUNT BUCKET NODE BODY ANSWER SECONDS PUSHES
//   TOKEN_HASH: the SHA-256 (lowercase hex) of the account's token, as the server looks it up;
//   BUCKET, NODE: the account's bucket and its node's position in the map; BODY, ANSWER: an
//   item's stored JSON and a change's stored answer, as lists-server stores them (each push
//   stores them under its own change id). Stops after PUSHES pushes or SECONDS seconds.
// Prints `PUSHES SECONDS` (the pushes made and the seconds they took) on one line.

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libpq-fe.h>

enum {
  TOKEN, KIND, BUCKET, ACCOUNT_ROW, ACCOUNT_LOCK, STORED_ANSWER, NEXT_ID, NEXT_SEQ, INSERT_ITEM,
  STORED_ITEM, STORE_ANSWER, STATEMENTS
};

// The SQL of lists-server, word for word (Sources/ListServer/Postgres).
static const char *const sql[STATEMENTS] = {
    [TOKEN] = "SELECT account FROM server_tokens WHERE hash = $1",
    [KIND] = "SELECT definition FROM server_kinds WHERE name = $1",
    [BUCKET] = "SELECT node FROM server_buckets WHERE bucket = $1 FOR SHARE",
    [ACCOUNT_ROW] = "INSERT INTO server_accounts (account, bucket) VALUES ($1, $2)\n"
                    "ON CONFLICT (account) DO NOTHING",
    [ACCOUNT_LOCK] = "SELECT seq FROM server_accounts WHERE account = $1 FOR UPDATE",
    [STORED_ANSWER] = "SELECT answer FROM server_answers WHERE account = $1 AND change_id = $2",
    [NEXT_ID] = "UPDATE server_accounts SET last_id = last_id + 1 WHERE account = $1 RETURNING last_id",
    [NEXT_SEQ] = "UPDATE server_accounts SET seq = seq + 1 WHERE account = $1 RETURNING seq",
    [INSERT_ITEM] = "INSERT INTO server_items (account, kind, id, version, seq, body, unique_key)\n"
                    "VALUES ($1, $2, $3, 1, $4, $5, $6)",
    [STORED_ITEM] = "SELECT version, body FROM server_items WHERE account = $1 AND kind = $2 AND id = $3",
    [STORE_ANSWER] = "INSERT INTO server_answers (account, change_id, answer, answered_at) VALUES ($1, $2, $3, $4)",
};

static PGconn *connection;

static double now_seconds(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

static void fail(const char *what, PGresult *result) {
  fprintf(stderr, "Error: %s: %s", what,
          result != NULL ? PQresultErrorMessage(result) : PQerrorMessage(connection));
  exit(70);
}

// Runs statement `which` with `count` values; the result, checked, with `rows` rows (-1: any).
static PGresult *run(int which, int count, const char *const *values, int rows) {
  char name[8];
  snprintf(name, sizeof name, "f%d", which);
  PGresult *result = PQexecPrepared(connection, name, count, values, NULL, NULL, 0);
  ExecStatusType status = PQresultStatus(result);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(sql[which], result);
  if (rows >= 0 && PQntuples(result) != rows) {
    fprintf(stderr, "Error: %d rows from: %s\n", PQntuples(result), sql[which]);
    exit(70);
  }
  return result;
}

static void simple(const char *command) {
  PGresult *result = PQexec(connection, command);
  if (PQresultStatus(result) != PGRES_COMMAND_OK) fail(command, result);
  PQclear(result);
}

int main(int argc, char **argv) {
  if (argc != 11) {
    fprintf(stderr,
            "Usage: lists-pg-floor CONNINFO TOKEN_HASH KIND ACCOUNT BUCKET NODE BODY ANSWER SECONDS PUSHES\n");
    return 64;
  }
  const char *hash = argv[2], *kind = argv[3], *account = argv[4], *bucket = argv[5];
  const char *node = argv[6], *body = argv[7], *answer = argv[8];
  double seconds = atof(argv[9]);
  long limit = atol(argv[10]);
  connection = PQconnectdb(argv[1]);
  if (PQstatus(connection) != CONNECTION_OK) fail("cannot connect", NULL);
  for (int which = 0; which < STATEMENTS; which++) {
    char name[8];
    snprintf(name, sizeof name, "f%d", which);
    PGresult *result = PQprepare(connection, name, sql[which], 0, NULL);
    if (PQresultStatus(result) != PGRES_COMMAND_OK) fail(sql[which], result);
    PQclear(result);
  }

  double start = now_seconds();
  double elapsed = 0;
  long pushes = 0;
  char change_id[64], id[24], seq[24], millis[24];
  while (pushes < limit && elapsed < seconds) {
    snprintf(change_id, sizeof change_id, "floor-%ld-%ld", (long)getpid(), pushes);
    PQclear(run(TOKEN, 1, (const char *[]){hash}, 1));
    PQclear(run(KIND, 1, (const char *[]){kind}, 1));
    simple("BEGIN");
    PGresult *map = run(BUCKET, 1, (const char *[]){bucket}, 1);
    if (strcmp(PQgetvalue(map, 0, 0), node) != 0) {
      fprintf(stderr, "Error: bucket %s is on node %s, not %s\n", bucket, PQgetvalue(map, 0, 0), node);
      return 70;
    }
    PQclear(map);
    PQclear(run(ACCOUNT_ROW, 2, (const char *[]){account, bucket}, 0));
    PQclear(run(ACCOUNT_LOCK, 1, (const char *[]){account}, 1));
    PQclear(run(STORED_ANSWER, 2, (const char *[]){account, change_id}, 0));
    PGresult *next = run(NEXT_ID, 1, (const char *[]){account}, 1);
    snprintf(id, sizeof id, "%s", PQgetvalue(next, 0, 0));
    PQclear(next);
    next = run(NEXT_SEQ, 1, (const char *[]){account}, 1);
    snprintf(seq, sizeof seq, "%s", PQgetvalue(next, 0, 0));
    PQclear(next);
    PQclear(run(INSERT_ITEM, 6, (const char *[]){account, kind, id, seq, body, NULL}, 0));
    PQclear(run(STORED_ITEM, 3, (const char *[]){account, kind, id}, 1));
    struct timespec wall;
    clock_gettime(CLOCK_REALTIME, &wall);
    snprintf(millis, sizeof millis, "%" PRId64, (int64_t)wall.tv_sec * 1000 + wall.tv_nsec / 1000000);
    PQclear(run(STORE_ANSWER, 4, (const char *[]){account, change_id, answer, millis}, 0));
    simple("COMMIT");
    pushes++;
    elapsed = now_seconds() - start;
  }
  printf("%ld %.6f\n", pushes, elapsed);
  PQfinish(connection);
  return 0;
}
