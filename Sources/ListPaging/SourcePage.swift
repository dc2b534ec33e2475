/// One page returned by a ``PageSource``: its items and where the next page starts.
public struct SourcePage<Item: Sendable, Cursor: Sendable>: Sendable {
  /// The items of the page, in list order.
  public var items: [Item]
  /// Where the next page starts, or nil when this page is the last one.
  public var nextCursor: Cursor?
  /// Where the page before this one ends, or nil when this page is the first one.
  ///
  /// Only read on the pages of ``PageRequest/before(_:)`` and ``PageRequest/around(_:)``
  /// requests: the place before a page that follows a cursor is that cursor.
  @inlinable
  public var previousCursor: Cursor? {
    get { previousBox?.value }
    set { previousBox = newValue.map(Boxed.init) }
  }
  /// ``previousCursor`` behind one reference: the pages of a forward walk, which never set it,
  /// stay as small as they were.
  @usableFromInline var previousBox: Boxed<Cursor>?
  /// Whether the list itself has items though the query that this page answers (a search,
  /// filters) matched none of them.
  ///
  /// A source that filters sets it on an empty first page when the unfiltered list is not
  /// empty (the store knows its count in O(1)), so that the loader shows
  /// ``ListPhase/noResults`` instead of ``ListPhase/empty``; a list with no items at all is
  /// `empty` whatever the query. Only read on an empty first page.
  public var listHasItems: Bool

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - items: The items of the page, in list order.
  ///   - nextCursor: Where the next page starts; nil when the end of the list was reached.
  ///   - listHasItems: Whether the list has items that the query did not match; see
  ///     ``listHasItems``.
  ///   - previousCursor: Where the page before this one ends; nil when this page is the first.
  @inlinable
  public init(
    items: [Item], nextCursor: Cursor?, listHasItems: Bool = false, previousCursor: Cursor? = nil
  ) {
    self.items = items
    self.nextCursor = nextCursor
    self.listHasItems = listHasItems
    self.previousBox = previousCursor.map(Boxed.init)
  }

  /// Whether the source says another page follows this one.
  @inlinable public var hasMore: Bool { nextCursor != nil }
}

extension SourcePage: Equatable where Item: Equatable, Cursor: Equatable {}
