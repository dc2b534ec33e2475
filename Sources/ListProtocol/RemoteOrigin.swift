/// The origin of a remote — its scheme, host and port — which credentials belong to: a header
/// given for a remote is sent only to its origin.
///
/// For example:
///
/// ```swift
/// let origin = try RemoteOrigin(url: "https://Example.com/books?x=1")
/// origin.description  // "https://example.com"
/// origin == RemoteOrigin(origin: "https://example.com:443")  // true
/// ```
public struct RemoteOrigin: Hashable, Sendable, CustomStringConvertible {
  /// `http` or `https`.
  public let scheme: String
  /// The host in lower case; an IPv6 address keeps its brackets.
  public let host: String
  /// The port, the scheme's default (80, 443) when the URL names none.
  public let port: Int

  /// Why a URL has no origin credentials can belong to.
  public enum Problem: Error, Sendable, Equatable {
    /// Not an absolute `http://` or `https://` URL with a valid host and port.
    case notHTTP
    /// The URL holds a user name or password (`http://user:password@host/`).
    case userInfo

    /// One sentence that quotes nothing of the URL (it may hold a password).
    public var message: String {
      switch self {
      case .notHTTP: "The remote URL must be an absolute http:// or https:// URL with a host."
      case .userInfo:
        "The remote URL must not hold a user name or password; give credentials with --header."
      }
    }
  }

  /// The origin of `url`.
  ///
  /// - Throws: ``Problem/userInfo`` when the URL holds a user name or password,
  ///   ``Problem/notHTTP`` when it is not an absolute http or https URL with a host.
  public init(url: String) throws(Problem) {
    let lower = url.lowercased()
    let scheme = lower.hasPrefix("https://") ? "https" : lower.hasPrefix("http://") ? "http" : ""
    guard !scheme.isEmpty else { throw .notHTTP }
    let authority = url.dropFirst(scheme.count + 3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if authority.contains("@") { throw .userInfo }
    guard let (host, port) = Self.hostAndPort(authority, scheme: scheme) else { throw .notHTTP }
    self.scheme = scheme
    self.host = host
    self.port = port
  }

  /// Reads an origin as written on its own, `https://host[:port]` (one `/` after it is allowed);
  /// nil when the text is anything else (a path, a query, a user name).
  public init?(origin text: some StringProtocol) {
    var trimmed = String(text)
    if trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let origin = try? RemoteOrigin(url: trimmed),
      !trimmed.dropFirst(origin.scheme.count + 3).contains(where: { "/?#".contains($0) })
    else { return nil }
    self = origin
  }

  /// `https://host` or `http://host:8080`: the port only when it is not the scheme's default.
  public var description: String {
    port == Self.defaultPort(scheme) ? "\(scheme)://\(host)" : "\(scheme)://\(host):\(port)"
  }

  private static func defaultPort(_ scheme: String) -> Int { scheme == "https" ? 443 : 80 }

  /// The host (lower case) and port of an authority without user information; nil when the
  /// host is empty or holds other than letters, digits and `.-_~%` (or an IPv6 literal), or
  /// the port is not 1 to 65535.
  private static func hostAndPort(_ authority: Substring, scheme: String) -> (String, Int)? {
    let host: Substring
    let rest: Substring
    if authority.hasPrefix("[") {
      guard let close = authority.firstIndex(of: "]") else { return nil }
      host = authority[...close]
      rest = authority[authority.index(after: close)...]
      guard host.dropFirst().dropLast().allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
    } else {
      let colon = authority.firstIndex(of: ":") ?? authority.endIndex
      host = authority[..<colon]
      rest = authority[colon...]
      guard host.unicodeScalars.allSatisfy({ $0.isASCII && (isAlphanumeric($0) || ".-_~%".unicodeScalars.contains($0)) })
      else { return nil }
    }
    guard !host.isEmpty, host != "[]" else { return nil }
    var port = defaultPort(scheme)
    if !rest.isEmpty {
      let digits = rest.dropFirst()
      guard rest.first == ":" else { return nil }
      if !digits.isEmpty {
        guard digits.count <= 5, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }), let number = Int(digits), (1...65535).contains(number)
        else { return nil }
        port = number
      }
    }
    return (host.lowercased(), port)
  }

  private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9": true
    default: false
    }
  }
}
