import FuzzSupport
import ListProtocol
import ListServer
import ListStore
import TextFormats

/// What must hold for the server's decoding of any request input.
///
/// Input layout: the first byte modulo 3 picks what the rest is — 0: a push's body, 1: the
/// value of a `cursor` (or `since`) query argument, 2: an item a push adds to the kind
/// ``definition``.
///
/// - A push body is accepted only when it is a JSON object with a `changes` array of at most
///   100 changes whose ids are unique; an accepted push encodes and decodes back to itself; a
///   refused one says why in one line without a terminal control, or is too many changes.
/// - A cursor is accepted only when its text is three dot-separated decimal parts (the middle
///   one may be empty); an accepted cursor's text reads back to the same cursor.
/// - An item is checked without crashing; a checked item's stored body is a JSON object that
///   checks again to the same body (checking is idempotent); a refusal is one line without a
///   terminal control, naming a field or none.
enum RequestProperties {
  /// The kind items are checked against: every type of field and rule.
  static let definition = KindDefinition(
    name: "books", item: "book",
    fields: [
      FieldDefinition("title", .text(maxLength: 30, pattern: "[A-Z]*"), required: true),
      FieldDefinition("pages", .integer(min: 1, max: 5000)),
      FieldDefinition("status", .enumeration(["want", "done"]), default: .text("want")),
      FieldDefinition("price", .money()),
      FieldDefinition("started_at", .timestamp),
      FieldDefinition("owned", .bool),
    ],
    unique: UniqueRule(["title"]))
  static let validator = ItemValidator(definition)

  static func check(_ input: [UInt8]) throws(PropertyFailure) {
    guard let selector = input.first else { return }
    let payload = Array(input.dropFirst())
    switch selector % 3 {
    case 0: try checkPush(payload)
    case 1: try checkCursor(payload)
    default: try checkItem(payload)
    }
  }

  static func checkPush(_ body: [UInt8]) throws(PropertyFailure) {
    let value = try? JSONParser.parse(body)
    let changes: [JSONValue]? =
      if case .array(let elements)? = value?.objectValue?["changes"] { elements } else { nil }
    do {
      let push = try PushRequest.decode(body)
      try require(changes != nil, "accepted \(hexDump(body)), which has no changes array")
      try require(
        push.changes.count == changes?.count,
        "\(push.changes.count) changes of \(changes?.count ?? -1)")
      try require(
        push.changes.count <= PushRequest.maxChanges, "accepted \(push.changes.count) changes")
      try require(
        Set(push.changes.map(\.changeID)).count == push.changes.count,
        "accepted a repeated change id")
      let again = try? PushRequest.decode(push.encoded)
      try require(
        again == push,
        "the push does not read back: \(quoted(String(decoding: push.encoded, as: UTF8.self)))")
    } catch let failure as PropertyFailure {
      throw failure
    } catch let error as PushRequest.DecodeError {
      switch error {
      case .tooManyChanges(let count):
        try require(
          (changes?.count ?? 0) == count && count > PushRequest.maxChanges, "too many: \(count)")
      case .malformed(let problem):
        try requirePlainLine(problem.message, "the message")
      }
    } catch {
      throw PropertyFailure("threw \(error)")
    }
  }

  static func checkCursor(_ bytes: [UInt8]) throws(PropertyFailure) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let cursor = WalkCursor(text: text) else { return }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    try require(parts.count == 3, "accepted \(quoted(text))")
    try require(
      parts.enumerated().allSatisfy { index, part in
        (index == 1 && part.isEmpty)
          || (!part.isEmpty && part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 })
      }, "accepted \(quoted(text))")
    try require(
      WalkCursor(text: cursor.text) == cursor, "cursor \(quoted(cursor.text)) does not read back")
  }

  static func checkItem(_ bytes: [UInt8]) throws(PropertyFailure) {
    guard case .object(let object)? = try? JSONParser.parse(bytes) else { return }
    do {
      let checked = try validator.check(object, now: 1_700_000_000_000)
      guard case .object(let body)? = try? JSONParser.parse(checked.body) else {
        throw PropertyFailure("the stored body \(quoted(checked.body)) is not an object")
      }
      let again = try? validator.check(body, now: 1)
      try require(again?.body == checked.body, "checking \(quoted(checked.body)) again changes it")
      try require(again?.uniqueKey == checked.uniqueKey, "the unique key changes")
    } catch let failure as PropertyFailure {
      throw failure
    } catch let rejection as ItemValidator.Rejection {
      try requirePlainLine(rejection.message, "the message")
    } catch {
      throw PropertyFailure("threw \(error)")
    }
  }
}
