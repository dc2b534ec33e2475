import Foundation
import ListStore
import ListSync
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The remotes a sync test runs against, for `@Test(arguments: RemoteKind.allCases)`.
enum RemoteKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// The Python test remote (`Server/remote_server.py`).
  case python
  /// `lists-server`.
  case server

  var testDescription: String { self == .python ? "Python test remote" : "lists-server" }
}

/// The remote of a sync test — the Python test remote or `lists-server` — and what others do to
/// it: items added, edited and deleted by someone else, a field added to its kind, the
/// device's credential refused, checkpoints expired; and how many pulls and pushes it answered.
///
/// The Python remote's data is replaced through `/_control`: ids 1, 2, … and versions that grow
/// by one with each change, as lists-server's do. On `lists-server` (the kind `books` of
/// ``serverBooks`` unless a test gives another, one account) a writer — another device of the
/// account, speaking the protocol with the account's token — pushes adds, updates and removes,
/// each of which must be applied. So a test asserts what both remotes promise: items by title,
/// never by an id it assumes; ids compared with the ids the remote lists; request counts taken
/// around the client's own requests (on lists-server the writer's requests and the pages
/// ``items()`` reads are the account's requests too).
final class SyncRemote: Sendable {
  /// The remote itself.
  enum Backend: Sendable {
    case python(TestRemote)
    case server(ServerProcess)
  }

  let backend: Backend
  /// The token every client of this remote sends as `Authorization: Bearer TOKEN` (the Python
  /// remote takes any).
  let token: String
  /// The definition of the server's kind `books`, as it is now.
  private let serverKind: Mutex<String>
  /// The `added_at` of the writer's next add on lists-server, in ms since 1970: a second before
  /// the one before, so that a list shows the items newest first in the order they were added,
  /// as it shows the Python remote's items (which carry none) in the remote's order.
  private let nextAddedAt = Mutex<Int64>(1_798_761_600_000)

  /// The definition of `books` on lists-server unless a test gives another: ``Books``'s, with
  /// titles of at most 20 characters, so that a longer title is one a device takes and the
  /// server refuses (``refuse(titles:)``).
  static let serverBooks = """
    {"name": "books", "item": "book",
     "fields": [{"name": "title", "type": "text", "required": true, "max_length": 20},
                {"name": "pages", "type": "integer", "min": 1}]}
    """

  private init(_ backend: Backend, token: String, serverKind: String) {
    self.backend = backend
    self.token = token
    self.serverKind = Mutex(serverKind)
  }

  /// The Python remote `remote`, which its test started and ends: for a test that also fails
  /// its requests, and so runs against it alone.
  convenience init(_ remote: TestRemote) {
    self.init(.python(remote), token: Self.pythonToken, serverKind: Self.serverBooks)
  }

  /// The token of the Python remote's clients.
  private static let pythonToken = "s3cret-7f2a9c1e"

  /// Runs `body` with a new remote of `kind`, and ends the remote after it, whatever happens.
  ///
  /// - Parameters:
  ///   - serverKind: The definition of lists-server's kind `books`.
  ///   - serverOptions: What lists-server's `serve` is given besides its storage and address.
  static func with<T>(
    _ kind: RemoteKind, serverKind: String = serverBooks, serverOptions: [String] = [],
    _ body: (SyncRemote) async throws -> T
  ) async throws -> T {
    let remote: SyncRemote
    switch kind {
    case .python:
      remote = SyncRemote(try await TestRemote.start())
    case .server:
      let server = try await ServerProcess.start(
        serverOptions, kind: serverKind, accounts: ["device"])
      guard let token = server.tokens["device"] else {
        await server.remove()
        throw ServerTestError("the server has no token")
      }
      remote = SyncRemote(.server(server), token: token, serverKind: serverKind)
    }
    do {
      let result = try await body(remote)
      await remote.stop()
      return result
    } catch {
      await remote.stop()
      throw error
    }
  }

  private func stop() async {
    switch backend {
    case .python(let remote): remote.stop()
    case .server(let server): await server.remove()
    }
  }

  /// The Python remote, for what only it records: each request's query and headers, each push's
  /// changes, how many times each change id was applied. Nil on lists-server.
  var python: TestRemote? {
    if case .python(let remote) = backend { return remote }
    return nil
  }

  /// The URL of the list a device syncs with.
  var url: String {
    switch backend {
    case .python(let remote): remote.url()
    case .server(let server): server.url()
    }
  }

  /// The headers `lists-sync` is handed (`LISTS_SYNC_HEADERS`): the token, for this remote's origin.
  var handedHeaders: String {
    let port =
      switch backend {
      case .python(let remote): remote.port
      case .server(let server): server.port
      }
    return "http://127.0.0.1:\(port) Authorization: Bearer \(token)"
  }

