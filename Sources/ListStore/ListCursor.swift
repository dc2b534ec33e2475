/// Where a page of a list starts: an opaque token made by the list for its next page.
///
/// A cursor holds the sort key of the last item of a page, so the next page is found by an index
/// seek and costs the same however deep it is. It is bound to the list and the account that made
/// it and carries a checksum: a cursor from another list or account, or one edited by hand, is
/// refused with ``ListStoreError/invalidCursor(list:)``.
public struct ListCursor: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
  /// The token as text (URL-safe base64, no padding), as printed by the CLI.
  public let token: String

  /// Wraps a token given by a user. It is checked when used.
  public init(_ token: String) {
    self.token = token
  }

  /// The token.
  public var description: String { token }
}

extension ListCursor {
  /// Checks that the cursor was made by `list` for `account`, without reading the list.
  /// - Throws: ``ListStoreError/invalidCursor(list:)``.
  public func validate(for list: ListKind, account: String) throws(ListStoreError) {
    _ = try CursorCodec.decode(self, list: list, account: account)
  }
}
