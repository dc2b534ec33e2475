extension PageEvent {
  /// The event's name in JSON: `loading`, `loaded`, `error`, `empty`, `no_results`, `end`,
  /// `refreshing`, `refreshed` or `refresh_failed`.
  public var name: String {
    switch self {
    case .loading: "loading"
    case .loaded: "loaded"
    case .failed: "error"
    case .empty: "empty"
    case .noResults: "no_results"
    case .end: "end"
    case .refreshing: "refreshing"
    case .refreshed: "refreshed"
    case .refreshFailed: "refresh_failed"
    }
  }

  /// The event as one compact JSON object, the line `lists show --events` writes.
  ///
  /// Keys keep this order so that lines can be compared as text, for example
  /// `{"event":"loaded","page":1,"count":20,"has_more":true}` or
  /// `{"event":"error","page":2,"kind":"busy","retryable":true}`.
  public var jsonLine: String {
    var fields: [(String, String)] = [("event", JSONText.quoted(name))]
    switch self {
    case .loading(let page):
      fields.append(("page", String(page)))
    case .loaded(let page, let count, let hasMore):
      fields += [("page", String(page)), ("count", String(count)), ("has_more", String(hasMore))]
    case .failed(let page, let error):
      fields.append(("page", String(page)))
      fields += Self.errorFields(error)
    case .empty, .noResults:
      break
    case .end(let pages, let items):
      fields += [("pages", String(pages)), ("items", String(items))]
    case .refreshing(let automatic):
      fields.append(("automatic", String(automatic)))
    case .refreshed(let count, let hasMore):
      fields += [("count", String(count)), ("has_more", String(hasMore))]
    case .refreshFailed(let error):
      fields += Self.errorFields(error)
    }
    return JSONText.object(fields)
  }

  private static func errorFields(_ error: LoadError) -> [(String, String)] {
    [("kind", JSONText.quoted(error.kind)), ("retryable", String(error.isRetryable))]
  }
}
