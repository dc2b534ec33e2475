/// What one change of a push does to an item: the `op` member of a change.
package enum ChangeOperation: String, Sendable, Hashable, CaseIterable {
  /// A new item; the server gives it its id.
  case add
  /// Some fields of an item the server sent; `null` unsets one.
  case update
  /// The item goes.
  case remove
}
