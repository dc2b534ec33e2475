import ListProtocol
import ListStore

/// Builds the protocol's page URLs from the remote's URL: `URL?limit=N` and
/// `URL?limit=N&cursor=C`, appended to a query the URL already has.
struct PageURL: Sendable {
  /// The URL up to its fragment (dropped: a fragment is never sent).
  let base: String

  /// Checks that `url` is an absolute http or https URL with a host.
  init(_ url: String) throws(RemoteError) {
    let withoutFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[
      0]
    let lower = withoutFragment.lowercased()
    let scheme = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : 0
    let afterScheme = withoutFragment.dropFirst(scheme)
    let host = afterScheme.prefix { $0 != "/" && $0 != "?" }
    guard scheme > 0, !host.isEmpty, !host.hasPrefix(":"),
      withoutFragment.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F })
    else {
      throw RemoteError(
        .invalidRequest, "The remote URL must be an absolute http:// or https:// URL with a host.")
    }
    do {
      // Credentials go in headers, which belong to the origin; never in the URL, which is
      // kept in the file and shown.
      _ = try RemoteOrigin(url: String(withoutFragment))
    } catch {
      throw RemoteError(.invalidRequest, error.message)
    }
    base = String(withoutFragment)
  }

  /// The URL of the page after `cursor` (the first page when nil), or of the first page of what
  /// changed since `since`.
  func page(limit: Int, cursor: String?, since: String? = nil) -> String {
    var url = base
    if url.hasSuffix("?") || url.hasSuffix("&") {
    } else {
      url += url.contains("?") ? "&" : "?"
    }
    url += "limit=\(limit)"
    if let cursor { url += "&cursor=" + Self.percentEncoded(cursor) }
    if let since { url += "&since=" + Self.percentEncoded(since) }
    return url
  }

  /// Every byte of the UTF-8 text except RFC 3986's unreserved ones as `%XX`.
  static func percentEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".utf8)
        out += "%"
        out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
        out.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 0xF)]))
      }
    }
    return out
  }
}
