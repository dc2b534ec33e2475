import ListPaging

/// What the file knows about a kind's remote, per account: the table `list_sync`.
///
/// The row is written in the same transaction as the rows of each page, so ``nextCursor``
/// always leads to the page after the last one stored. No header value is kept in it.
public struct SyncState: Sendable, Equatable {
  /// The remote's URL, as given to `lists sync --from`.
  public var remoteURL: String
  /// When a page last arrived and was written, or nil when none ever did.
  public var lastSuccessAt: Timestamp?
  /// When the last request was made, successful or not.
  public var lastAttemptAt: Timestamp?
  /// Why the last request failed, or nil when it succeeded: its kind, its one-line message
  /// (without header values) and whether it is worth retrying.
  public var lastError: LoadError?
  /// The remote page (1 for the first) ``lastError`` is about, when it is about one.
  public var lastErrorPage: Int? = nil
  /// The server's cursor of the next page to fetch, or nil (first page not fetched yet, or
  /// no more pages: see ``isComplete``).
  public var nextCursor: String?
  /// The number of the page ``nextCursor`` leads to (1 before the first page).
  public var nextPage: Int
  /// Whether the server said there are no more pages (`next_cursor` was null).
  public var isComplete: Bool
  /// How many remote items the cache holds since the last refresh.
  public var itemCount: Int
  /// Counts the refreshes: a page written for an older refresh (another process refreshed
  /// meanwhile) is dropped rather than mixed in.
  public var generation: Int64
  /// The remote's `checkpoint` from the last page of its last complete walk, or nil when it sent
  /// none (or no walk of this remote completed yet): the next refresh asks only for what
  /// changed since it.
  public var checkpoint: String? = nil

  /// Whether a first page was ever written.
  public var hasSynced: Bool { lastSuccessAt != nil }

  /// The longest remote cursor accepted and kept, in UTF-8 bytes: 4096.
  ///
  /// A cursor is an opaque token that the next request carries in its URL's query; real ones
  /// (an offset, a key, a signed token) are tens to hundreds of bytes. 4096 leaves room for
  /// large signed tokens while the next URL stays within the 8 KiB request line that common
  /// servers and proxies accept, and it bounds what one remote can make the file keep.
  public static let maxCursorBytes = 4096
}

/// One item of a remote page, ready to be written: the server's id and the draft made from it.
public struct RemoteDraft: Sendable {
  /// The server's `id` as text.
  public var remoteID: String
  /// Whether the server sent the id as a JSON integer (`1`), not a string (`"1"`): the two are
  /// different ids.
  public var remoteIDIsInteger: Bool
  /// The item's values.
  public var draft: DynamicDraft
  /// The item's `version` as the remote sent it, or nil when it sent none: sent back as the
  /// `base_version` of a change to the item, with the JSON type it came with.
  public var version: RemoteToken?
  /// The item as the remote sent it (its JSON object), kept as the item's base: what the item
  /// returns to when the remote refuses a change of the person's.
  public var base: String?

  /// Creates a remote draft.
  public init(
    remoteID: String, remoteIDIsInteger: Bool, draft: DynamicDraft, version: RemoteToken? = nil,
    base: String? = nil
  ) {
    self.remoteID = remoteID
    self.remoteIDIsInteger = remoteIDIsInteger
    self.draft = draft
    self.version = version
    self.base = base
  }
}

/// An item's `version` or id as a remote sent it: a string or an integer, kept with its JSON
/// type (`1` and `"1"` are different ids).
public struct RemoteToken: Sendable, Hashable {
  /// The text: the string, or the integer's digits.
  public var text: String
  /// Whether the remote sent it as a JSON integer.
  public var isInteger: Bool

  /// Creates a token.
  public init(text: String, isInteger: Bool) {
    self.text = text
    self.isInteger = isInteger
  }
}

/// A remote page to write into a kind's cache.
public struct RemotePageWrite: Sendable {
  /// The remote's URL.
  public var remoteURL: String
  /// Which page this is: 1 for the first, which is a refresh.
  public var number: Int
  /// The page's items, in the server's order.
  public var items: [RemoteDraft]
  /// The server's `next_cursor`, or nil when this is the last page.
  public var nextCursor: String?
  /// For a later page, the ``SyncState/generation`` it continues; if the file holds another
  /// by now, the page is dropped (another process's refresh won).
  public var generation: Int64?
  /// For page 1: the checkpoint the request asked since (`since=`), making the walk one of only
  /// what changed, which removes nothing but what it names in ``deleted``; nil for a whole walk.
  /// Later pages continue their walk's.
  public var since: String?
  /// The page's `checkpoint`, kept when this is the walk's last page.
  public var checkpoint: String?
  /// The remote ids the page says were deleted: each item is removed here, and a change of the
  /// person's waiting for it becomes a conflict.
  public var deleted: [RemoteToken]

  /// Creates a page write.
  public init(
    remoteURL: String, number: Int, items: [RemoteDraft], nextCursor: String?, generation: Int64? = nil,
    since: String? = nil, checkpoint: String? = nil, deleted: [RemoteToken] = []
  ) {
    self.remoteURL = remoteURL
    self.number = number
    self.items = items
    self.nextCursor = nextCursor
    self.generation = generation
    self.since = since
    self.checkpoint = checkpoint
    self.deleted = deleted
  }
}
