import ListPaging

/// The kinds of failure a sync server's answer can be: HTTP's statuses and the protocol's own
/// rules, beside the kinds any source has (``ListPaging/ErrorKind``).
extension ErrorKind {
  /// The server answered 5xx. Retryable.
  public static let serverError: ErrorKind = "server_error"
  /// The server answered 429. Retryable.
  public static let rateLimited: ErrorKind = "rate_limited"
  /// The answer is not the protocol's: bad JSON, a missing field, a body cut short, pages that
  /// loop. Permanent.
  public static let protocolError: ErrorKind = "protocol"
  /// A redirect to another scheme, or too many redirects. Permanent.
  public static let redirectRefused: ErrorKind = "redirect"
  /// The server answered 401 or 403. Permanent.
  public static let refused: ErrorKind = "refused"
  /// The server answered another 4xx: it will never accept the request as made. Permanent.
  public static let clientError: ErrorKind = "client_error"
}
