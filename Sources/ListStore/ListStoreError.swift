/// Everything the store can fail with, as values a caller can match on.
///
/// Each error has a one-sentence ``message`` that says what was wrong and what to do, and is
/// classified as retryable (``isRetryable``: the database was busy) or permanent.
public enum ListStoreError: Error, Sendable, Equatable {
  // MARK: Bad input (nothing was written)

  // The four errors of reading a value from text (a currency, an amount, a time, an order
  // status) are thrown where no field is known, and their messages name the text rather than
  // a field: they are not `invalidValue`.

  /// A currency code that is not an active ISO 4217 code, e.g. `EURO`: thrown by
  /// ``Currency/init(code:)``.
  case invalidCurrency(String)
  /// An amount that is not an exact non-negative decimal in the currency's minor units: thrown
  /// by ``Money/init(parsing:currency:)`` (the reason says what is wrong) and
  /// ``Money/init(minorUnits:currency:)`` (`is negative`).
  case invalidAmount(String, reason: String)
  /// A time that is not ISO 8601 / RFC 3339, or is out of range: thrown by
  /// ``Timestamp/init(iso8601:)``.
  case invalidTimestamp(String)
  /// A field whose value breaks a rule, e.g. `field: "title", reason: "must not be empty"`:
  /// thrown when an item is added, changed, imported or synced with a value its field refuses
  /// (missing, empty, too long, outside the field's enum, a NUL character, ...), a change
  /// names a field the kind does not have, or the account name is empty or holds a NUL.
  case invalidValue(field: String, reason: String)
  /// An order status outside `pending paid shipped delivered cancelled refunded`: thrown by
  /// ``OrderStatus/init(parsing:)``. (A status given by name to the orders' kind, as the
  /// command line gives it, is checked as any enum field is: ``invalidValue(field:reason:)``.)
  case invalidStatus(String)
  /// A cursor that the list of the kind `kind` did not make (garbage, edited, or from another
  /// kind, account or query).
  case invalidCursor(kind: KindName)
  /// A page size outside what the caller allows.
  case invalidLimit(Int, allowed: ClosedRange<Int>)
  /// Ids that the account's list does not have; nothing was changed. `removing` is true for a
  /// call that removes items (``ListRepository/remove(ids:)``, whose message adds that nothing
  /// was removed), false for one that changes an item (an update, whose `ids` is its one id).
  case itemsNotFound(kind: KindName, ids: [Int64], removing: Bool)
  /// One item of an import was rejected; the whole import was rolled back.
  /// `position` counts from 1.
  indirect case importRejected(position: Int, reason: ListStoreError)

  // MARK: The database file

  /// Another connection held the lock for longer than the busy timeout. Retryable.
  case databaseBusy
  /// The file exists but is not a SQLite database (or is encrypted).
  case notADatabase(path: String)
  /// The file is a SQLite database but damaged.
  case corrupt(path: String, detail: String)
  /// A SQLite database made by another program: it has tables and is not marked as ours.
  case foreignDatabase(path: String)
  /// The file was written by a newer version of its schema than this code knows, and was not
  /// touched. With `app` nil, the package's own schema: a newer build of lists wrote it
  /// (`found` is its schema version). With an app's namespace, the file records more
  /// migrations of the app than the app gives (``ListsDatabase/migrate(app:_:)``): a newer
  /// version of the app wrote it.
  case schemaTooNew(app: String?, found: Int, supported: Int)
  /// A list's kept count differs from its rows — as after another program replaced a row with
  /// `INSERT OR REPLACE`, whose implicit delete fires no trigger unless that program turned on
  /// `PRAGMA recursive_triggers`. ``ListsDatabase/recountLists()`` sets it right.
  case countDrift(kind: KindName, account: String, kept: Int, actual: Int)
  /// An index, a trigger or the table of kept counts that the migrations made is missing or
  /// was changed; no data row is lost, and ``ListsDatabase/repair()`` makes it again.
  case bookkeepingDamaged(path: String, detail: String)
  /// A kind's row of sync state (`list_sync`) holds a value lists never writes (out of range,
  /// of the wrong type, a URL with a user name or password). It is cache state: a sync with
  /// `--from URL` replaces it.
  case syncStateDamaged(kind: String, account: String, detail: String)
  /// A sync with another remote than the kind's while `count` changes of the person's wait for
  /// the kind's remote or are kept as its conflicts and refusals: they belong to that remote.
  case remoteHasChanges(kind: String, count: Int)
  /// An applied migration whose SQL in this code differs from what was applied to the file
  /// (its checksum): with `app` nil one of the package's own (another build of lists made the
  /// file), else one of that app's namespace (a shipped migration was changed).
  case migrationChanged(app: String?, number: Int, name: String)
  /// A migration failed and was rolled back, the file left as it was before it (an app's
  /// earlier migrations stay applied). `app` is nil for the package's own migrations, else the
  /// app's namespace.
  case migrationFailed(app: String?, number: Int, name: String, detail: String)
  /// The database file could not be created (missing or unwritable folder, ...).
  case cannotCreate(path: String, reason: String)
  /// The database file exists but could not be opened (a directory, no permission, ...).
  case cannotOpen(path: String, reason: String)
  /// Not allowed to read or write the file.
  case permissionDenied(path: String)
  /// The disk or the file-size limit is full; the write was rolled back.
  case diskFull
  /// The operating system reported an I/O error.
  case ioError(detail: String)
  /// A write was started from inside a call that holds the database's write transaction open:
  /// a ``ListsDatabase/write(_:)-k0zw`` closure writing through a repository of the database
  /// rather than of the ``ListsTransaction`` it was given, another `write` inside it, an
  /// import's draft source, a ``ListsDatabase/read(_:)`` closure or an in-memory
  /// database's export consumer. Nothing of that write happened.
  case nestedWrite
  /// A kind definition that cannot be registered, or a change to a registered kind that would
  /// lose what is stored; the sentence names the problem.
  case invalidDefinition(String)
  /// No kind of that name is registered in the file.
  case unknownKind(String)
  /// The built-in lists are part of every lists database and cannot be removed.
  case builtInKind(String)
  /// An item whose unique fields equal a stored one's, for a kind whose rule rejects it (or a
  /// change that would make an item equal another): an order number the account already has is
  /// `kind: "orders", item: "order", fields: ["number"]`. `values` are the new item's values of
  /// those fields, as text.
  case duplicateItem(kind: String, item: String, fields: [String], values: [String])
  /// A filter (`status=done`, `pages>=100`) that cannot be applied to the kind: an operator
  /// its field's type does not have, or a value its field cannot hold; the reason says which.
  case invalidFilter(String, reason: String)
  /// A filter or search on a field that the kind does not have; `known` are its fields.
  case unknownField(kind: String, field: String, known: [String])
  /// A search that cannot run: no FTS5 in the linked SQLite, or a NUL in the text.
  case search(SearchError)
  /// SQLite failed in a way the store did not expect: a bug, reported with SQLite's words.
  case internalError(detail: String)
}
