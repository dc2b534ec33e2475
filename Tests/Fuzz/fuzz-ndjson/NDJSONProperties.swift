import FuzzSupport
import ListStore
import ListsCLI
import TextFormats

/// What must hold for the NDJSON import path on any byte stream.
///
/// - The line reader gives the lines of ``referenceLines(_:limit:)`` — cut at `\n`, one `\r`
///   dropped, blank lines skipped but counted, a leading byte order mark dropped — whatever the
///   read sizes, and stops at the first line over its limit with that line's number.
/// - The parser never accepts invalid UTF-8 and never blames UTF-8 when there is none; its error
///   offsets lie in the line. What it accepts has at most 64 levels and no repeated key, and
///   written back with `JSONWriter` is one line that parses to the same value and is written the
///   same way again.
/// - An item the decoders accept, exported as `lists export` writes it, decodes to the same
///   draft: export and import are inverses.
enum NDJSONProperties {
  /// The time the export round trip gives drafts that have none.
  static let fixedTime = Timestamp(millisecondsSince1970: 1_796_046_000_000)

  static func check(_ input: [UInt8]) throws(PropertyFailure) {
    let expected = referenceLines(input, limit: .max)
    for (chunkSize, readSize) in [(1, 1), (7, 3), (4096, 64 * 1024)] {
      let found = readLines(input, chunkSize: chunkSize, readSize: readSize, limit: 1 << 24)
      try require(
        found == expected, "reads of \(chunkSize) gave \(found), the reference \(expected)")
    }
    let limited = readLines(input, chunkSize: 5, readSize: 4, limit: 16)
    let limitedExpected = referenceLines(input, limit: 16)
    try require(
      limited == limitedExpected,
      "with a 16-byte limit: \(limited), the reference \(limitedExpected)")
    if case .success(let lines) = expected {
      for line in lines { try checkLine(line.bytes) }
    }
  }

  // MARK: Lines

  typealias Lines = Result<[NDJSONLine], NDJSONReadError>

  static func readLines(_ input: [UInt8], chunkSize: Int, readSize: Int, limit: Int) -> Lines {
    var reader = NDJSONLineReader(
      source: ChunkedByteSource(input, chunkSize: chunkSize), chunkSize: readSize,
      maximumLineLength: limit)
    var lines: [NDJSONLine] = []
    do {
      while let line = try reader.next() { lines.append(line) }
    } catch {
      return .failure(error)
    }
    return .success(lines)
  }

