import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The Python test server (`Server/remote_server.py`) in a child process, on 127.0.0.1 and a
/// port the system picked.
///
/// The server exits when its stdin closes, so it never outlives the test process; ``stop()``
/// ends it at once.
public final class TestRemote: Sendable {
  public let port: Int
  private let process: Process
  private let input: Pipe

  /// Starts a server, waiting for its port on a thread of its own: the test's cooperative
  /// threads (two, on two cores) stay free for the other tests meanwhile.
  public static func start() async throws -> TestRemote {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try TestRemote() }) }.start()
    }
  }

  /// Starts the server and blocks until it prints its port (or closes its output).
  private init() throws {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("ListSyncTests/Server/remote_server.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script.path]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    self.process = process
    self.input = input
    var line: [UInt8] = []
    let handle = output.fileHandleForReading
    while line.last != UInt8(ascii: "\n"), line.count < 16 {
      guard let byte = try handle.read(upToCount: 1), !byte.isEmpty else { break }
      line += byte
    }
    guard
      let port = Int(
        String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      process.terminate()
      throw TestRemoteError.noPort
    }
    self.port = port
  }

  deinit { stop() }

  /// The URL of `path` on this server.
  public func url(_ path: String = "/items") -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Ends the server (SIGKILL: a child may inherit a signal mask that blocks SIGTERM). This runs
  /// from `deinit` on whatever thread lets the server go, often one of the two cooperative
  /// threads every async test of the run shares, and must not block it.
  public func stop() {
    try? input.fileHandleForWriting.close()
    guard process.isRunning else { return }
    let pid = process.processIdentifier
    kill(pid, SIGKILL)
    // Reaped with waitpid on a thread of its own. Foundation's own reaping was seen not to
    // happen under load (the killed servers stayed zombies, and a waitUntilExit() on the two
    // cooperative threads stalled every async test of the run for minutes).
    Thread {
      var status: Int32 = 0
      _ = waitpid(pid, &status, 0)
    }.start()
  }

  /// Replaces the data set (when given) and queues faults for the next requests.
  public func control(items: [[String: Any]]? = nil, faults: [[String: Any]] = []) async throws {
    var body: [String: Any] = ["faults": faults]
    if let items { body["items"] = items }
    try await post(Array(try JSONSerialization.data(withJSONObject: body)))
  }

  /// Replaces the data set with `itemsJSON`, a JSON array sent as written (key order and
  /// number literals kept).
  public func control(itemsJSON: String) async throws {
    try await post(Array(#"{"items": "#.utf8) + Array(itemsJSON.utf8) + [UInt8(ascii: "}")])
  }

  private func post(_ body: [UInt8]) async throws {
    var request = URLRequest(url: URL(string: url("/_control"))!)
    request.httpMethod = "POST"
    request.httpBody = Data(body)
    let (_, response) = try await URLSession.shared.data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
  }

  /// Every page request the server received, in order.
  public func log() async throws -> [LoggedRequest] {
    let (data, _) = try await URLSession.shared.data(from: URL(string: url("/_log"))!)
    let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    return entries.map {
      LoggedRequest(
        method: $0["method"] as? String ?? "GET", path: $0["path"] as? String ?? "",
        query: $0["query"] as? String ?? "",
        authorization: $0["authorization"] as? String, headers: $0["headers"] as? [String: String] ?? [:])
    }
  }

  /// Makes the remote offer checkpoints from now on: a walk's last page carries one, and a
  /// request `since` it answers only what changed, with the ids deleted.
  public func offerCheckpoints() async throws {
    try await post(Array(try JSONSerialization.data(withJSONObject: ["checkpoints": true, "faults": []])))
  }

  /// Makes every checkpoint given so far too old: a pull since one of them is answered `410`
  /// `{"error": "checkpoint_expired"}`.
  public func expireCheckpoints() async throws {
    try await post(Array(try JSONSerialization.data(withJSONObject: ["expire_checkpoints": true, "faults": []])))
  }

  /// Makes adds and updates whose title is one of `titles` rejected from now on.
  public func reject(titles: [String]) async throws {
    try await post(Array(try JSONSerialization.data(withJSONObject: ["reject_titles": titles, "faults": []])))
  }

  /// The server's items now, and how many times each change id was applied.
  public func state() async throws -> (items: [[String: Any]], applied: [String: Int]) {
    let (data, _) = try await URLSession.shared.data(from: URL(string: url("/_state"))!)
    let state = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    return (state["items"] as? [[String: Any]] ?? [], state["applied"] as? [String: Int] ?? [:])
  }

  /// The changes of every push the server received, in order: one array per request.
  ///
  /// A `POST` whose body did not arrive as a push is left out (the server logs its changes as
  /// `null`): on a loaded machine the client's HTTP stack may start a request on a kept-alive
  /// connection the server is closing, and send it again, whole, on a fresh one. A push of no
  /// changes (`{"changes": []}`) is kept, as an empty array.
  public func pushes() async throws -> [[[String: Any]]] {
    let (data, _) = try await URLSession.shared.data(from: URL(string: url("/_log"))!)
    let entries = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    return entries.filter { $0["method"] as? String == "POST" }.compactMap { $0["changes"] as? [[String: Any]] }
  }

  /// `count` items `{"id": 1, "title": "Item 1"}`...
  public static func items(_ count: Int) -> [[String: Any]] {
    (1...max(count, 1)).prefix(count).map { ["id": $0, "title": "Item \($0)"] }
  }
}

/// One request as the server logged it.
public struct LoggedRequest: Equatable, Sendable {
  /// `GET` or `POST`.
  public var method: String
  public var path: String
  public var query: String
  public var authorization: String?
  /// Every header of the request, names in lower case.
  public var headers: [String: String]

  public init(
    method: String = "GET", path: String, query: String, authorization: String?, headers: [String: String] = [:]
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.authorization = authorization
    self.headers = headers
  }
}

public enum TestRemoteError: Error {
  case noPort
}
