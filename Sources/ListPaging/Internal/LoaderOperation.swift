/// What the request in flight is for.
@usableFromInline
enum LoaderOperation<Item: Sendable, Cursor: Sendable>: Sendable {
  /// Page 1 while the list shows ``ListPhase/loading``.
  case firstLoad
  /// The page after the content.
  case append(page: Int)
  /// One page of a refresh that keeps showing the current state.
  case refresh(RefreshProgress<Item>)
}

/// A refresh in progress: the pages fetched so far, not shown until all of them are in.
@usableFromInline
struct RefreshProgress<Item: Sendable>: Sendable {
  /// Whether the loader started it because the data changed.
  @usableFromInline var automatic: Bool
  /// How many pages to reload: as many as were shown.
  @usableFromInline var targetPages: Int
  /// How many pages came back so far.
  @usableFromInline var pagesFetched: Int
  /// Their items, in order.
  @usableFromInline var items: LoadedItems<Item>

  @inlinable
  init(automatic: Bool, targetPages: Int, pagesFetched: Int, items: LoadedItems<Item>) {
    self.automatic = automatic
    self.targetPages = targetPages
    self.pagesFetched = pagesFetched
    self.items = items
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
