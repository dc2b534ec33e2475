import ListPaging
import ListStore

extension PlaceholderCatalog {
  /// The placeholders the `lists` command shows for `definitions` (the defaults and the
  /// no-results placeholder): each kind's own from its definition, with the actions it keeps for
  /// the command line (``KindPresentation/placeholderActions``, the JSON's `action`: `lists add
  /// orders --number NUMBER ...`), and the loader's defaults with what to type next — `Retry:
  /// lists show <list>` or `Check the file: lists doctor` for an error, `Clear the search: lists
  /// show <list>` for no results. The wording of the command line lives here and in the texts
  /// the definitions keep for it, not in ListPaging or in the placeholders ListStore makes.
  package static func commandLine(for definitions: [KindDefinition]) -> PlaceholderCatalog {
    let defaults = PlaceholderCatalog()
    var catalog = PlaceholderCatalog()
    for definition in definitions {
      let list = definition.name
      if definition.placeholders[.noResults] == nil {
        catalog.setNoResults(list: list) { query in
          var placeholder = defaults.noResultsPlaceholder(list: list, query: query)
          placeholder.action = "Clear the search: lists show \(list)"
          return placeholder
        }
      }
      // A kind's own error placeholder replaces this one below.
      catalog.setError(list: list) { error in
        var placeholder = defaults.errorPlaceholder(error, list: list)
        placeholder.action = error.isRetryable ? "Retry: lists show \(list)" : "Check the file: lists doctor"
        return placeholder
      }
      // The kind's own placeholders come last, so they win.
      catalog.use(definition, actions: definition.commandLine.placeholderActions)
    }
    return catalog
  }
}
