/// What the daemon keeps of one request between the calls of its access handler: the request as
/// read so far. Reached through MHD's per-request pointer (`*con_cls`), retained from the first
/// call until the request-completed callback; only the connection's thread touches it.
final class RequestState {
  /// The request, its body growing chunk by chunk.
  var request: HTTPRequest
  /// Whether a response was queued (early, for a body announced too large).
  var answered = false

  /// The state of a request whose header was just read.
  init(_ request: HTTPRequest) {
    self.request = request
  }

  /// Appends a chunk of the body, or notes that the body is too large (and drops it).
  func receive(_ chunk: UnsafeRawBufferPointer) {
    guard !request.bodyTooLarge else { return }
    if request.body.count + chunk.count > HTTPLimits.maxBodyBytes {
      request.bodyTooLarge = true
      request.body = []
      return
    }
    request.body.append(contentsOf: chunk)
  }
}
