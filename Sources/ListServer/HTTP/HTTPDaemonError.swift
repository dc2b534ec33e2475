/// Why the daemon did not start.
package enum HTTPDaemonError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The host is not a numeric IPv4 or IPv6 address.
  case badAddress(String)
  /// libmicrohttpd could not start: the address and the system's reason.
  case cannotListen(address: String, reason: String)

  /// One sentence for people.
  package var description: String {
    switch self {
    case .badAddress(let host):
      "'\(host)' is not a numeric IPv4 or IPv6 address; use one such as 127.0.0.1."
    case .cannotListen(let address, let reason): "Cannot listen on \(address): \(reason)."
    }
  }
}
