import ListPaging

extension PlaceholderCatalog {
  /// Takes the placeholders `definition` gives, for its list; the phases it gives none for keep
  /// the catalog's (by default `No books yet` for an empty list).
  ///
  /// A definition's placeholders are a headline and the line under it; what to do next is the
  /// caller's to say: `actions` gives it per phase. A program that keeps its words with the kind
  /// passes the placeholders' own (``PlaceholderText/display``'s `action`, as the `lists`
  /// command does); an app passes its own, or none.
  public mutating func use(_ definition: KindDefinition, actions: [PlaceholderPhase: String] = [:]) {
    let list = definition.name
    for (phase, text) in definition.placeholders {
      let placeholder = Placeholder(title: text.title, detail: text.detail, action: actions[phase])
      switch phase {
      case .loading: setLoading(placeholder, list: list)
      case .empty: setEmpty(placeholder, list: list)
      case .noResults: setNoResults(placeholder, list: list)
      case .error: setError(list: list) { _ in placeholder }
      }
    }
  }

  /// The catalog with the placeholders of `definitions`, without actions.
  public init(kinds definitions: [KindDefinition]) {
    self.init()
    for definition in definitions { use(definition) }
  }
}
