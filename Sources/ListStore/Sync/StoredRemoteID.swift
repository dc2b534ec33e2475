import ListProtocol
import SQLiteCore
import TextFormats

/// A remote id — or an item's `version`, which a remote sends the same way — as the file keeps
/// it: a 64-bit integer (`-0` is `0`) or text, each given back to the remote with the JSON type
/// it came with.
enum StoredRemoteID: Hashable {
  case integer(Int64)
  case text(String)

  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` for an integer id the file cannot
  ///   store exactly (beyond 64 bits): stored as text, it would be the string id of its digits.
  init(_ remote: RemoteDraft) throws(ListStoreError) {
    try self.init(text: remote.remoteID, isInteger: remote.remoteIDIsInteger, field: "id")
  }

  /// An id as a change sent to the remote carries it: a non-empty string or a 64-bit integer;
  /// nil for anything else.
  init?(json value: JSONValue) {
    switch value {
    case .string(let text) where !text.isEmpty: self = .text(text)
    case .number(let literal):
      guard let number = Int64(literal) else { return nil }
      self = .integer(number)
    default: return nil
    }
  }

  /// A version (or, named by `field`, another id), checked as an id is.
  init(_ token: RemoteToken, field: String = "version") throws(ListStoreError) {
    try self.init(text: token.text, isInteger: token.isInteger, field: field)
  }

  private init(text: String, isInteger: Bool, field: String) throws(ListStoreError) {
    guard isInteger else {
      self = .text(text)
      return
    }
    guard let number = Int64(text) else {
      throw .invalidValue(field: field, reason: "is not an integer the file can store exactly (64 bits)")
    }
    self = .integer(number)
  }

  /// The value of `column`, whose SQLite type `typeName` (`typeof()`) names; nil for NULL or
  /// another type (a file edited by another program).
  init?(_ statement: Statement, column: Int32, typeName: String?) {
    switch typeName {
    case "integer": self = .integer(statement.int64(at: column))
    case "text":
      guard let text = statement.optionalText(at: column) else { return nil }
      self = .text(text)
    default: return nil
    }
  }

  /// Whether this version is older than `other`: both integers and this one lower. Versions of
  /// any other form are taken in the order they arrive.
  func isOlder(than other: StoredRemoteID) -> Bool {
    guard case .integer(let mine) = self, case .integer(let theirs) = other else { return false }
    return mine < theirs
  }

  func bind(to statement: Statement, at index: Int32) throws(SQLiteError) {
    switch self {
    case .integer(let number): try statement.bind(number, at: index)
    case .text(let text): try statement.bind(text, at: index)
    }
  }

  /// The id as the protocol carries it, with the JSON type it came with.
  var wireID: WireID {
    switch self {
    case .integer(let number): .integer(String(number))
    case .text(let text): .string(text)
    }
  }

  /// The value as a JSON value: a number or a string, as the remote sent it.
  var jsonValue: JSONValue { wireID.jsonValue }

  /// Writes the value as JSON: a number or a string, as the remote sent it.
  func write(into writer: inout JSONWriter) {
    switch self {
    case .integer(let number): writer.number(literal: String(number))
    case .text(let text): writer.string(text)
    }
  }
}
