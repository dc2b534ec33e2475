import ListProtocol
import ListStore
import TextFormats

/// Reads a remote list page by page over the protocol `Documentation/Sync.md` describes, with the retry policy.
///
/// For example:
///
/// ```swift
/// let client = try RemoteClient(
///   RemoteConfiguration(url: "https://example.com/orders",
///                       headers: [try RemoteHeader(parsing: "Authorization: Bearer t")]))
/// let first = try await client.fetchPage(number: 1, cursor: nil)
/// ```
public final class RemoteClient: Sendable {
  /// What the client was made with.
  public let configuration: RemoteConfiguration
  private let pageURL: PageURL
  private let transport: any HTTPTransport
  private let environment: RemoteEnvironment

  /// Creates a client; nothing is sent yet.
  ///
  /// - Parameters:
  ///   - configuration: The remote and how to talk to it.
  ///   - environment: The clock, sleeper and random numbers of the retries.
  /// - Throws: ``RemoteError`` of kind `ErrorKind.invalidRequest` when the URL is
  ///   not absolute http or https, or the page size is not 1 to 500.
  public convenience init(
    _ configuration: RemoteConfiguration, environment: RemoteEnvironment = .live
  ) throws(RemoteError) {
    let transport = URLSessionTransport(
      connectTimeout: configuration.connectTimeout, readTimeout: configuration.readTimeout,
      resourceTimeout: configuration.resourceTimeout, maxRedirects: configuration.maxRedirects,
      maxBodyBytes: configuration.maxBodyBytes)
    try self.init(configuration, transport: transport, environment: environment)
  }

  init(
    _ configuration: RemoteConfiguration, transport: any HTTPTransport,
    environment: RemoteEnvironment
  ) throws(RemoteError) {
    guard (1...500).contains(configuration.pageSize) else {
      throw RemoteError(
        .invalidRequest, "The page size must be 1 to 500, not \(configuration.pageSize).")
    }
    pageURL = try PageURL(configuration.url)
    self.configuration = configuration
    self.transport = transport
    self.environment = environment
  }

  /// Fetches and checks one page, retrying what is worth retrying.
  ///
  /// - Parameters:
  ///   - number: Which page this is (1 for the first), for messages.
  ///   - cursor: The previous page's ``RemotePage/nextCursor``, or nil for the first page.
  ///   - since: For the first page, a checkpoint the remote gave: only what changed since it is
  ///     asked for.
  /// - Throws: ``RemoteError`` naming the page; for a body that breaks the protocol, also the
  ///   field.
  public func fetchPage(number: Int, cursor: String?, since: String? = nil) async throws(RemoteError) -> RemotePage {
    let url = pageURL.page(limit: configuration.pageSize, cursor: cursor, since: cursor == nil ? since : nil)
    do throws(RemoteError) {
      return try await send({ () async throws(TransportFailure) in
        try await self.transport.get(url, headers: self.configuration.headers)
      }) { (body: [UInt8]) throws(RemoteError) in
        let page = try PageDecoder.decode(body, page: number)
        guard page.items.count <= configuration.pageSize else {
          throw RemoteError(
            .protocolError,
            "the page holds \(page.items.count) items; \(configuration.pageSize) were asked for.",
            page: number)
        }
        return page
      }
    } catch {
      throw error.on(page: number)
    }
  }

  /// Sends changes to the remote in one `POST` to its URL and returns its answer, one result
  /// per change in their order, checked against the protocol.
  ///
  /// A push is retried as a page is: every change carries the id its client made, and a remote
  /// answers an id it has seen with its first answer, so sending the same changes again cannot
  /// apply them twice. A redirect is never followed.
  /// - Parameter changes: At most 100 changes, each the JSON object the protocol describes.
  /// - Throws: ``RemoteError`` about the push; for an answer that breaks the protocol, naming
  ///   the result.
  public func push(_ changes: [OutgoingChange]) async throws(RemoteError) -> [PushAnswer] {
    var writer = JSONWriter(capacity: 64 + changes.reduce(0) { $0 + $1.json.utf8.count + 1 })
    writer.beginObject()
    writer.key("changes")
    writer.beginArray()
    for change in changes { writer.raw(json: change.json) }
    writer.endArray()
    writer.endObject()
    let body = writer.bytes
    let url = pageURL.base
    do throws(RemoteError) {
      return try await send({ () async throws(TransportFailure) in
        try await self.transport.post(url, headers: self.configuration.headers, json: body)
      }) { (answer: [UInt8]) throws(RemoteError) in
        try PushDecoder.decode(answer, sent: changes.map(\.changeID))
      }
    } catch {
      throw error.onPush()
    }
  }

