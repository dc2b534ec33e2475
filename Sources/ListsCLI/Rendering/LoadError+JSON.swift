import ListPaging
import TextFormats

extension LoadError {
  /// `{"kind": ..., "message": ..., "retryable": ...}`, as `show --json` writes an error (and
  /// its `sync` object the remote's).
  func writeJSON(into writer: inout JSONWriter) {
    writer.beginObject()
    writer.key("kind")
    writer.string(kind.rawValue)
    writer.key("message")
    writer.string(message)
    writer.key("retryable")
    writer.bool(isRetryable)
    writer.endObject()
  }
}
