/// What the request in flight is for.
@usableFromInline
enum LoaderOperation<Item: Sendable, Cursor: Sendable>: Sendable {
  /// Page 1 while the list shows ``ListPhase/loading``.
  case firstLoad
  /// The page after the content.
  case append(page: Int)
  /// The page before the content.
  case prepend(page: Int)
  /// One page of a refresh that keeps showing the current state.
  case refresh(RefreshProgress<Item, Cursor>)
}

/// A refresh in progress: the pages fetched so far, not shown until all of them are in.
@usableFromInline
struct RefreshProgress<Item: Sendable, Cursor: Sendable>: Sendable {
  /// Whether the loader started it because the data changed.
  @usableFromInline var automatic: Bool
  /// How many pages to reload: as many as were shown from the refresh key's page on.
  @usableFromInline var targetPages: Int
  /// The number of the first page reloaded: the page that held the first visible item.
  @usableFromInline var firstNumber: Int
  /// Where the first page reloaded starts: nil at the start of the list.
  @usableFromInline var start: Cursor?
  /// How many shown items came before the first page reloaded; they are not reloaded.
  @usableFromInline var skipped: Int
  /// How many pages came back so far.
  @usableFromInline var pagesFetched = 0
  /// Where the page being fetched starts.
  @usableFromInline var cursor: Cursor?
  /// The pages fetched so far that hold items.
  @usableFromInline var pages: [PageWindow<Cursor>.Page] = []
  /// Their items, in order.
  @usableFromInline var items: LoadedItems<Item> = []
  /// Whether nothing was left from ``start`` on, so the page before it is being fetched: the
  /// neighbour of what was removed.
  @usableFromInline var backward = false

  @inlinable
  init(automatic: Bool, targetPages: Int, firstNumber: Int, start: Cursor?, skipped: Int) {
    self.automatic = automatic
    self.targetPages = targetPages
    self.firstNumber = firstNumber
    self.start = start
    self.skipped = skipped
    self.cursor = start
  }
}

/// The one request a loader has in flight.
@usableFromInline
struct InFlightRequest<Item: Sendable, Cursor: Sendable>: Sendable {
  @usableFromInline var id: RequestID
  @usableFromInline var operation: LoaderOperation<Item, Cursor>

  @inlinable
  init(id: RequestID, operation: LoaderOperation<Item, Cursor>) {
    self.id = id
    self.operation = operation
  }
}
