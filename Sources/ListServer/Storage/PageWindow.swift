import ListProtocol

/// What a page request reads, from the account's sequences: the walk's start (its
/// checkpoint), the checkpoint it pulls since, and the id it continues after. The same for
/// every backend.
struct PageWindow {
  /// The account's sequence when the walk started.
  let start: Int64
  /// The checkpoint pulled since, or nil for a whole walk.
  let since: Int64?
  /// The id of the last item sent (0 on a first page).
  let after: Int64
  /// Whether the page is a first page of a pull since a checkpoint (it carries `deleted`).
  let carriesDeletions: Bool

  /// The window of `request` for an account at sequence `current` whose newest forgotten
  /// deletion is `pruned`; nil when the checkpoint is older than the deletions kept.
  /// - Throws: ``StorageError/badRequest(_:)`` for a checkpoint after the walk's start.
  static func of(_ request: PageRequest, current: Int64, pruned: Int64) throws(StorageError)
    -> PageWindow?
  {
    let start = request.cursor?.start ?? current
    let since = request.cursor?.since ?? request.since
    if let since {
      guard since <= start else {
        throw .badRequest("the checkpoint was not made by this server")
      }
      if since < pruned { return nil }
    }
    return PageWindow(
      start: start, since: since, after: request.cursor.map { Int64($0.after) ?? 0 } ?? 0,
      carriesDeletions: since != nil && request.cursor == nil)
  }

  /// The page: `count` items (`itemsJSON`), the last of id `lastID`, `more` when the walk goes
  /// on, and the deletions since the checkpoint on a first page of a pull.
  func page(itemsJSON: [UInt8], count: Int, lastID: Int64, more: Bool, deleted: [WireID]?)
    -> PageAnswer
  {
    .page(
      itemsJSON: itemsJSON, count: count,
      nextCursor: more ? WalkCursor(start: start, since: since, after: String(lastID)).text : nil,
      checkpoint: more ? nil : String(start), deleted: deleted)
  }
}
