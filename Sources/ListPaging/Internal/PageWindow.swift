/// Where each page a loader shows starts, so that a refresh can reload from the page holding
/// the first visible item and a dropped page can be loaded again.
///
/// Pages that came back with no items are not kept: they add nothing to the items, so the
/// pages here and the pages of ``LoadedItems`` are the same, one for one.
@usableFromInline
struct PageWindow<Cursor: Sendable>: Sendable {
  /// One shown page.
  @usableFromInline
  struct Page: Sendable {
    /// Where it starts: the place right after the page before it; nil at the start of the list.
    @usableFromInline var start: Cursor?
    /// How many items it holds; at least one.
    @usableFromInline var count: Int

    @inlinable
    init(start: Cursor?, count: Int) {
      self.start = start
      self.count = count
    }
  }

  /// The shown pages, in list order.
  @usableFromInline var pages: [Page] = []
  /// The number of the first shown page: 1 for the page the loader started with, 0 for the
  /// page before it, and so on.
  @usableFromInline var firstNumber = 1

  @inlinable
  init() {}

  /// The index of the page holding item `index` (the last page when it is past the end; 0
  /// when there is none).
  @inlinable
  func page(holding index: Int) -> Int {
    var remaining = index
    for (position, page) in pages.enumerated() {
      if remaining < page.count { return position }
      remaining -= page.count
    }
    return Swift.max(pages.count - 1, 0)
  }

  /// How many items the pages before `page` hold.
  @inlinable
  func itemCount(before page: Int) -> Int {
    var count = 0
    for position in 0..<Swift.min(page, pages.count) { count += pages[position].count }
    return count
  }
}
