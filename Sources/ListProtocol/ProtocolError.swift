/// Why a body is not the protocol's JSON: one sentence naming the member at fault.
package struct ProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong, e.g. `change 3 has no "change_id".`
  package var message: String
  /// The field of an item the problem is about, when it is one (for a `rejected` answer).
  package var field: String?

  /// An error saying `message`.
  package init(_ message: String, field: String? = nil) {
    self.message = message
    self.field = field
  }

  /// The message.
  package var description: String { message }
}
