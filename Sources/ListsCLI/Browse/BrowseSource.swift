import Dispatch
import ListPaging
import ListStore

/// The pages `lists browse` shows: a kind's items through the generic repository, the search
/// typed after `/` as the loader's query.
///
/// Where the pages come from is one closure, ``pages``: ``searching(_:)``, the store's own
/// search pages for a kind with `search` fields (FTS5), else ``filtering(_:)``.
package struct BrowseSource: PageSource {
  /// The page of up to `limit` items a request names (after a cursor, nil: the first; before
  /// one; around an item), for a search (nil: the whole list).
  package typealias Pages =
    @Sendable (PageRequest<ListCursor>, Int, String?) throws -> SourcePage<DynamicItem, ListCursor>

  /// Where the pages come from.
  package let pages: Pages

  /// Where SQLite's work runs: never on a thread of Swift's cooperative pool, so a page that
  /// waits for a lock holds up no other task (the screen, the keys).
  private static let queue = DispatchQueue(label: "lists.browse.pages", qos: .userInitiated)

  /// A source reading its pages from `pages`.
  package init(pages: @escaping Pages) {
    self.pages = pages
  }

  /// The page `request` names, read on ``queue``.
  package func page(_ request: PageRequest<ListCursor>, limit: Int, query: String?) async throws
    -> SourcePage<DynamicItem, ListCursor>
  {
    let pages = pages
    let result: Result<SourcePage<DynamicItem, ListCursor>, any Error> =
      await withCheckedContinuation {
        continuation in
        Self.queue.async {
          continuation.resume(returning: Result { try pages(request, limit, query) })
        }
      }
    return try result.get()
  }

  /// Pages of `items`; with a search, the items in which every word of it appears (ignoring
  /// case) in one of the kind's `search` fields — every text field when it names none.
  ///
  /// The search walks the list's own pages and keeps what matches: a page it returns holds the
  /// matches of the list's pages it read until it found one, so it is never empty before the
  /// end and never longer than `limit`. An empty first page of a list that has items says so
  /// (``SourcePage/listHasItems``), which the loader shows as no results.
  /// The pages of `items` for a search: the store's full-text search (``KindItems/page(matching:after:limit:)``:
  /// accents and case ignored, the last word a prefix, results in the list's order) for a kind
  /// with `search` fields; ``filtering(_:)`` for one without.
  package static func searching(_ items: KindItems) -> Pages {
    guard !items.definition.search.isEmpty else { return filtering(items) }
    return { request, limit, query in
      source(try items.page(request, matching: KindQuery(search: query), limit: limit))
    }
  }

  /// A store page as the loader's.
  private static func source(_ page: ListPage<DynamicItem>) -> SourcePage<DynamicItem, ListCursor> {
    SourcePage(
      items: page.items, nextCursor: page.nextCursor, listHasItems: page.listHasItems,
      previousCursor: page.previousCursor)
  }

  /// The pages of `items` for a search in a kind without `search` fields: its keyset pages,
  /// keeping the items whose text fields hold every word, ignoring case.
  package static func filtering(_ items: KindItems) -> Pages {
    let definition = items.definition
    let searched = definition.fields.indices.filter { index in
      let field = definition.fields[index]
      if !definition.search.isEmpty { return definition.search.contains(field.name) }
      switch field.type {
      case .text, .enumeration: return true
      default: return false
      }
    }
    return { request, limit, query in
      let words = (query ?? "").lowercased().split(separator: " ").map(String.init)
      guard !words.isEmpty else {
        return source(try items.page(request, matching: nil, limit: limit))
      }
      // A search's results are shown from their top (a loader drops the item it was opened at
      // when the query changes): they are read after a place, or before one when the screen
      // goes back to pages it dropped.
      if case .around = request { throw LoadError.forwardOnly }
      let startsAtTop = request == .after(nil)
      var request = request
      while true {
        let page = try items.page(request, matching: nil, limit: limit)
        let matches = page.items.filter { item in
          let texts = searched.compactMap { index -> String? in
            guard index < item.values.count, case .text(let text) = item.values[index] else {
              return nil
            }
            return text.lowercased()
          }
          return words.allSatisfy { word in texts.contains { $0.contains(word) } }
        }
        switch request {
        case .before:
          guard matches.isEmpty, let previous = page.previousCursor else {
            return SourcePage(
              items: matches, nextCursor: page.nextCursor, previousCursor: page.previousCursor)
          }
          request = .before(previous)
        default:
          guard matches.isEmpty, let next = page.nextCursor else {
            let hasItems = startsAtTop && matches.isEmpty ? try items.count() > 0 : false
            return SourcePage(items: matches, nextCursor: page.nextCursor, listHasItems: hasItems)
          }
          request = .after(next)
        }
      }
    }
  }
}
