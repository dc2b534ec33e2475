import Foundation
import ListProtocol
import ListStore
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The transport on URLSession (FoundationNetworking on Linux, which runs on libcurl).
///
/// - An ephemeral configuration: no cache, no cookies, no credential storage.
/// - Timeouts: `connectTimeout` bounds the time until the response's status line has arrived
///   (connect, send, the server's first answer; URLSession has no separate connect phase), with
///   a timer of its own because FoundationNetworking truncates its timeouts to whole seconds;
///   `readTimeout` is URLSession's request timeout, the longest pause between bytes (rounded
///   up to a whole second for the same reason); `resourceTimeout` bounds the whole exchange.
/// - A body is counted against `Content-Length`. A connection that closes cleanly early is a
///   truncated body (libcurl's "partial file", which FoundationNetworking reports as an
///   unknown error); a reset is `networkConnectionLost`. Both arrive as errors after the
///   response; the error code is what tells them apart.
/// - Redirects are followed to the same scheme only, at most `maxRedirects` times; when one
///   goes to another origin (scheme, host, port), the configured headers are not sent there.
final class URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let delegate: SessionDelegate
  private let connectTimeout: Duration

  init(
    connectTimeout: Duration, readTimeout: Duration, resourceTimeout: Duration,
    maxRedirects: Int, maxBodyBytes: Int
  ) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCredentialStorage = nil
    configuration.timeoutIntervalForRequest = Self.wholeSeconds(readTimeout)
    configuration.timeoutIntervalForResource = Self.wholeSeconds(resourceTimeout)
    delegate = SessionDelegate(maxRedirects: maxRedirects, maxBodyBytes: maxBodyBytes)
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    self.connectTimeout = connectTimeout
  }

  deinit {
    session.invalidateAndCancel()
  }

  func get(_ url: String, headers: [RemoteHeader]) async throws(TransportFailure) -> HTTPResponse {
    try await send("GET", url, headers: headers, body: nil)
  }

  func post(_ url: String, headers: [RemoteHeader], json body: [UInt8]) async throws(TransportFailure) -> HTTPResponse {
    try await send("POST", url, headers: headers, body: body)
  }

  /// One request; a `POST` never follows a redirect (a client would turn it into a `GET`, or
  /// send the person's changes to a URL the remote's answer named).
  private func send(
    _ method: String, _ url: String, headers: [RemoteHeader], body: [UInt8]?
  ) async throws(TransportFailure) -> HTTPResponse {
    guard let address = URL(string: url) else { throw .other("the URL is not valid") }
    var request = URLRequest(url: address)
    request.httpMethod = method
    for header in headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
    if let body {
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = Data(body)
    }
    let task = session.dataTask(with: request)
    let exchange = Exchange(
      url: url, scheme: address.scheme?.lowercased() ?? "", headers: headers, followsRedirects: method == "GET")
    let limit = connectTimeout
    let timer = Task {
      try await Task.sleep(for: limit)
      if exchange.timeOutUnlessAnswered() { task.cancel() }
    }
    defer { timer.cancel() }
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
        exchange.start(continuation)
        delegate.register(exchange, for: task.taskIdentifier)
        task.resume()
      }
    } onCancel: {
      exchange.finish(.failure(.cancelled))
      task.cancel()
    }
    return try outcome.get()
  }

  /// A whole number of seconds, at least one: FoundationNetworking drops the fraction, and a
  /// zero there times out at once.
  private static func wholeSeconds(_ duration: Duration) -> TimeInterval {
    let (seconds, attoseconds) = duration.components
    return TimeInterval(max(1, seconds + (attoseconds > 0 ? 1 : 0)))
  }
}

typealias Outcome = Result<HTTPResponse, TransportFailure>

