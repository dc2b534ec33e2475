/// What a ``LoaderMachine`` asks its driver to do after an event, in order.
@usableFromInline
package enum LoaderEffect<Item: Sendable, Cursor: Sendable>: Sendable {
  /// Ask the source for the page the ``PageRequest`` names (page number `page`), and report the
  /// outcome as ``LoaderEvent/pageLoaded(_:_:)``, ``LoaderEvent/pageFailed(_:_:)`` or
  /// ``LoaderEvent/cancelled(_:)`` with `request`.
  case fetch(request: RequestID, PageRequest<Cursor>, page: Int, limit: Int)
  /// Cancel the task running `request`; its result will be dropped whatever it is.
  case cancel(RequestID)
  /// Tell observers that the state changed.
  case publish(ListTransition<Item>)
}

extension LoaderEffect: Equatable where Item: Equatable, Cursor: Equatable {}
