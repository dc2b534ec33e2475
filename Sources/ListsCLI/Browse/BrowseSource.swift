import Dispatch
import ListPaging
import ListStore

/// The pages `lists browse` shows: a kind's items through the generic repository, the search
/// typed after `/` as the loader's query.
///
/// Where the pages come from is one closure, ``pages``: ``searching(_:)``, the store's own
/// search pages for a kind with `search` fields (FTS5), else ``filtering(_:)``.
package struct BrowseSource: PageSource {
  /// The page of up to `limit` items after a cursor (nil: the first), for a search (nil: the
  /// whole list).
  package typealias Pages =
    @Sendable (ListCursor?, Int, String?) throws -> SourcePage<DynamicItem, ListCursor>

  /// Where the pages come from.
  package let pages: Pages

  /// Where SQLite's work runs: never on a thread of Swift's cooperative pool, so a page that
  /// waits for a lock holds up no other task (the screen, the keys).
  private static let queue = DispatchQueue(label: "lists.browse.pages", qos: .userInitiated)

  /// A source reading its pages from `pages`.
  package init(pages: @escaping Pages) {
    self.pages = pages
  }

  /// The whole list's page after `cursor`.
  package func page(after cursor: ListCursor?, limit: Int) async throws -> SourcePage<
    DynamicItem, ListCursor
  > {
    try await page(after: cursor, limit: limit, query: nil)
  }

  /// The page after `cursor` of the items `query` matches.
  package func page(after cursor: ListCursor?, limit: Int, query: String?) async throws
    -> SourcePage<DynamicItem, ListCursor>
  {
    let pages = pages
    let result: Result<SourcePage<DynamicItem, ListCursor>, any Error> =
      await withCheckedContinuation {
        continuation in
        Self.queue.async {
          continuation.resume(returning: Result { try pages(cursor, limit, query) })
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
    return { cursor, limit, query in
      let page = try items.page(matching: KindQuery(search: query), after: cursor, limit: limit)
      return SourcePage(items: page.items, nextCursor: page.nextCursor, listHasItems: page.listHasItems)
    }
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
    return { cursor, limit, query in
      let words = (query ?? "").lowercased().split(separator: " ").map(String.init)
      guard !words.isEmpty else {
        let page = try items.page(after: cursor, limit: limit)
        return SourcePage(items: page.items, nextCursor: page.nextCursor)
      }
      var after = cursor
      while true {
        let page = try items.page(after: after, limit: limit)
        let matches = page.items.filter { item in
          let texts = searched.compactMap { index -> String? in
            guard index < item.values.count, case .text(let text) = item.values[index] else {
              return nil
            }
            return text.lowercased()
          }
          return words.allSatisfy { word in texts.contains { $0.contains(word) } }
        }
        if !matches.isEmpty || page.nextCursor == nil {
          let hasItems = cursor == nil && matches.isEmpty ? try items.count() > 0 : false
          return SourcePage(items: matches, nextCursor: page.nextCursor, listHasItems: hasItems)
        }
        after = page.nextCursor
      }
    }
  }
}
