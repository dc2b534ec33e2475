import ListProtocol

/// An answer: status, content type, extra headers and body.
package struct HTTPResponse: Sendable {
  /// The status code.
  package var status: Int
  /// The `Content-Type`.
  package var contentType: String
  /// Headers beyond `Content-Type` and `Content-Length`.
  package var headers: [(name: String, value: String)]
  /// The body.
  package var body: [UInt8]

  /// An answer.
  package init(
    status: Int, contentType: String, headers: [(name: String, value: String)] = [], body: [UInt8]
  ) {
    self.status = status
    self.contentType = contentType
    self.headers = headers
    self.body = body
  }

  /// A JSON answer.
  package static func json(
    _ status: Int, _ body: [UInt8], headers: [(name: String, value: String)] = []
  ) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "application/json", headers: headers, body: body)
  }

  /// An error answer: `{"error": "..."}`.
  package static func error(
    _ status: Int, _ message: String, headers: [(name: String, value: String)] = []
  )
    -> HTTPResponse
  {
    json(status, ErrorBody(message).encoded, headers: headers)
  }

  /// A plain-text answer.
  package static func text(
    _ status: Int, _ text: String, contentType: String = "text/plain; charset=utf-8"
  )
    -> HTTPResponse
  {
    HTTPResponse(status: status, contentType: contentType, body: Array(text.utf8))
  }
}
