extension PageEvent {
  /// The event's name: `loading`, `loaded`, `error`, `empty`, `no_results`, `end`, `refreshing`, `refreshed`
  /// or `refresh_failed`.
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
}
