/// Why a definition cannot be registered, or a change to a registered one cannot be applied:
/// one sentence naming the problem, e.g. `Field 'pages' has the unknown type 'int'; the types
/// are text, integer, bool, timestamp, date, money, enum.`
public struct KindDefinitionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The sentence.
  public var message: String

  /// An error with `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// The message: what is wrong with the definition and what to do.
  public var description: String { message }
}
