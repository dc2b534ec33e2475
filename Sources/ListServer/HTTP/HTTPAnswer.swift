import CMicroHTTPD

/// Sends an ``HTTPResponse`` through MHD: one response object made, queued and released.
enum HTTPAnswer {
  /// Queues `response` on `connection`; `.NO` (MHD then closes the connection) when MHD
  /// cannot make or queue it.
  static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    var body = response.body
    let made = body.withUnsafeMutableBytes { bytes in
      MHD_create_response_from_buffer(bytes.count, bytes.baseAddress, .RESPMEM_MUST_COPY)
    }
    guard let made else { return .NO }
    defer { MHD_destroy_response(made) }
    guard MHD_add_response_header(made, "Content-Type", response.contentType) == .YES else {
      return .NO
    }
    for header in response.headers {
      guard MHD_add_response_header(made, header.name, header.value) == .YES else { return .NO }
    }
    return MHD_queue_response(connection, UInt32(response.status), made)
  }
}
