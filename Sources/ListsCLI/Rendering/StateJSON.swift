import ListPaging
import ListStore
import TextFormats

/// The keys every `show --json` object ends with, written the same way for a list and for a
/// page of a search or filters.
enum StateJSON {
  /// Writes `"page"`: the limit asked for, the items shown, whether more follow and where, and
  /// where the page before it ends (`previous_cursor`, null at the start).
  static func writePage(
    limit: Int, count: Int, nextCursor: ListCursor?, previousCursor: ListCursor?, into writer: inout JSONWriter
  ) {
    writer.key("page")
    writer.beginObject()
    writer.key("limit")
    writer.int(limit)
    writer.key("count")
    writer.int(count)
    writer.key("has_more")
    writer.bool(nextCursor != nil)
    writer.key("next_cursor")
    writer.string(nextCursor?.token)
    writer.key("previous_cursor")
    writer.string(previousCursor?.token)
    writer.endObject()
  }

  /// Writes `"placeholder"` (title, detail, action, or null) and `"error"` (kind, message,
  /// retryable, or null).
  static func writePlaceholderAndError(_ placeholder: Placeholder?, _ error: LoadError?, into writer: inout JSONWriter) {
    writer.key("placeholder")
    if let placeholder {
      writer.beginObject()
      writer.key("title")
      writer.string(placeholder.title)
      writer.key("detail")
      writer.string(placeholder.detail)
      writer.key("action")
      writer.string(placeholder.action)
      writer.endObject()
    } else {
      writer.null()
    }
    writer.key("error")
    if let error {
      error.writeJSON(into: &writer)
    } else {
      writer.null()
    }
  }
}
