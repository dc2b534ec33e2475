import ListProtocol
import ListStore
import TextFormats

/// The server's answers: routes each request (`/v1/lists/KIND`, `/healthz`, `/metrics`) to the
/// storage, with the token's account, and counts and logs it.
package struct SyncService: Sendable {
  /// The route of a kind's list, as metrics and logs name it.
  static let listRoute = "/v1/lists/{kind}"
  /// How long a client waits before sending again after a `503`, in seconds.
  static let retryAfterSeconds = "1"

  private let storage: any ListStorage
  private let metrics: Metrics
  private let log: RequestLog
  private let now: @Sendable () -> Int64

  /// A service over `storage`, counting into `metrics` and logging into `log`; `now` is the
  /// time in milliseconds since 1970.
  package init(
    storage: any ListStorage, metrics: Metrics, log: RequestLog,
    now: @escaping @Sendable () -> Int64 = { Timestamp.now().millisecondsSince1970 }
  ) {
    self.storage = storage
    self.metrics = metrics
    self.log = log
    self.now = now
  }

  /// Answers `request`, then counts and logs it.
  package func handle(_ request: HTTPRequest) -> HTTPResponse {
    var account: String?
    let (route, response) = answer(request, account: &account)
    let elapsed = ContinuousClock.now - request.startedAt
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    metrics.recordRequest(route: route, status: response.status, seconds: seconds)
    log.record(
      method: request.method, route: route, status: response.status, milliseconds: seconds * 1000,
      account: account)
    return response
  }

  /// The route and the answer of `request`; `account` is set once its token is known.
  private func answer(_ request: HTTPRequest, account: inout String?) -> (String, HTTPResponse) {
    let route: String
    let listPrefix = "/v1/lists/"
    if request.path == "/healthz" || request.path == "/metrics" {
      route = request.path
    } else if request.path.hasPrefix(listPrefix) {
      route = Self.listRoute
    } else {
      route = "other"
    }
    if request.overConnectionLimit {
      return (
        route,
        .error(503, "too many connections", headers: [("Retry-After", Self.retryAfterSeconds)])
      )
    }
    if request.headersTooLarge {
      return (route, .error(431, "the header fields are larger than 16 KiB"))
    }
    if request.bodyTooLarge { return (route, .error(413, "the body is larger than 1 MiB")) }
    switch route {
    case "/healthz":
      guard request.method == "GET" else { return (route, methodNotAllowed("GET")) }
      if let problem = storage.healthProblem() { return (route, .text(503, problem + "\n")) }
      return (route, .text(200, "ok\n"))
    case "/metrics":
      guard request.method == "GET" else { return (route, methodNotAllowed("GET")) }
      return (
        route,
        .text(
          200, metrics.text(bucketsPerNode: storage.bucketsPerNode),
          contentType: "text/plain; version=0.0.4; charset=utf-8")
      )
    case Self.listRoute:
      return (
        route,
        list(request, kindName: String(request.path.dropFirst(listPrefix.count)), account: &account)
      )
    default:
      return (route, .error(404, "no such path"))
    }
  }

  /// `GET` or `POST /v1/lists/KIND`.
  private func list(_ request: HTTPRequest, kindName: String, account: inout String?)
    -> HTTPResponse
  {
    guard request.method == "GET" || request.method == "POST" else {
      return methodNotAllowed("GET, POST")
    }
    let unauthorized = HTTPResponse.error(
      401, "a valid bearer token is required", headers: [("WWW-Authenticate", "Bearer")])
    let noKind = HTTPResponse.error(404, "no such kind")
    do {
      guard let token = Self.bearerToken(request.authorization) else { return unauthorized }
      let tokenHash = sha256Hex(Array(token.utf8))
      // A well-formed page of a kind is read in one go: the token, the kind and the page.
      if request.method == "GET", KindDefinition.isKindName(kindName),
        case .success(let pageRequest) = Self.pageRequest(request)
      {
        let found: AuthorizedPage
        do {
          found = try storage.page(tokenHash: tokenHash, kindName: kindName, request: pageRequest)
        } catch .badRequest(let message) {
          return .error(400, message)
        }
        switch found {
        case .unknownToken: return unauthorized
        case .unknownKind(let owner):
          account = owner
          return noKind
        case .answer(let owner, let answer):
          account = owner
          return Self.response(answer)
        }
      }
      guard let owner = try storage.account(forTokenHash: tokenHash) else { return unauthorized }
      account = owner
      guard KindDefinition.isKindName(kindName), let kind = try storage.kind(named: kindName) else {
        return noKind
      }
      guard request.method == "GET" else { return try push(request, account: owner, kind: kind) }
      switch Self.pageRequest(request) {
      case .failure(let refusal): return refusal.response
      case .success(let pageRequest):
        do {
          return Self.response(
            try storage.page(account: owner, kind: kind, request: pageRequest))
        } catch .badRequest(let message) {
          return .error(400, message)
        }
      }
    } catch {
      return storageFailure(error)
    }
  }

  /// A `400` answer, as an error a `Result` can carry.
  private struct Refusal: Error {
    let response: HTTPResponse
    init(_ message: String) { response = .error(400, message) }
  }

  /// The page `request`'s query asks for, or the `400` its limit, cursor or checkpoint earns.
  private static func pageRequest(_ request: HTTPRequest) -> Result<PageRequest, Refusal> {
    var limit = 100
    if let text = request.query["limit"] {
      guard let value = WalkCursor.number(Substring(text)), (1...500).contains(value) else {
        return .failure(Refusal("limit must be an integer from 1 to 500"))
      }
      limit = Int(value)
    }
    var pageRequest = PageRequest(limit: limit)
    if let text = request.query["cursor"] {
      guard let cursor = WalkCursor(text: text) else {
        return .failure(Refusal("the cursor was not made by this server"))
      }
      pageRequest.cursor = cursor
    } else if let text = request.query["since"] {
      guard let since = WalkCursor.number(Substring(text)) else {
        return .failure(Refusal("the checkpoint was not made by this server"))
      }
      pageRequest.since = since
    }
    return .success(pageRequest)
  }

  /// The answer of a page read.
  private static func response(_ answer: PageAnswer) -> HTTPResponse {
    switch answer {
    case .page(let items, _, let nextCursor, let checkpoint, let deleted):
      return .json(
        200,
        Page.encode(
          itemsJSON: items, nextCursor: nextCursor, checkpoint: checkpoint, deleted: deleted))
    case .checkpointExpired: return .error(410, ErrorBody.checkpointExpired)
    }
  }

  /// Applies a push and answers each change.
  private func push(_ request: HTTPRequest, account: String, kind: KindDefinition)
    throws(StorageError) -> HTTPResponse
  {
    let push: PushRequest
    do {
      push = try PushRequest.decode(request.body)
    } catch {
      switch error {
      case .tooManyChanges(let count):
        return .error(413, "a push holds at most \(PushRequest.maxChanges) changes, not \(count)")
      case .malformed(let problem): return .error(400, problem.message)
      }
    }
    let results = try storage.push(account: account, kind: kind, changes: push.changes, now: now())
    for result in results { metrics.recordChange(result.outcome.status) }
    return .json(200, PushResponse(results: results).encoded)
  }

  /// The answer to a storage failure: `503` with `Retry-After` (nothing of a push was applied).
  private func storageFailure(_ error: StorageError) -> HTTPResponse {
    metrics.recordStorageError()
    return .error(503, "storage unavailable", headers: [("Retry-After", Self.retryAfterSeconds)])
  }

  private func methodNotAllowed(_ allowed: String) -> HTTPResponse {
    .error(405, "method not allowed", headers: [("Allow", allowed)])
  }

  /// The token of `Bearer TOKEN` (the scheme in any case), or nil.
  static func bearerToken(_ authorization: String?) -> String? {
    guard let authorization, authorization.utf8.count > 7,
      ASCIICase.uppercased(String(authorization.prefix(7))) == "BEARER "
    else { return nil }
    let token = HTTPHeaderSyntax.trimmed(authorization.dropFirst(7))
    return token.isEmpty ? nil : token
  }
}
