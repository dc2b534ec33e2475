import CMicroHTTPD
import TextFormats

/// Reads what a request's header holds through MHD: its header fields and query arguments.
enum ConnectionValues {
  /// The request whose header `connection` has just read (its body still to come).
  static func request(_ connection: OpaquePointer, method: String, url: String, overLimit: Bool)
    -> HTTPRequest
  {
    let box = Collected()
    let context = Unmanaged.passUnretained(box).toOpaque()
    _ = MHD_get_connection_values(connection, .HEADER_KIND, collectHeader, context)
    _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, collectArgument, context)
    var request = HTTPRequest(
      method: method, path: url, query: box.arguments, authorization: box.authorization,
      headersTooLarge: box.headerBytes + url.utf8.count > HTTPLimits.maxHeaderBytes,
      overConnectionLimit: overLimit)
    if let length = box.contentLength, length > HTTPLimits.maxBodyBytes {
      request.bodyTooLarge = true
      request.bodyTooLargeToDrain = length > HTTPLimits.maxDrainedBodyBytes
    }
    return request
  }

  /// What the iterators gather.
  final class Collected {
    var headerBytes = 0
    var authorization: String?
    var contentLength: Int?
    var arguments: [String: String] = [:]
  }
}

/// Counts each header field's bytes and keeps `Authorization` and `Content-Length`.
private let collectHeader: MHD_KeyValueIterator = { context, _, key, value in
  guard let context, let key else { return .YES }
  let box = Unmanaged<ConnectionValues.Collected>.fromOpaque(context).takeUnretainedValue()
  let name = String(cString: key)
  let text = value.map { String(cString: $0) } ?? ""
  box.headerBytes += name.utf8.count + text.utf8.count + 4
  if ASCIICase.uppercased(name) == "AUTHORIZATION" { box.authorization = text }
  if ASCIICase.uppercased(name) == "CONTENT-LENGTH" { box.contentLength = Int(text) ?? Int.max }
  return .YES
}

/// Keeps each query argument (percent-decoded by MHD), the first of a name given twice.
private let collectArgument: MHD_KeyValueIterator = { context, _, key, value in
  guard let context, let key else { return .YES }
  let box = Unmanaged<ConnectionValues.Collected>.fromOpaque(context).takeUnretainedValue()
  let name = String(cString: key)
  if box.arguments[name] == nil { box.arguments[name] = value.map { String(cString: $0) } ?? "" }
  return .YES
}
