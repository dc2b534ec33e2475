import CLISupport
import ListPaging
import ListStore
import TextFormats

/// A search and filters as `show` and `watch` were given them (`--search TEXT`, `--where
/// FIELD=VALUE ...`): the store's query, with the filters as typed for the JSON `query`
/// object, the placeholder's title and the footer's next command.
struct TypedQuery: Sendable {
  /// The query the loader pages with.
  var query: KindQuery
  /// The filters as typed.
  var filterTexts: [String]

  /// What the no-results placeholder names: the search when the kind runs one, and the filters.
  var summary: QuerySummary {
    QuerySummary(search: ((try? query.searchQuery()) ?? nil) == nil ? nil : query.search, filters: filterTexts)
  }

  /// The query of `search` and `filters` (as typed) for `items`, checked: a bad filter, a
  /// search the kind cannot run, or a cursor `after` of another query is a usage error of
  /// `command`. Nil when neither was given: the whole list.
  static func parse(
    search: String?, filters texts: [String], after: ListCursor?, for items: KindItems, command: String
  ) throws(CLIError) -> TypedQuery? {
    guard search != nil || !texts.isEmpty else { return nil }
    let definition = items.definition
    var filters: [KindFilter] = []
    for text in texts {
      do {
        filters.append(try KindFilter(parsing: text, in: definition))
      } catch {
        throw usage(error, definition, command)
      }
    }
    let query = KindQuery(search: search, filters: filters)
    if let after {
      do {
        try items.validate(after, for: query)
      } catch {
        throw .usageMessage(
          "The cursor was not made by a page of this search and these filters of \(definition.name); "
            + "use the next_cursor of a page of the same query.", commandPath: [command])
      }
    }
    do {
      _ = try items.page(matching: query, after: after, limit: 1)
    } catch {
      // A search the kind cannot run, or a bad filter: a misuse of the command, said at once.
      switch error {
      case .search, .unknownField, .invalidFilter: throw usage(error, definition, command)
      default: break
      }
    }
    return TypedQuery(query: query, filterTexts: texts)
  }

  /// A store error about the query as a usage error, with did-you-mean for an unknown field.
  private static func usage(_ error: ListStoreError, _ definition: KindDefinition, _ command: String) -> CLIError {
    if case .unknownField(let kind, let field, let known) = error {
      let hint = NearMiss.suggestion(for: field, among: known).map { " Did you mean '\($0)'?" } ?? ""
      return .usageMessage(
        "Unknown field '\(TerminalEscaping.escape(field))' of \(kind).\(hint)", commandPath: [command])
    }
    return .usageMessage(error.message, commandPath: [command])
  }

  /// `show LIST --search TEXT --where ...` as a shell would take it back, for the footer.
  func words(list: String) -> [String] {
    var words = ["show", list]
    if let search = query.search { words += ["--search", Self.quoted(search)] }
    for text in filterTexts { words += ["--where", Self.quoted(text)] }
    return words
  }

  /// A word for a shell: as it is when it is plain, else in single quotes.
  private static func quoted(_ word: String) -> String {
    let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "=<>._-:".contains($0) }
    return plain && !word.isEmpty
      ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
}
