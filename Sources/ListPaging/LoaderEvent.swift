/// Everything that can happen to a ``LoaderMachine``: actions, data changes and page results.
@usableFromInline
package enum LoaderEvent<Item: Sendable, Cursor: Sendable>: Sendable {
  /// Show the next page (see ``LoaderAction/loadNextPage``).
  case loadNextPage
  /// Show the page before the content (see ``LoaderAction/loadPreviousPage``).
  case loadPreviousPage
  /// The screen shows the item at this index of ``ListState/items`` first: a refresh reloads
  /// from its page.
  case firstVisibleItem(Int)
  /// Reload what is shown (see ``LoaderAction/refresh``).
  case refresh
  /// Ask again for what failed (see ``LoaderAction/retry``).
  case retry
  /// The underlying data changed.
  case invalidated
  /// The query changed (see ``ListLoader/setQuery(_:execution:)``): a new generation, whose
  /// pages replace everything an older query asked for.
  case queryChanged
  /// The source returned `page` for `request`.
  case pageLoaded(RequestID, SourcePage<Item, Cursor>)
  /// The source failed `request`.
  case pageFailed(RequestID, LoadError)
  /// `request` ended in cancellation; it is dropped, never shown as an error.
  case cancelled(RequestID)

  /// The event of an action.
  @usableFromInline
  package init(_ action: LoaderAction) {
    switch action {
    case .loadNextPage: self = .loadNextPage
    case .loadPreviousPage: self = .loadPreviousPage
    case .refresh: self = .refresh
    case .retry: self = .retry
    case .invalidate: self = .invalidated
    }
  }
}

extension LoaderEvent {
  /// The request this event is the outcome of: a page loaded, failed or cancelled.
  @inlinable
  var settledRequest: RequestID? {
    switch self {
    case .pageLoaded(let request, _), .pageFailed(let request, _), .cancelled(let request): request
    case .loadNextPage, .loadPreviousPage, .firstVisibleItem, .refresh, .retry, .invalidated, .queryChanged: nil
    }
  }
}

extension LoaderEvent: Equatable where Item: Equatable, Cursor: Equatable {}