/// One request's state between the delegate's callbacks; the first outcome wins.
final class Exchange: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Outcome, Never>?
    var finished: Outcome?
    var response: HTTPURLResponse?
    var body: [UInt8] = []
    var redirects = 0
    var redirectFailure: TransportFailure?

    var isFinished: Bool { finished != nil }
  }

  let scheme: String
  /// The origin of the request's URL: the only one its headers go to.
  let origin: RemoteOrigin?
  let headers: [RemoteHeader]
  let followsRedirects: Bool
  private let state = Mutex(State())

  init(url: String, scheme: String, headers: [RemoteHeader], followsRedirects: Bool) {
    self.scheme = scheme
    self.origin = try? RemoteOrigin(url: url)
    self.headers = headers
    self.followsRedirects = followsRedirects
  }

  func start(_ continuation: CheckedContinuation<Outcome, Never>) {
    let done: Outcome? = state.withLock {
      if let finished = $0.finished { return finished }
      $0.continuation = continuation
      return nil
    }
    if let done { continuation.resume(returning: done) }
  }

  func finish(_ outcome: Outcome) {
    let continuation: CheckedContinuation<Outcome, Never>? = state.withLock { current in
      guard !current.isFinished else { return nil }
      current.finished = outcome
      defer { current.continuation = nil }
      return current.continuation
    }
    continuation?.resume(returning: outcome)
  }

  /// Fails the exchange as a timeout when no response has arrived yet; true when it did.
  func timeOutUnlessAnswered() -> Bool {
    let unanswered = state.withLock { $0.response == nil && !$0.isFinished }
    if unanswered { finish(.failure(.timeout)) }
    return unanswered
  }

  func received(_ response: HTTPURLResponse) {
    state.withLock {
      $0.response = response
      $0.body = []
    }
  }

  /// Appends body bytes; false when the body passed `limit` (the caller cancels the task).
  func received(_ data: Data, limit: Int) -> Bool {
    let fits = state.withLock {
      $0.body.append(contentsOf: data)
      return $0.body.count <= limit
    }
    if !fits { finish(.failure(.tooLarge(limit: limit))) }
    return fits
  }

  /// Counts a redirect and says whether to follow it.
  func redirect(to url: URL?, maxRedirects: Int) -> Bool {
    let target = url?.scheme?.lowercased() ?? ""
    return state.withLock {
      $0.redirects += 1
      if !followsRedirects {
        $0.redirectFailure = .redirectedPush
      } else if target != scheme {
        $0.redirectFailure = .schemeChange(from: scheme, to: target.isEmpty ? "none" : target)
      } else if $0.redirects > maxRedirects {
        $0.redirectFailure = .tooManyRedirects(maxRedirects)
      }
      return $0.redirectFailure == nil
    }
  }

  func completed(with error: (any Error)?) {
    let outcome: Outcome = state.withLock { current in
      if let failure = current.redirectFailure { return .failure(failure) }
      if let error { return .failure(Self.failure(error, current)) }
      guard let response = current.response else { return .failure(.other("no response")) }
      let expected = response.expectedContentLength
      if expected >= 0, Int(expected) != current.body.count,
        response.value(forHTTPHeaderField: "Content-Encoding") == nil
      {
        return .failure(.truncated(expected: Int(expected), received: current.body.count))
      }
      return .success(
        HTTPResponse(
          status: response.statusCode,
          retryAfter: response.value(forHTTPHeaderField: "Retry-After"), body: current.body))
    }
    finish(outcome)
  }

  private static func failure(_ error: any Error, _ state: State) -> TransportFailure {
    guard let urlError = error as? URLError else { return .other("the transfer failed") }
    switch urlError.code {
    case .timedOut: return .timeout
    case .cancelled: return .cancelled
    case .networkConnectionLost: return .connectionLost
    case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
      return .unreachable
    default:
      // libcurl's CURLE_PARTIAL_FILE (the server closed before Content-Length) surfaces as
      // an unknown error once the response is in.
      if let response = state.response, response.expectedContentLength > state.body.count {
        return .truncated(expected: Int(response.expectedContentLength), received: state.body.count)
      }
      return .other("the transfer failed (URL error \(urlError.code.rawValue))")
    }
  }
}

/// URLSession's delegate: hands each task's callbacks to its ``Exchange``.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private let exchanges = Mutex<[Int: Exchange]>([:])
  private let maxRedirects: Int
  private let maxBodyBytes: Int

  init(maxRedirects: Int, maxBodyBytes: Int) {
    self.maxRedirects = maxRedirects
    self.maxBodyBytes = maxBodyBytes
  }

  func register(_ exchange: Exchange, for task: Int) {
    exchanges.withLock { $0[task] = exchange }
  }

  private func exchange(_ task: URLSessionTask) -> Exchange? {
    exchanges.withLock { $0[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    if let http = response as? HTTPURLResponse { exchange(dataTask)?.received(http) }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    if exchange(dataTask)?.received(data, limit: maxBodyBytes) == false { dataTask.cancel() }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    guard let exchange = exchange(task),
      exchange.redirect(to: request.url, maxRedirects: maxRedirects)
    else { return completionHandler(nil) }
    var next = request
    // Credentials belong to the remote's origin (scheme, host, port): a redirect anywhere else
    // goes without them, and one that cannot be read as an origin counts as elsewhere.
    if exchange.origin == nil || exchange.origin != request.url.flatMap({ try? RemoteOrigin(url: $0.absoluteString) }) {
      for header in exchange.headers { next.setValue(nil, forHTTPHeaderField: header.name) }
    }
    completionHandler(next)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    exchange?.completed(with: error)
  }
}
