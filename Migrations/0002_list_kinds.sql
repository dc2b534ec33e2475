-- List kinds: the definition of every list kept in the file, so that any build of lists, and any
-- other program, can read what the file holds. The built-in favorites, addresses and orders are
-- written into list_kinds by the store the way it registers an app's own kinds.
--
-- Also: list_counts accepts any kind (the first migration allowed only the three), migrations
-- are recorded per namespace so an app's own migrations never collide with the package's, and
-- the addresses page index follows the list's order exactly (default first, then label, id).

CREATE TABLE list_kinds (
  name       TEXT    PRIMARY KEY,
  item       TEXT    NOT NULL CHECK (length(item) > 0),
  definition TEXT    NOT NULL,
  version    INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  checksum   TEXT    NOT NULL,
  created_at INTEGER NOT NULL
             DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)),
  built_in   INTEGER NOT NULL DEFAULT 0 CHECK (built_in = 0 OR built_in = 1),
  schema_sql TEXT    NOT NULL DEFAULT ''
) STRICT;

-- The count triggers name list_counts; while it is rebuilt, the rename must not re-check them.
PRAGMA legacy_alter_table = ON;
CREATE TABLE list_counts_rebuilt (
  account    TEXT    NOT NULL,
  list       TEXT    NOT NULL CHECK (length(list) > 0),
  item_count INTEGER NOT NULL DEFAULT 0,
  version    INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account, list)
) STRICT, WITHOUT ROWID;
INSERT INTO list_counts_rebuilt (account, list, item_count, version)
  SELECT account, list, item_count, version FROM list_counts;
DROP TABLE list_counts;
ALTER TABLE list_counts_rebuilt RENAME TO list_counts;

CREATE TABLE lists_migrations_rebuilt (
  namespace  TEXT    NOT NULL DEFAULT 'lists' CHECK (length(namespace) > 0),
  number     INTEGER NOT NULL CHECK (number >= 1),
  name       TEXT    NOT NULL,
  checksum   TEXT    NOT NULL,
  applied_at INTEGER NOT NULL,
  PRIMARY KEY (namespace, number)
) STRICT, WITHOUT ROWID;
INSERT INTO lists_migrations_rebuilt (namespace, number, name, checksum, applied_at)
  SELECT 'lists', number, name, checksum, applied_at FROM lists_migrations;
DROP TABLE lists_migrations;
ALTER TABLE lists_migrations_rebuilt RENAME TO lists_migrations;
PRAGMA legacy_alter_table = OFF;

DROP INDEX addresses_page;
CREATE INDEX addresses_page ON addresses (account, is_default DESC, label, id);
DROP INDEX addresses_one_default;
CREATE UNIQUE INDEX addresses_one_is_default ON addresses (account) WHERE is_default = 1;
