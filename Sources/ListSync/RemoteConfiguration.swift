/// Where a remote is and how to talk to it: the URL, the headers, the page size, the timeouts,
/// the redirects and the retries.
public struct RemoteConfiguration: Sendable {
  /// The list's URL; pages are `URL?limit=N` and `URL?limit=N&cursor=C` (appended to a query
  /// the URL already has). Must be absolute http or https.
  public var url: String
  /// Headers sent with every request, such as `Authorization`; their values are never shown.
  public var headers: [RemoteHeader]
  /// Items asked for per page (`limit`), 1 to 500.
  public var pageSize: Int
  /// The longest wait for the response's status line: connect, send, the server's first
  /// answer.
  public var connectTimeout: Duration
  /// The longest pause while the body arrives (rounded up to whole seconds on Linux, where
  /// FoundationNetworking counts in seconds).
  public var readTimeout: Duration
  /// The longest one exchange may take in all (whole seconds, like ``readTimeout``).
  public var resourceTimeout: Duration
  /// The most redirects followed for one request; only redirects to the same scheme are.
  public var maxRedirects: Int
  /// The largest body accepted, in bytes; a larger one is a protocol error.
  public var maxBodyBytes: Int
  /// The most pages one walk (``RemoteClient/fetchAll(maxPages:_:)``) reads by default.
  public var maxPages: Int
  /// When and how failed requests are retried.
  public var retry: RetryPolicy

  /// Creates a configuration with defaults for everything but the URL.
  public init(
    url: String, headers: [RemoteHeader] = [], pageSize: Int = 100,
    connectTimeout: Duration = .seconds(10), readTimeout: Duration = .seconds(30),
    resourceTimeout: Duration = .seconds(60), maxRedirects: Int = 5,
    maxBodyBytes: Int = 32 << 20, maxPages: Int = 10_000, retry: RetryPolicy = RetryPolicy()
  ) {
    self.url = url
    self.headers = headers
    self.pageSize = pageSize
    self.connectTimeout = connectTimeout
    self.readTimeout = readTimeout
    self.resourceTimeout = resourceTimeout
    self.maxRedirects = maxRedirects
    self.maxBodyBytes = maxBodyBytes
    self.maxPages = maxPages
    self.retry = retry
  }
}
