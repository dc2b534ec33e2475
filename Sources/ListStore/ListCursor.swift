/// Where a page of a list starts: an opaque token made by the list for its next page.
///
/// A cursor holds the sort key of the last item of a page, so the next page is found by an index
/// seek and costs the same however deep it is. It is bound to the list and the account that made
/// it and carries a checksum: a cursor from another list or account, or one edited by hand, is
/// refused with ``ListStoreError/invalidCursor(kind:)``.
///
/// A cursor handed out by a page keeps its sort key as well, and spells its token only when
/// asked: an app paging through a list never encodes or decodes a token at all.
public struct ListCursor: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
  enum Storage: Sendable {
    /// A token given by a user; checked when used.
    case token(String)
    /// A cursor made by a page of any kind.
    case kind(Place)
  }

  /// Where a page of a kind made for `account` ended: its last item's sort key, and the
  /// identity of the query the page answered (empty for none, ``KindQuery/identity``). One
  /// reference, so that copying a cursor (a loader does, several times a page) retains one
  /// object rather than each of its texts and values.
  final class Place: Sendable {
    let values: [CursorValue]
    let kind: String
    let account: String
    let query: String

    init(values: [CursorValue], kind: String, account: String, query: String) {
      self.values = values
      self.kind = kind
      self.account = account
      self.query = query
    }
  }

  let storage: Storage

  /// Wraps a token given by a user. It is checked when used.
  public init(_ token: String) {
    storage = .token(token)
  }

  @usableFromInline
  init(values: [CursorValue], kind: String, account: String, query: String = "") {
    storage = .kind(Place(values: values, kind: kind, account: account, query: query))
  }

  /// The token as text (URL-safe base64, no padding), as printed by the CLI.
  public var token: String {
    switch storage {
    case .token(let token): token
    case .kind(let place):
      KindCursorCodec.token(place.values, kind: place.kind, account: place.account, query: place.query)
    }
  }

  /// The token.
  public var description: String { token }

  /// Cursors are equal when their tokens are.
  public static func == (lhs: ListCursor, rhs: ListCursor) -> Bool { lhs.token == rhs.token }

  /// Hashes the token.
  public func hash(into hasher: inout Hasher) { hasher.combine(token) }
}

extension ListCursor {
  /// Checks that the cursor was made by `list` for `account`, without reading the list.
  /// - Throws: ``ListStoreError/invalidCursor(kind:)``.
  ///
  /// A cursor of a built-in list is read whole; one of another kind, whose definition is in
  /// the file, is checked by its checksum (its kind's repository reads it whole).
  public func validate(for list: KindName, account: String) throws(ListStoreError) {
    if case .kind(let place) = storage, place.kind == list.rawValue, place.account == account, place.query.isEmpty {
      return
    }
    let kinds = KindDefinition.builtIns.first { $0.name == list.rawValue }?.cursorValueKinds
    guard KindCursorCodec.isToken(token, kinds: kinds, kind: list.rawValue, account: account) else {
      throw .invalidCursor(kind: list)
    }
  }
}
