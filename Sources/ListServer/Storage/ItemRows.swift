/// The rows of one kind of one account inside a push's transaction, as a backend stores them:
/// what ``ChangeApplier`` reads and writes to apply a change, so the rules of a push (checks,
/// conflicts, the unique rule, one-per-account flags, stored answers) are written once for
/// every backend.
///
/// Every method runs in the push's transaction, with the account's row locked.
protocol ItemRows {
  /// The stored item `id`: its version and body, or nil when there is none.
  func stored(_ id: Int64) throws -> (version: Int64, body: String)?
  /// The id of the item whose unique fields are `key` (other than `except`), or nil.
  func holder(of key: String, except: Int64?) throws -> Int64?
  /// The items other than `except` whose one-per-account flag `field` is true: ids and bodies.
  func flagged(_ field: String, except: Int64) throws -> [(id: Int64, body: String)]
  /// Bumps the account's change sequence and returns it.
  func nextSequence() throws -> Int64
  /// Bumps the account's last item id and returns it.
  func nextID() throws -> Int64
  /// Inserts item `id` at version 1.
  func insert(id: Int64, seq: Int64, body: String, uniqueKey: String?) throws
  /// Replaces item `id`'s body (and its unique key when `uniqueKey` is given), one version up.
  func update(id: Int64, seq: Int64, body: String, uniqueKey: String??) throws
  /// Removes item `id`, leaving a deletion at `seq`.
  func remove(id: Int64, seq: Int64, now: Int64) throws
  /// The stored answer of change `changeID` as its JSON, or nil when the change is new.
  func storedAnswer(_ changeID: String) throws -> String?
  /// Stores the answer of a change, in the transaction of its effect.
  func storeAnswer(changeID: String, json: String, now: Int64) throws
}