  /// A client of a device (``makeClient(_:time:headers:pageSize:retry:maxRedirects:connectTimeout:maxBodyBytes:)``)
  /// that sends the token; of `url` when given (a URL of this remote).
  func client(
    url: String? = nil, time: VirtualTime = VirtualTime(), pageSize: Int = 2,
    retry: RetryPolicy = RetryPolicy(),
    connectTimeout: Duration = .seconds(3), maxBodyBytes: Int = 1 << 20
  ) throws -> RemoteClient {
    try makeClient(
      url ?? self.url, time: time,
      headers: [try RemoteHeader(name: "Authorization", value: "Bearer " + token)],
      pageSize: pageSize, retry: retry, connectTimeout: connectTimeout, maxBodyBytes: maxBodyBytes)
  }

  // MARK: What someone else does

  /// Adds `items` (JSON objects without `id`), in this order, as someone else: on the Python
  /// remote with the ids after the highest it holds (1 first) and version 1; on lists-server each
  /// with an `added_at` before the one of the item added before it.
  func add(_ items: [[String: Any]]) async throws {
    switch backend {
    case .python(let remote):
      let held = try await remote.state().items
      let last = held.compactMap { $0["id"] as? Int }.max() ?? 0
      let added = items.enumerated().map {
        $0.element.merging(["id": last + $0.offset + 1, "version": 1]) { $1 }
      }
      try await remote.control(items: held + added)
    case .server:
      let dated = items.map { item in
        let addedAt = nextAddedAt.withLock { next in
          defer { next -= 1_000 }
          return Timestamp(millisecondsSince1970: next).iso8601
        }
        return item.merging(["added_at": addedAt]) { $1 }
      }
      for start in stride(from: 0, to: dated.count, by: 100) {
        try await write(
          dated[start..<min(start + 100, dated.count)].map { ["op": "add", "item": $0] })
      }
    }
  }

  /// Adds `count` items titled `Item 1`, `Item 2`, … as someone else.
  func add(count: Int) async throws {
    try await add((1...max(count, 1)).prefix(count).map { ["title": "Item \($0)"] })
  }

  /// Changes the item titled `title` as someone else: each field of `values` set (`NSNull()`
  /// unsets it), and a new version.
  func edit(_ title: String, _ values: [String: Any]) async throws {
    switch backend {
    case .python(let remote):
      var items = try await remote.state().items
      guard let index = items.firstIndex(where: { $0["title"] as? String == title }) else {
        throw ServerTestError("the remote has no item '\(title)'")
      }
      for (field, value) in values { items[index][field] = value is NSNull ? nil : value }
      items[index]["version"] = ((items[index]["version"] as? Int) ?? 1) + 1
      try await remote.control(items: items)
    case .server:
      let item = try await item(titled: title)
      try await write([
        ["op": "update", "id": item["id"]!, "base_version": item["version"]!, "item": values]
      ])
    }
  }

  /// Deletes the items titled `titles` as someone else.
  func delete(_ titles: String...) async throws {
    let items = try await items()
    let gone = items.filter { titles.contains($0["title"] as? String ?? "") }
    guard gone.count == titles.count else {
      throw ServerTestError("the remote has not every item of \(titles)")
    }
    switch backend {
    case .python(let remote):
      try await remote.control(
        items: items.filter { !titles.contains($0["title"] as? String ?? "") })
    case .server:
      try await write(
        gone.map { ["op": "remove", "id": $0["id"]!, "base_version": $0["version"]!] })
    }
  }

  /// Gives the remote's kind the field `field` (its definition's JSON object), as `kinds update`
  /// does; the Python remote takes any member already.
  func addField(_ field: String) async throws {
    guard case .server(let server) = backend else { return }
    var definition = try Self.object(serverKind.withLock { $0 })
    definition["fields"] = (definition["fields"] as? [Any] ?? []) + [try Self.object(field)]
    let text = String(
      decoding: try JSONSerialization.data(withJSONObject: definition), as: UTF8.self)
    let file = server.folder + "/books-updated.json"
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    let updated = try await server.command(["kinds", "update", file])
    guard updated.status == 0 else { throw ServerTestError("kinds update: \(updated.stderr)") }
    serverKind.withLock { $0 = text }
  }

  /// Makes adds and updates titled one of `titles` rejected from now on. lists-server's kind
  /// (``serverBooks``) refuses any title over 20 characters, and only those: `titles` must be such.
  func refuse(titles: [String]) async throws {
    switch backend {
    case .python(let remote): try await remote.reject(titles: titles)
    case .server:
      guard serverKind.withLock({ $0 }) == Self.serverBooks, titles.allSatisfy({ $0.count > 20 })
      else {
        throw ServerTestError(
          "lists-server refuses only titles over 20 characters, with the kind serverBooks")
      }
    }
  }

