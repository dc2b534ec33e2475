import ListProtocol
import ListStore

/// Where the server keeps its kinds, tokens, items, answers and deletions: one interface with
/// a backend per database (``SQLiteStorage``, ``PostgresStorage``).
///
/// Every method is one unit of work on one backend: a push is one transaction on one account,
/// a page one read of one account. A backend is shared by every request thread.
package protocol ListStorage: Sendable {
  /// The kind called `name`, or nil when the server has none.
  func kind(named name: String) throws(StorageError) -> KindDefinition?
  /// Every kind, by name.
  func kinds() throws(StorageError) -> [KindDefinition]
  /// Adds `definition` (already validated) as a new kind.
  /// - Throws: ``StorageError/conflict(_:)`` when a kind of that name exists.
  func addKind(_ definition: KindDefinition, now: Int64) throws(StorageError)
  /// Replaces the definition of the kind of the same name.
  /// - Throws: ``StorageError/notFound(_:)`` when there is none.
  func updateKind(_ definition: KindDefinition, now: Int64) throws(StorageError)

  /// The account whose token hashes to `tokenHash` (SHA-256, lowercase hex), or nil.
  func account(forTokenHash tokenHash: String) throws(StorageError) -> String?
  /// Stores a new token of `account` by its hash, under `tokenID`.
  func addToken(id tokenID: String, account: String, tokenHash: String, now: Int64)
    throws(StorageError)
  /// Every token's id and account, oldest first; never a token or its hash.
  func tokens() throws(StorageError) -> [TokenRecord]
  /// Removes the token `tokenID`.
  /// - Throws: ``StorageError/notFound(_:)`` when there is none.
  func removeToken(id tokenID: String) throws(StorageError)

  /// One page of `kind`'s items of `account`, as `request` asks.
  func page(account: String, kind: KindDefinition, request: PageRequest) throws(StorageError)
    -> PageAnswer
  /// The account of the token whose hash is `tokenHash`, the kind `kindName` and its page, read
  /// together (in one snapshot where the storage can).
  func page(tokenHash: String, kindName: String, request: PageRequest) throws(StorageError)
    -> AuthorizedPage
  /// Applies `changes` in order, in one transaction on `account`, each change id at most once:
  /// a change id answered before gets its stored answer.
  func push(account: String, kind: KindDefinition, changes: [PushChange], now: Int64)
    throws(StorageError)
    -> [PushResult]
  /// Forgets deletions older than `deletionsBefore` and answers older than `answersBefore`
  /// (milliseconds since 1970); a checkpoint older than a forgotten deletion then expires.
  func prune(deletionsBefore: Int64, answersBefore: Int64) throws(StorageError)
  /// Nil when the storage answers a trivial read, else what does not, in a few words for
  /// `/healthz` (a node named by its position, never its connection string).
  func healthProblem() -> String?
  /// How many of the 1,024 buckets each node holds, by position, as this process last read
  /// the map; empty for a storage without nodes.
  var bucketsPerNode: [Int] { get }
}

extension ListStorage {
  /// No nodes.
  package var bucketsPerNode: [Int] { [] }

  /// The token's account, then the kind, then the page, each read on its own.
  package func page(tokenHash: String, kindName: String, request: PageRequest)
    throws(StorageError) -> AuthorizedPage
  {
    guard let account = try account(forTokenHash: tokenHash) else { return .unknownToken }
    guard let kind = try kind(named: kindName) else { return .unknownKind(account: account) }
    return .answer(account: account, try page(account: account, kind: kind, request: request))
  }
}
