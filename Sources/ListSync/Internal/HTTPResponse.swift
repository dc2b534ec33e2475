/// A whole response: the status, the fields the client reads, and the body.
struct HTTPResponse: Sendable, Equatable {
  var status: Int
  /// `Retry-After`, when sent.
  var retryAfter: String?
  var body: [UInt8]
}

/// How one exchange failed below HTTP, before it is turned into a ``RemoteError``.
enum TransportFailure: Error, Sendable, Equatable {
  /// The host could not be reached (refused, unknown, no route).
  case unreachable
  /// No response in time, or a pause in the body longer than the read timeout.
  case timeout
  /// The connection dropped (a reset) before the body was complete.
  case connectionLost
  /// The connection closed cleanly with fewer bytes than `Content-Length` announced.
  case truncated(expected: Int, received: Int)
  /// The body is larger than the client accepts.
  case tooLarge(limit: Int)
  /// A redirect to another scheme.
  case schemeChange(from: String, to: String)
  /// More redirects than allowed.
  case tooManyRedirects(Int)
  /// A redirect answered a push, which is never followed.
  case redirectedPush
  /// TLS or another failure that retrying cannot mend.
  case other(String)
  case cancelled
}

/// Sends one request and returns the whole response; the one seam between the client and the
/// network.
protocol HTTPTransport: Sendable {
  /// A `GET` of a page.
  func get(_ url: String, headers: [RemoteHeader]) async throws(TransportFailure) -> HTTPResponse
  /// A `POST` of a push, its body JSON.
  func post(_ url: String, headers: [RemoteHeader], json body: [UInt8]) async throws(TransportFailure) -> HTTPResponse
}