  /// Refuses the device's token: the Python remote answers the next request `401`; lists-server
  /// forgets the token (`token remove`), so that every later request is answered `401`.
  func refuseToken() async throws {
    switch backend {
    case .python(let remote): try await remote.control(faults: [["status": 401]])
    case .server(let server):
      let list = try await server.command(["token", "list"])
      guard list.status == 0, let id = list.stdout.split(whereSeparator: \.isWhitespace).first
      else {
        throw ServerTestError("token list: \(list.stderr)")
      }
      let removed = try await server.command(["token", "remove", String(id)])
      guard removed.status == 0 else { throw ServerTestError("token remove: \(removed.stderr)") }
    }
  }

  /// Makes the remote offer checkpoints (lists-server always does).
  func offerCheckpoints() async throws {
    try await python?.offerCheckpoints()
  }

  /// Makes `checkpoint` too old, so that a pull since it is answered `410`
  /// `{"error": "checkpoint_expired"}`: the Python remote expires every checkpoint at once;
  /// lists-server — started with `--keep-deleted 1s` — once a deletion made after the checkpoint
  /// is more than a second old, which this waits for (at most 10 s).
  func expire(_ checkpoint: String) async throws {
    switch backend {
    case .python(let remote): try await remote.expireCheckpoints()
    case .server:
      let since =
        "since=" + (checkpoint.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
      guard try await eventually({ try await self.get(query: since).status == 410 }) else {
        throw ServerTestError("the checkpoint \(checkpoint) did not expire")
      }
    }
  }

  // MARK: What the remote holds and answered

  /// The remote's items in its order, each a JSON object with its `id` and `version`.
  func items() async throws -> [[String: Any]] {
    switch backend {
    case .python(let remote): return try await remote.state().items
    case .server:
      var items: [[String: Any]] = []
      var query = "limit=500"
      while true {
        let (status, body) = try await get(query: query)
        guard status == 200, let page = body as? [String: Any],
          let found = page["items"] as? [[String: Any]]
        else {
          throw ServerTestError("a page of the server answered \(status)")
        }
        items += found
        guard let cursor = page["next_cursor"] as? String else { return items }
        query =
          "limit=500&cursor="
          + (cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
      }
    }
  }

  /// The remote's item titled `title`.
  func item(titled title: String) async throws -> [String: Any] {
    guard let item = try await items().first(where: { $0["title"] as? String == title }) else {
      throw ServerTestError("the remote has no item '\(title)'")
    }
    return item
  }

  /// The remote's titles, sorted.
  func titles() async throws -> [String] {
    try await items().compactMap { $0["title"] as? String }.sorted()
  }

  /// The id of `item` as a client reads it: the Python remote's are integers, lists-server's
  /// strings.
  static func remoteID(_ item: [String: Any]) -> RemoteID? {
    if let number = item["id"] as? Int { return .integer(String(number)) }
    return (item["id"] as? String).map(RemoteID.string)
  }

  /// How many page requests (pulls) and pushes the remote answered so far (a push whose body did
  /// not arrive, which the client's HTTP stack sends again, is not counted).
  func requests() async throws -> (pulls: Int, pushes: Int) {
    switch backend {
    case .python(let remote):
      return (
        try await remote.log().filter { $0.method == "GET" }.count, try await remote.pushes().count
      )
    case .server(let server):
      let lines = server.errorOutput().split(separator: "\n").compactMap {
        try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }
      let list = lines.filter { $0["route"] as? String == "/v1/lists/{kind}" }
      return (
        list.filter { $0["method"] as? String == "GET" }.count,
        list.filter { $0["method"] as? String == "POST" && $0["status"] as? Int == 200 }.count
      )
    }
  }

  // MARK: The writer's requests to lists-server

  /// Pushes `changes` (each without its `change_id`) as the writer; each must be applied.
  private func write(_ changes: [[String: Any]]) async throws {
    let body = ["changes": changes.map { $0.merging(["change_id": UUID().uuidString]) { $1 } }]
    let (status, answer) = try await send(
      "POST", query: "", body: try JSONSerialization.data(withJSONObject: body))
    let results = (answer as? [String: Any])?["results"] as? [[String: Any]] ?? []
    guard status == 200, results.count == changes.count,
      results.allSatisfy({ $0["status"] as? String == "applied" })
    else {
      throw ServerTestError(
        "the writer's push was answered \(status): \(String(describing: answer))")
    }
  }

  private func get(query: String) async throws -> (status: Int, body: Any?) {
    try await send("GET", query: query, body: nil)
  }

  private func send(_ method: String, query: String, body: Data?) async throws -> (
    status: Int, body: Any?
  ) {
    var request = URLRequest(url: URL(string: url + (query.isEmpty ? "" : "?" + query))!)
    request.httpMethod = method
    request.setValue("Bearer " + token, forHTTPHeaderField: "Authorization")
    if let body {
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await URLSession.shared.data(for: request)
    return (
      (response as? HTTPURLResponse)?.statusCode ?? 0, try? JSONSerialization.jsonObject(with: data)
    )
  }

  private static func object(_ text: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    else {
      throw ServerTestError("not a JSON object: \(text)")
    }
    return object
  }
}
