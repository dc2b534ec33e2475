import TextFormats

/// One request header sent to a remote, such as `Authorization: Bearer ...`.
///
/// Its value is a secret as far as this library knows: ``description``, ``debugDescription``
/// and the header's mirror (what `print`, `dump` and string interpolation show) all replace it
/// with `***`, and no ``RemoteError`` ever contains it.
///
/// For example:
///
/// ```swift
/// let header = try RemoteHeader(parsing: "Authorization: Bearer s3cret")
/// print(header)  // Authorization: ***
/// ```
public struct RemoteHeader: Sendable, Hashable, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The field name, as given (`Authorization`).
  public let name: String
  /// The field value, leading and trailing spaces removed. Never printed.
  public let value: String

  /// Creates a header from a name and a value.
  ///
  /// - Throws: ``RemoteError`` of kind `ErrorKind.invalidRequest` when the name is not
  ///   an HTTP token or the value holds a line break or another control character. The message
  ///   names the header but never quotes the value.
  public init(name: String, value: String) throws(RemoteError) {
    guard HTTPHeaderSyntax.isName(name) else {
      throw RemoteError(
        .invalidRequest,
        "The header name \(Self.quotedName(name)) is not valid; use \"Name: value\".")
    }
    let trimmed = HTTPHeaderSyntax.trimmed(value)
    guard HTTPHeaderSyntax.isValue(trimmed) else {
      throw RemoteError(
        .invalidRequest, "The value of the header \(name) holds a control character.")
    }
    self.name = name
    self.value = trimmed
  }

  /// Parses a `"Name: value"` string, as given to `--header`.
  ///
  /// - Throws: ``RemoteError`` of kind `ErrorKind.invalidRequest` when there is no
  ///   colon, the name is empty or not a token, or the value holds a control character.
  public init(parsing text: String) throws(RemoteError) {
    guard let colon = text.firstIndex(of: ":") else {
      throw RemoteError(
        .invalidRequest, "A header must look like \"Name: value\"; this one has no colon.")
    }
    try self.init(name: String(text[..<colon]), value: String(text[text.index(after: colon)...]))
  }

  /// `Name: ***`: the value is never shown.
  public var description: String { "\(name): ***" }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// A mirror with the name and a redacted value, so `dump` shows no secret either.
  public var customMirror: Mirror {
    Mirror(self, children: ["name": name, "value": "***"], displayStyle: .struct)
  }

  /// Whether two headers have the same name, compared without case, as HTTP compares them.
  func hasSameName(as other: RemoteHeader) -> Bool {
    name.lowercased() == other.name.lowercased()
  }

  /// A name quoted for a message, cut short: it may be a mistyped value.
  private static func quotedName(_ name: String) -> String {
    let shown = name.unicodeScalars.prefix(40).map {
      $0.isASCII && $0.value >= 0x20 ? "\($0)" : "?"
    }
    return "'" + shown.joined() + (name.unicodeScalars.count > 40 ? "...'" : "'")
  }
}
