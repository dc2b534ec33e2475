-- The three lists, the item counts kept beside them, and the indexes their pages walk.
--
-- Every column a user of the documented tables does not list has a default, so a plain INSERT
-- of the documented columns from the sqlite3 shell or Python works. Timestamps are integer Unix
-- milliseconds (UTC). Constraints that SQL can hold live here, not only in Swift.
--
-- Checks against a set of values are written as OR chains, not `IN (...)`: SQLite builds a
-- temporary table for an IN list on every row it checks, which doubled the cost of an insert.

CREATE TABLE favorites (
  id       INTEGER PRIMARY KEY,
  account  TEXT    NOT NULL DEFAULT 'default' CHECK (length(account) > 0),
  ref      TEXT    NOT NULL CHECK (length(ref) > 0),
  title    TEXT    NOT NULL CHECK (length(title) > 0),
  note     TEXT,
  added_at INTEGER NOT NULL
           DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)),
  UNIQUE (account, ref)
) STRICT;

-- Keyset pages: newest first, ties broken by id.
CREATE INDEX favorites_page ON favorites (account, added_at DESC, id DESC);

CREATE TABLE addresses (
  id          INTEGER PRIMARY KEY,
  account     TEXT    NOT NULL DEFAULT 'default' CHECK (length(account) > 0),
  label       TEXT    NOT NULL COLLATE NOCASE CHECK (length(label) > 0),
  recipient   TEXT    NOT NULL CHECK (length(recipient) > 0),
  line1       TEXT    NOT NULL CHECK (length(line1) > 0),
  line2       TEXT,
  city        TEXT    NOT NULL CHECK (length(city) > 0),
  region      TEXT,
  postal_code TEXT    NOT NULL CHECK (length(postal_code) > 0),
  country     TEXT    NOT NULL CHECK (length(country) = 2 AND country GLOB '[A-Z][A-Z]'),
  phone       TEXT,
  is_default  INTEGER NOT NULL DEFAULT 0 CHECK (is_default = 0 OR is_default = 1),
  created_at  INTEGER NOT NULL
              DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER))
) STRICT;

-- At most one default address per account.
CREATE UNIQUE INDEX addresses_one_default ON addresses (account) WHERE is_default = 1;
-- Keyset pages: the default first, then label (case-insensitive: the column's collation), then id.
CREATE INDEX addresses_page ON addresses (account, is_default, label, id);

CREATE TABLE orders (
  id          INTEGER PRIMARY KEY,
  account     TEXT    NOT NULL DEFAULT 'default' CHECK (length(account) > 0),
  number      TEXT    NOT NULL CHECK (length(number) > 0),
  status      TEXT    NOT NULL DEFAULT 'pending'
              CHECK (status = 'pending' OR status = 'paid' OR status = 'shipped'
                     OR status = 'delivered' OR status = 'cancelled' OR status = 'refunded'),
  total_minor INTEGER NOT NULL CHECK (total_minor >= 0),
  currency    TEXT    NOT NULL CHECK (length(currency) = 3 AND currency GLOB '[A-Z][A-Z][A-Z]'),
  placed_at   INTEGER NOT NULL
              DEFAULT (CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)),
  UNIQUE (account, number)
) STRICT;

-- Keyset pages: newest first, ties broken by id.
CREATE INDEX orders_page ON orders (account, placed_at DESC, id DESC);

-- Item counts per account and list, kept by the triggers below in the same transaction as the
-- rows, so "how many / is it empty" is one primary-key lookup however long the list, also when
-- another program writes the tables with plain SQL. `version` grows with every change to the
-- list; observers compare it to tell which lists changed.
CREATE TABLE list_counts (
  account    TEXT    NOT NULL,
  list       TEXT    NOT NULL
             CHECK (list = 'favorites' OR list = 'addresses' OR list = 'orders'),
  item_count INTEGER NOT NULL DEFAULT 0,
  version    INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account, list)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER favorites_counted_insert AFTER INSERT ON favorites BEGIN
  INSERT INTO list_counts (account, list, item_count, version) VALUES (NEW.account, 'favorites', 1, 1)
  ON CONFLICT (account, list) DO UPDATE SET item_count = item_count + 1, version = version + 1;
END;
CREATE TRIGGER favorites_counted_delete AFTER DELETE ON favorites BEGIN
  UPDATE list_counts SET item_count = item_count - 1, version = version + 1
  WHERE account = OLD.account AND list = 'favorites';
END;
CREATE TRIGGER favorites_counted_update AFTER UPDATE ON favorites BEGIN
  UPDATE list_counts SET item_count = item_count - 1, version = version + 1
  WHERE account = OLD.account AND list = 'favorites';
  INSERT INTO list_counts (account, list, item_count, version) VALUES (NEW.account, 'favorites', 1, 1)
  ON CONFLICT (account, list) DO UPDATE SET item_count = item_count + 1, version = version + 1;
END;

CREATE TRIGGER addresses_counted_insert AFTER INSERT ON addresses BEGIN
  INSERT INTO list_counts (account, list, item_count, version) VALUES (NEW.account, 'addresses', 1, 1)
  ON CONFLICT (account, list) DO UPDATE SET item_count = item_count + 1, version = version + 1;
END;
CREATE TRIGGER addresses_counted_delete AFTER DELETE ON addresses BEGIN
  UPDATE list_counts SET item_count = item_count - 1, version = version + 1
  WHERE account = OLD.account AND list = 'addresses';
END;
CREATE TRIGGER addresses_counted_update AFTER UPDATE ON addresses BEGIN
  UPDATE list_counts SET item_count = item_count - 1, version = version + 1
  WHERE account = OLD.account AND list = 'addresses';
  INSERT INTO list_counts (account, list, item_count, version) VALUES (NEW.account, 'addresses', 1, 1)
  ON CONFLICT (account, list) DO UPDATE SET item_count = item_count + 1, version = version + 1;
END;

CREATE TRIGGER orders_counted_insert AFTER INSERT ON orders BEGIN
  INSERT INTO list_counts (account, list, item_count, version) VALUES (NEW.account, 'orders', 1, 1)
  ON CONFLICT (account, list) DO UPDATE SET item_count = item_count + 1, version = version + 1;
END;
CREATE TRIGGER orders_counted_delete AFTER DELETE ON orders BEGIN
  UPDATE list_counts SET item_count = item_count - 1, version = version + 1
  WHERE account = OLD.account AND list = 'orders';
END;
CREATE TRIGGER orders_counted_update AFTER UPDATE ON orders BEGIN
  UPDATE list_counts SET item_count = item_count - 1, version = version + 1
  WHERE account = OLD.account AND list = 'orders';
  INSERT INTO list_counts (account, list, item_count, version) VALUES (NEW.account, 'orders', 1, 1)
  ON CONFLICT (account, list) DO UPDATE SET item_count = item_count + 1, version = version + 1;
END;
