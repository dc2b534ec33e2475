import ListPaging

extension PlaceholderCatalog {
  /// Takes the placeholders `definition` gives, for its list; the phases it gives none for
  /// keep the catalog's (by default `No books yet` for an empty list).
  public mutating func use(_ definition: KindDefinition) {
    let list = definition.name
    for (phase, text) in definition.placeholders {
      let placeholder = Placeholder(title: text.title, detail: text.detail, action: text.action)
      switch phase {
      case .loading: setLoading(placeholder, list: list)
      case .empty: setEmpty(placeholder, list: list)
      case .noResults: setNoResults(placeholder, list: list)
      case .error: setError(list: list) { _ in placeholder }
      }
    }
  }

  /// The catalog with the placeholders of `definitions`.
  public init(kinds definitions: [KindDefinition]) {
    self.init()
    for definition in definitions { use(definition) }
  }
}
