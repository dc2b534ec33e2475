import TextFormats

/// The body of every error answer: `{"error": "..."}`.
package struct ErrorBody: Sendable, Equatable {
  /// The word a `410` to a `since` pull carries: the checkpoint is older than the deletions the
  /// remote keeps, so the client walks the whole list again.
  package static let checkpointExpired = "checkpoint_expired"

  /// What went wrong, in a few words, or ``checkpointExpired``.
  package var error: String

  /// A body saying `error`.
  package init(_ error: String) {
    self.error = error
  }

  /// The body as JSON bytes.
  package var encoded: [UInt8] {
    var writer = JSONWriter(capacity: 32 + error.utf8.count)
    writer.beginObject()
    writer.key("error")
    writer.string(error)
    writer.endObject()
    return writer.bytes
  }

  /// The error body `bytes` hold.
  /// - Throws: ``ProtocolError`` when they are not `{"error": "..."}`.
  package static func decode(_ bytes: [UInt8]) throws(ProtocolError) -> ErrorBody {
    let value = try ProtocolJSON.parse(bytes, what: "the error body")
    guard case .string(let text)? = value.objectValue?["error"] else {
      throw ProtocolError("the error body has no \"error\" string.")
    }
    return ErrorBody(text)
  }
}
