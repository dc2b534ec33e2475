/// One request as the daemon hands it to its handler: whole, its body read (or found too large).
package struct HTTPRequest: Sendable {
  /// The method, e.g. `GET`.
  package var method: String
  /// The path, without the query.
  package var path: String
  /// The query's arguments, percent-decoded, by name (a name given twice keeps one value).
  package var query: [String: String]
  /// The value of the `Authorization` header, when given.
  package var authorization: String?
  /// The body: empty when none, or when it was too large.
  package var body: [UInt8]
  /// Whether the body passed ``HTTPLimits/maxBodyBytes``.
  package var bodyTooLarge: Bool
  /// Whether the body was announced larger than ``HTTPLimits/maxDrainedBodyBytes``: it is
  /// answered before it is read.
  package var bodyTooLargeToDrain = false
  /// Whether the header fields passed ``HTTPLimits/maxHeaderBytes``.
  package var headersTooLarge: Bool
  /// Whether the daemon holds more connections than it may serve.
  package var overConnectionLimit: Bool
  /// When its first bytes were read, for its duration in the log and metrics.
  package var startedAt: ContinuousClock.Instant

  /// A request.
  package init(
    method: String, path: String, query: [String: String] = [:], authorization: String? = nil,
    body: [UInt8] = [],
    bodyTooLarge: Bool = false, headersTooLarge: Bool = false, overConnectionLimit: Bool = false,
    startedAt: ContinuousClock.Instant = .now
  ) {
    self.startedAt = startedAt
    self.method = method
    self.path = path
    self.query = query
    self.authorization = authorization
    self.body = body
    self.bodyTooLarge = bodyTooLarge
    self.headersTooLarge = headersTooLarge
    self.overConnectionLimit = overConnectionLimit
  }
}
