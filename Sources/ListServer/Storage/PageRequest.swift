import ListProtocol

/// What a `GET` asks for: a number of items, and where the walk is (a first page, a page after
/// a cursor, or a pull since a checkpoint).
package struct PageRequest: Sendable, Equatable {
  /// The most items the page holds (1–500).
  package var limit: Int
  /// The cursor of the page before, when this is not a first page.
  package var cursor: WalkCursor?
  /// The checkpoint a first page of a pull asks `since`.
  package var since: Int64?

  /// A request.
  package init(limit: Int, cursor: WalkCursor? = nil, since: Int64? = nil) {
    self.limit = limit
    self.cursor = cursor
    self.since = since
  }
}

/// What the storage answers a page request with.
package enum PageAnswer: Sendable, Equatable {
  /// The page, ready to send: its items with `id` and `version` (their JSON objects,
  /// comma-separated), how many, the next cursor, the checkpoint on the last page, and on the
  /// first page of a pull since a checkpoint the ids deleted since.
  case page(
    itemsJSON: [UInt8], count: Int, nextCursor: String?, checkpoint: String?, deleted: [WireID]?)
  /// The checkpoint is older than the deletions kept: `410 checkpoint_expired`.
  case checkpointExpired
}

/// What a page request finds when its token, its kind and its page are read together.
package enum AuthorizedPage: Sendable, Equatable {
  /// No account has the token.
  case unknownToken
  /// The token is `account`'s, and no kind has the name.
  case unknownKind(account: String)
  /// The token is `account`'s, and the page.
  case answer(account: String, PageAnswer)
}
