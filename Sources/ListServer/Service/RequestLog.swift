import ListStore
import TextFormats

/// One JSON line per request on stderr: time, method, route, status, milliseconds, account —
/// never a token, a header value, a query or an item.
package struct RequestLog: Sendable {
  private let write: @Sendable (String) -> Void

  /// A log that hands each line (ending in a newline) to `write`.
  package init(write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// The methods logged by name; any other is logged as `OTHER`.
  static let knownMethods: Set<String> = [
    "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS",
  ]

  /// Logs one request.
  package func record(
    method: String, route: String, status: Int, milliseconds: Double, account: String?
  ) {
    var writer = JSONWriter(capacity: 192)
    writer.beginObject()
    writer.key("time")
    writer.string(Timestamp.now().iso8601)
    writer.key("method")
    writer.string(Self.knownMethods.contains(method) ? method : "OTHER")
    writer.key("route")
    writer.string(route)
    writer.key("status")
    writer.int(status)
    writer.key("ms")
    writer.number(literal: String(Double(Int(milliseconds * 1000)) / 1000))
    writer.key("account")
    writer.string(account)
    writer.endObject()
    writer.newline()
    write(String(decoding: writer.bytes, as: UTF8.self))
  }
}
