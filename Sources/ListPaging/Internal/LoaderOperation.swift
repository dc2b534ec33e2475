/// What the request in flight is for.
enum LoaderOperation<Item: Sendable, Cursor: Sendable>: Sendable {
  /// Page 1 while the list shows ``ListPhase/loading``.
  case firstLoad
  /// The page after the content.
  case append(page: Int)
  /// One page of a refresh that keeps showing the current state.
  case refresh(RefreshProgress<Item>)
}

/// A refresh in progress: the pages fetched so far, not shown until all of them are in.
struct RefreshProgress<Item: Sendable>: Sendable {
  /// Whether the loader started it because the data changed.
  var automatic: Bool
  /// How many pages to reload: as many as were shown.
  var targetPages: Int
  /// How many pages came back so far.
  var pagesFetched: Int
  /// Their items, in order.
  var items: LoadedItems<Item>
}

/// The one request a loader has in flight.
struct InFlightRequest<Item: Sendable, Cursor: Sendable>: Sendable {
  var id: RequestID
  var operation: LoaderOperation<Item, Cursor>
}