  /// Makes one request with `exchange` until it succeeds or fails for good, retrying what is
  /// worth retrying, and decodes the 2xx body with `decode`.
  private func send<T>(
    _ exchange: () async throws(TransportFailure) -> HTTPResponse,
    decode: ([UInt8]) throws(RemoteError) -> T
  ) async throws(RemoteError) -> T {
    let start = environment.elapsed()
    var attempt = 0
    while true {
      attempt += 1
      let failure: RemoteError
      let retryAfter: Duration?
      do throws(RemoteError) {
        switch try await self.exchange(exchange) {
        case .answer(let response):
          return try decode(response.body)
        case .retry(let error, let wait):
          failure = error
          retryAfter = wait
        }
      } catch {
        var final = error
        final.attempts = attempt
        throw final
      }
      let wait = configuration.retry.delay(
        afterAttempt: attempt, retryAfter: retryAfter, elapsed: environment.elapsed() - start,
        random: environment.random())
      guard let wait else {
        var final = failure
        final.attempts = attempt
        throw final
      }
      do {
        try await environment.sleep(wait)
      } catch {
        throw RemoteError(.cancelled, "the request was cancelled.")
      }
    }
  }

  /// Reads pages from the first until `next_cursor` is null, handing each to `body` in order.
  ///
  /// The walk is bounded: it stops with a protocol error after `maxPages` pages, or when a
  /// page's `next_cursor` repeats one already followed (a loop). Its memory does not grow with
  /// the cursors' length: it keeps a 64-bit digest of each cursor followed, not the cursor.
  /// - Parameters:
  ///   - maxPages: The most pages read; ``RemoteConfiguration/maxPages`` by default.
  ///   - body: Called with each page before the next is asked for; what it throws ends the walk.
  /// - Returns: How many pages were read.
  @discardableResult
  public func fetchAll(
    maxPages: Int? = nil, _ body: (RemotePage) async throws -> Void
  ) async throws -> Int {
    let limit = maxPages ?? configuration.maxPages
    var cursor: String?
    var followed = CursorLoopCheck()
    var number = 0
    repeat {
      number += 1
      guard number <= limit else {
        throw RemoteError(
          .protocolError, "the list did not end within \(limit) pages.", page: number)
      }
      let page = try await fetchPage(number: number, cursor: cursor)
      try await body(page)
      cursor = page.nextCursor
      if let next = cursor { try followed.follow(next, page: number) }
    } while cursor != nil
    return number
  }

  /// One request: a 2xx answer, a failure worth retrying, or (thrown) a permanent one.
  private func exchange(
    _ send: () async throws(TransportFailure) -> HTTPResponse
  ) async throws(RemoteError) -> Attempt {
    let response: HTTPResponse
    do {
      response = try await send()
    } catch {
      let mapped = Self.error(for: error)
      if mapped.isRetryable { return .retry(mapped, after: nil) }
      throw mapped
    }
    let status = response.status
    switch status {
    case 200..<300:
      return .answer(response)
    case 401, 403:
      throw RemoteError(
        .refused, "the server refused the request (\(status)); check the credentials.",
        status: status)
    case 429, 500..<600:
      let retryAfter = response.retryAfter.flatMap {
        RetryAfter.wait($0, now: environment.unixTime())
      }
      let error =
        status == 429
        ? RemoteError(.rateLimited, "the server is rate limiting (429).", status: status)
        : RemoteError(.serverError, "the server failed (\(status)).", status: status)
      return .retry(error, after: retryAfter)
    case 410 where Self.saysCheckpointExpired(response):
      var error = RemoteError(
        .clientError, "the server no longer knows the checkpoint (410); the list is walked whole.", status: status)
      error.isCheckpointExpired = true
      throw error
    case 400..<500:
      throw RemoteError(
        .clientError, "the server rejected the request (\(status)); check the URL.",
        status: status)
    default:
      throw RemoteError(
        .protocolError, "the server answered \(status).", status: status)
    }
  }

  /// Whether a response's body is `{"error": "checkpoint_expired", ...}`.
  private static func saysCheckpointExpired(_ response: HTTPResponse) -> Bool {
    guard case .object(let body)? = try? JSONParser.parse(response.body),
      case .string("checkpoint_expired")? = body["error"]
    else { return false }
    return true
  }

  private static func error(for failure: TransportFailure) -> RemoteError {
    switch failure {
    case .unreachable:
      RemoteError(.unreachable, "the server is unreachable (no connection could be made).")
    case .timeout: RemoteError(.timeout, "the server did not answer in time.")
    case .connectionLost: RemoteError(.connectionLost, "the connection dropped mid-answer.")
    case .truncated(let expected, let received):
      RemoteError(
        .protocolError,
        "the body is cut short: \(received) of the \(expected) bytes its Content-Length announced."
      )
    case .tooLarge(let limit):
      RemoteError(.protocolError, "the body is larger than \(limit) bytes.")
    case .schemeChange(let from, let to):
      RemoteError(.redirectRefused, "a redirect from \(from) to \(to) was refused.")
    case .tooManyRedirects(let limit):
      RemoteError(.redirectRefused, "more than \(limit) redirects.")
    case .redirectedPush:
      RemoteError(.redirectRefused, "the server answered the push with a redirect, which is never followed.")
    case .other(let reason): RemoteError(.unreachable, "\(reason).")
    case .cancelled: RemoteError(.cancelled, "the request was cancelled.")
    }
  }
}

/// How one attempt ended, when it did not end the request.
private enum Attempt {
  /// A 2xx response.
  case answer(HTTPResponse)
  /// A failure worth retrying, with the server's `Retry-After`.
  case retry(RemoteError, after: Duration?)
}