  /// The documented splitting, on the whole input at once.
  static func referenceLines(_ input: [UInt8], limit: Int) -> Lines {
    var body = input[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    var pieces = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    if pieces.last?.isEmpty == true { pieces.removeLast() }
    var lines: [NDJSONLine] = []
    for (index, piece) in pieces.enumerated() {
      let text = piece.last == UInt8(ascii: "\r") ? piece.dropLast() : piece
      if text.count > limit { return .failure(.lineTooLong(line: index + 1, limit: limit)) }
      if text.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
      lines.append(NDJSONLine(number: index + 1, bytes: Array(text)))
    }
    return .success(lines)
  }

  // MARK: JSON

  static func checkLine(_ bytes: [UInt8]) throws(PropertyFailure) {
    let isUTF8 = String(validating: bytes, as: UTF8.self) != nil
    switch Result(catching: { () throws(JSONParseError) in try JSONParser.parse(bytes) }) {
    case .failure(let error):
      try require(
        (0...bytes.count).contains(error.offset),
        "error offset \(error.offset) outside \(bytes.count) bytes: \(hexDump(bytes))")
      try require(
        !isUTF8 || !error.reason.hasPrefix("invalid UTF-8"),
        "valid UTF-8 rejected as '\(error.reason)': \(hexDump(bytes))")
    case .success(let value):
      try require(isUTF8, "invalid UTF-8 accepted: \(hexDump(bytes))")
      try require(depth(of: value) <= JSONParser.maximumDepth, "nesting over the limit accepted")
      try require(keysAreUnique(in: value), "a repeated key accepted: \(hexDump(bytes))")
      try checkRewrite(value, source: bytes)
      try checkDrafts(value)
    }
  }

  /// Written back, the value is one line, parses to itself and is written identically again.
  static func checkRewrite(_ value: JSONValue, source: [UInt8]) throws(PropertyFailure) {
    var writer = JSONWriter()
    writer.value(value)
    let written = writer.bytes
    try require(
      !written.contains { $0 < 0x20 }, "written JSON has a control byte: \(hexDump(written))")
    switch Result(catching: { () throws(JSONParseError) in try JSONParser.parse(written) }) {
    case .failure(let error):
      throw PropertyFailure(
        "\(hexDump(source)) written as \(hexDump(written)) does not parse: \(error)")
    case .success(let reparsed):
      try require(reparsed == value, "\(hexDump(source)) does not survive a rewrite")
      var again = JSONWriter()
      again.value(reparsed)
      try require(again.bytes == written, "\(hexDump(source)) is written two ways")
    }
  }

  static func depth(of value: JSONValue) -> Int {
    switch value {
    case .array(let elements): 1 + (elements.map(depth).max() ?? 0)
    case .object(let object): 1 + (object.members.map { depth(of: $0.value) }.max() ?? 0)
    case .null, .bool, .number, .string: 0
    }
  }

  static func keysAreUnique(in value: JSONValue) -> Bool {
    switch value {
    case .array(let elements):
      return elements.allSatisfy(keysAreUnique)
    case .object(let object):
      let keys = object.members.map { Array($0.key.utf8) }
      return Set(keys).count == keys.count
        && object.members.allSatisfy { keysAreUnique(in: $0.value) }
    case .null, .bool, .number, .string:
      return true
    }
  }

  // MARK: Items

  /// Whatever the decoders accept comes back unchanged through an export; an amount is never
  /// negative.
  static func checkDrafts(_ value: JSONValue) throws(PropertyFailure) {
    for definition in KindDefinition.builtIns {
      let format = KindItemFormat(definition)
      guard let draft = try? format.draft(from: value) else { continue }
      for case .money(let money) in draft.values.values {
        try require(money.minorUnits >= 0, "\(definition.item) \(draft) has a negative amount")
      }
      let item = storedItem(draft, of: definition)
      try require(
        fieldsOf(try reimport(item, format)) == fieldsOf(item, definition),
        "\(definition.item) \(draft) changes through an export")
    }
  }

  /// The item `draft` is stored as: absent fields at their defaults, times of now fixed.
  static func storedItem(_ draft: DynamicDraft, of definition: KindDefinition) -> DynamicItem {
    let values = definition.fields.map { field -> FieldValue in
      if let value = draft.values[field.name], value != .null { return value }
      switch field.defaultValue {
      case .text(let text)?: return .text(text)
      case .integer(let number)?: return .integer(number)
      case .bool(let flag)?: return .bool(flag)
      case .now?: return .timestamp(fixedTime)
      case nil: return .null
      }
    }
    return DynamicItem(
      id: 1, values: values, addedAt: definition.hasImplicitAddedAt ? draft.addedAt ?? fixedTime : nil)
  }

  /// The values a draft or item gives, by field, without the absent ones.
  static func fieldsOf(_ draft: DynamicDraft) -> [String: FieldValue] {
    var values = draft.values.filter { $0.value != .null }
    if let addedAt = draft.addedAt { values["added_at"] = .timestamp(addedAt) }
    return values
  }

  static func fieldsOf(_ item: DynamicItem, _ definition: KindDefinition) -> [String: FieldValue] {
    var values: [String: FieldValue] = [:]
    for (field, value) in zip(definition.fields, item.values) where value != .null { values[field.name] = value }
    if let addedAt = item.addedAt { values["added_at"] = .timestamp(addedAt) }
    return values
  }

  /// `item` written as `lists export` writes it, then read as `lists import` reads it.
  static func reimport(_ item: DynamicItem, _ format: KindItemFormat) throws(PropertyFailure) -> DynamicDraft {
    var writer = JSONWriter()
    format.writeJSON(item, into: &writer)
    let line = writer.bytes
    do {
      return try format.draft(from: try JSONParser.parse(line))
    } catch {
      throw PropertyFailure("exported \(hexDump(line, limit: 400)) does not import: \(error)")
    }
  }
}
