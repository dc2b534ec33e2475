/// The placeholders and notices of every list, with the package's defaults and an app's
/// replacements per list, per phase and per error.
///
/// For example:
///
/// ```swift
/// var catalog = PlaceholderCatalog()
/// catalog.setEmpty(Placeholder(title: "Nothing saved"), list: "favorites")
/// catalog.setError(Placeholder(title: "You're offline"), kind: .unreachable)
/// catalog.setError(list: "orders") { error in
///   error.kind == .busy ? Placeholder(title: "Orders are syncing") : nil
/// }
/// catalog.setNoResults(list: "books") { query in
///   Placeholder(title: "Nothing on the shelf matches", detail: "Try fewer words.")
/// }
/// catalog.display(for: loader.state, list: "orders")
/// ```
///
/// An error placeholder is looked up in this order: the list's closure (when it returns a
/// placeholder), the list's placeholder for the error's kind, the placeholder for that kind in
/// every list, the default.
public struct PlaceholderCatalog: Sendable {
  private struct KindKey: Hashable {
    var list: String?
    var kind: ErrorKind
  }

  private var loading: [String: Placeholder] = [:]
  private var empty: [String: Placeholder] = [:]
  private var noResults: [String: Placeholder] = [:]
  private var noResultsMakers: [String: @Sendable (QuerySummary) -> Placeholder?] = [:]
  private var errorsByKind: [KindKey: Placeholder] = [:]
  private var errorMakers: [String: @Sendable (LoadError) -> Placeholder?] = [:]
  private var noticeMakers: [String: @Sendable (ContentNotice) -> String?] = [:]

  /// Creates a catalog holding only the defaults.
  public init() {}

  // MARK: Looking up

  /// The placeholder shown while `list` loads its first page: `Loading <list>…` by default.
  public func loadingPlaceholder(list: String) -> Placeholder {
    loading[list] ?? Placeholder(title: "Loading \(list)…")
  }

  /// The placeholder shown when `list` has no items: `No <list> yet` and `Items you add will
  /// show up here.` by default, with no action — what to do is the app's to say (the `lists`
  /// command gives each kind's from its definition).
  public func emptyPlaceholder(list: String) -> Placeholder {
    empty[list] ?? Placeholder(title: "No \(list) yet", detail: "Items you add will show up here.")
  }

  /// The placeholder shown when `list` has items but none match `query`.
  ///
  /// By default the package's: `No results for “TEXT”` for a search (or
  /// `No <list> match status=done` for filters alone) and `Try another search.`, with no
  /// action. The list's closure comes first (when it returns a placeholder), then its
  /// placeholder, then the default.
  public func noResultsPlaceholder(list: String, query: QuerySummary) -> Placeholder {
    if let made = noResultsMakers[list]?(query) { return made }
    if let custom = noResults[list] { return custom }
    let title: String
    if let search = query.search, !search.isEmpty {
      title = "No results for “\(search)”"
    } else if !query.filters.isEmpty {
      title = "No \(list) match \(query.filters.joined(separator: ", "))"
    } else {
      title = "No results in \(list)"
    }
    return Placeholder(title: title, detail: "Try another search.")
  }

  /// The placeholder shown when the first page of `list` failed with `error`.
  ///
  /// By default: `Couldn't load <list>` and the error's message, with the action `Retry` when
  /// the error is retryable and none when it is permanent.
  public func errorPlaceholder(_ error: LoadError, list: String) -> Placeholder {
    if let made = errorMakers[list]?(error) { return made }
    if let custom = errorsByKind[KindKey(list: list, kind: error.kind)] { return custom }
    if let custom = errorsByKind[KindKey(list: nil, kind: error.kind)] { return custom }
    return Placeholder(
      title: "Couldn't load \(list)", detail: error.message,
      action: error.isRetryable ? "Retry" : nil)
  }

  /// The line shown with the content of `list` about `notice`.
  ///
  /// By default `Couldn't load more <list>: <message>` or `Couldn't refresh <list>: <message>`.
  public func noticeText(_ notice: ContentNotice, list: String) -> String {
    if let made = noticeMakers[list]?(notice) { return made }
    switch notice {
    case .appendFailed(_, let error): return "Couldn't load more \(list): \(error.message)"
    case .refreshFailed(let error): return "Couldn't refresh \(list): \(error.message)"
    }
  }

  /// What to show for `state` of `list`, whose query reads as `query`.
  ///
  /// ``ListPhase/idle`` shows the loading placeholder, like ``ListPhase/loading``: a list that
  /// nothing was asked for yet is about to load, and showing nothing first would blink.
  /// Content shows the items with a notice when the last append or refresh failed.
  public func display<Item>(
    for state: ListState<Item>, list: String, query: QuerySummary = QuerySummary()
  ) -> ListDisplay {
    switch state.phase {
    case .idle, .loading:
      return .placeholder(loadingPlaceholder(list: list))
    case .empty:
      return .placeholder(emptyPlaceholder(list: list))
    case .noResults:
      return .placeholder(noResultsPlaceholder(list: list, query: query))
    case .error:
      // The machine always sets the error in this phase; a hand-made state might not.
      let error =
        state.error
        ?? LoadError(kind: .unknown, message: "The list could not be loaded.", isRetryable: true)
      return .placeholder(errorPlaceholder(error, list: list))
    case .content:
      return .content(notice: Self.notice(of: state).map { noticeText($0, list: list) })
    }
  }

  /// The failure to report with the content of `state`, if any.
  public static func notice<Item>(of state: ListState<Item>) -> ContentNotice? {
    if case .failed(let error) = state.refresh { return .refreshFailed(error) }
    if case .failed(let page, let error) = state.append {
      return .appendFailed(page: page, error: error)
    }
    return nil
  }

  // MARK: Replacing

  /// Replaces the loading placeholder of `list`.
  public mutating func setLoading(_ placeholder: Placeholder, list: String) {
    loading[list] = placeholder
  }

  /// Replaces the empty placeholder of `list`.
  public mutating func setEmpty(_ placeholder: Placeholder, list: String) {
    empty[list] = placeholder
  }

  /// Replaces the no-results placeholder of `list`, whatever the query.
  public mutating func setNoResults(_ placeholder: Placeholder, list: String) {
    noResults[list] = placeholder
  }

  /// Decides the no-results placeholder of `list` per query; when `make` returns nil, the
  /// list's placeholder from ``setNoResults(_:list:)`` is used, else the default.
  public mutating func setNoResults(
    list: String, _ make: @escaping @Sendable (QuerySummary) -> Placeholder?
  ) {
    noResultsMakers[list] = make
  }

  /// Replaces the error placeholder for errors of `kind`, in `list` or, when nil, in every list.
  public mutating func setError(_ placeholder: Placeholder, kind: ErrorKind, list: String? = nil) {
    errorsByKind[KindKey(list: list, kind: kind)] = placeholder
  }

  /// Decides the error placeholder of `list` per error; when `make` returns nil, the lookup
  /// goes on with the placeholders per kind, then the default.
  public mutating func setError(
    list: String, _ make: @escaping @Sendable (LoadError) -> Placeholder?
  ) {
    errorMakers[list] = make
  }

  /// Decides the notice lines of `list`; when `make` returns nil, the default line is used.
  public mutating func setNotice(
    list: String, _ make: @escaping @Sendable (ContentNotice) -> String?
  ) {
    noticeMakers[list] = make
  }
}
