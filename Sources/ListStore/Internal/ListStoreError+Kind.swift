extension ListStoreError {
  /// Ids the account's list of the kind named `kind` does not have: a built-in list's error
  /// for favorites, addresses and orders (their messages name one item: `No order with id 7`).
  static func notFound(kind: String, ids: [Int64]) -> ListStoreError {
    if let list = ListKind(rawValue: kind) { return .itemsNotFound(list: list, ids: ids) }
    return .kindItemsNotFound(kind: kind, ids: ids)
  }

  /// A cursor not made by a page of the kind named `kind` (the built-in lists' own case for
  /// them).
  static func foreignCursor(kind: String) -> ListStoreError {
    if let list = ListKind(rawValue: kind) { return .invalidCursor(list: list) }
    return .invalidKindCursor(kind: kind)
  }
}
