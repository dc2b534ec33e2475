import ListPaging
import TextFormats

extension PageEvent {
  /// The event as one compact JSON object, the line `lists show --events` writes.
  ///
  /// Keys keep this order so that lines can be compared as text, for example
  /// `{"event":"loaded","page":1,"count":20,"has_more":true}` or
  /// `{"event":"error","page":2,"kind":"busy","retryable":true}`.
  package var jsonLine: String {
    var json = JSONWriter()
    json.beginObject()
    json.key("event")
    json.string(name)
    switch self {
    case .loading(let page):
      json.key("page")
      json.int(page)
    case .loaded(let page, let count, let hasMore):
      json.key("page")
      json.int(page)
      json.key("count")
      json.int(count)
      json.key("has_more")
      json.bool(hasMore)
    case .failed(let page, let error):
      json.key("page")
      json.int(page)
      Self.write(error, to: &json)
    case .empty, .noResults:
      break
    case .end(let pages, let items):
      json.key("pages")
      json.int(pages)
      json.key("items")
      json.int(items)
    case .refreshing(let automatic):
      json.key("automatic")
      json.bool(automatic)
    case .refreshed(let count, let hasMore):
      json.key("count")
      json.int(count)
      json.key("has_more")
      json.bool(hasMore)
    case .refreshFailed(let error):
      Self.write(error, to: &json)
    }
    json.endObject()
    return json.withBytes { String(decoding: $0, as: UTF8.self) }
  }

  private static func write(_ error: LoadError, to json: inout JSONWriter) {
    json.key("kind")
    json.string(error.kind.rawValue)
    json.key("retryable")
    json.bool(error.isRetryable)
  }
}
