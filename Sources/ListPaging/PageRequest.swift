/// Which page a loader asks its source for: the page after a place, the page before it, or the
/// page that holds an item.
///
/// A cursor names a place between two items: a page's ``SourcePage/nextCursor`` is the place
/// after its last item, its ``SourcePage/previousCursor`` the place before its first one.
public enum PageRequest<Cursor: Sendable>: Sendable {
  /// The page that starts right after `cursor`; from the start of the list when nil.
  case after(Cursor?)
  /// The page that ends right before `cursor`: the items before that place, the nearest last.
  case before(Cursor)
  /// The page that starts at the item `cursor` was made for, or where it was when it is gone.
  case around(Cursor)
}

extension PageRequest: Equatable where Cursor: Equatable {}
extension PageRequest: Hashable where Cursor: Hashable {}
