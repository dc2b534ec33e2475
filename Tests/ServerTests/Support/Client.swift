import Foundation
import TestSupport
import ListProtocol
import TextFormats

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One answer of the server: status, headers, body.
struct Answer: Sendable {
  var status: Int
  var headers: [String: String]
  var body: [UInt8]

  /// The body as text.
  var text: String { String(decoding: body, as: UTF8.self) }
  /// The body's `error`, when it is an error body.
  var error: String? { try? ErrorBody.decode(body).error }
  /// The body as a page.
  func page() throws -> Page { try Page.decode(body) }
}

/// Requests to a server, each on a session of its own when `fresh` (a connection of its own).
struct Client: Sendable {
  let session: URLSession

  init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 20
    session = URLSession(configuration: configuration)
  }

  /// Sends a request and returns the answer.
  func send(
    _ method: String, _ url: String, token: String?, body: [UInt8]? = nil,
    headers: [String: String] = [:]
  ) async throws -> Answer {
    var request = URLRequest(url: URL(string: url)!)
    request.httpMethod = method
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    if let body {
      request.httpBody = Data(body)
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    let (data, response) = try await session.data(for: request)
    let http = response as! HTTPURLResponse
    var fields: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      fields[String(describing: name).lowercased()] = String(describing: value)
    }
    return Answer(status: http.statusCode, headers: fields, body: Array(data))
  }

  /// `GET` a page.
  func get(_ url: String, token: String?) async throws -> Answer {
    try await send("GET", url, token: token)
  }

  /// `POST` a push of `changes`.
  func push(_ url: String, token: String?, _ changes: [PushChange]) async throws -> Answer {
    try await send("POST", url, token: token, body: PushRequest(changes: changes).encoded)
  }

  /// The results of a push that must be answered 200.
  func results(_ url: String, token: String?, _ changes: [PushChange]) async throws -> [PushResult]
  {
    let answer = try await push(url, token: token, changes)
    guard answer.status == 200 else {
      throw ServerTestError("push answered \(answer.status): \(answer.text)")
    }
    return try PushResponse.decode(answer.body, sent: changes.map(\.changeID)).results
  }
}

/// A JSON object from its text.
func object(_ text: String) -> JSONObject {
  (try? JSONParser.parse(text))?.objectValue ?? JSONObject()
}

/// An add of `item` (JSON text) under `changeID`.
func add(_ changeID: String, _ item: String) -> PushChange {
  PushChange(changeID: changeID, operation: .add, item: object(item))
}

/// The item of an `applied` or `conflict` outcome.
func item(of outcome: PushResult.Outcome) -> JSONObject? {
  switch outcome {
  case .applied(let item), .conflict(let item): item
  case .rejected: nil
  }
}

/// The `id` of an item, as text.
func id(of item: JSONObject?) -> String? {
  item?["id"]?.stringValue
}
