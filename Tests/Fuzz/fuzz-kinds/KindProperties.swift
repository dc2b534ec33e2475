import FuzzSupport
import ListStore
import SQLiteCore

/// What must hold for the kind definition parser on any text.
///
/// Input layout: the whole input is the definition's JSON text (UTF-8, invalid sequences
/// repaired), as `lists kinds add FILE` reads it and `list_kinds.definition` keeps it.
///
/// - Parsing throws only ``KindDefinitionError`` (the type says so), with a message.
/// - A parsed definition writes itself (``KindDefinition/json``) as JSON that parses back to
///   an equal definition and the same text.
/// - It validates, or throws a ``KindDefinitionError`` with a message.
/// - A valid definition's names are `[a-z][a-z0-9_]*`, at most 40 bytes, and its schema (the
///   table, indexes, count triggers, search index and the outbox triggers a synced kind gets)
///   runs on an empty database one statement at a time, making its table and only objects it
///   names (`schemaObjectNames`, `searchSchemaObjectNames`): no text of a definition becomes SQL
///   of its own.
///
/// Messages are not checked for terminal controls: a field's pattern, format, enum values and
/// defaults may hold C1 controls and U+202E on `main` (the fuzzer's first finding, issue 19),
/// and a message quoting one holds it raw; `lists` escapes them on their way to the terminal.
enum KindProperties {
  static func check(_ input: [UInt8]) throws(PropertyFailure) {
    let text = String(decoding: input, as: UTF8.self)
    let definition: KindDefinition
    do {
      definition = try KindDefinition(json: text)
    } catch {
      try require(!error.message.isEmpty, "empty parse error")
      return
    }
    let written = definition.json
    do {
      let again = try KindDefinition(json: written)
      try require(again == definition, "\(quoted(written)) parses to another definition")
      try require(again.json == written, "\(quoted(written)) is written back as \(quoted(again.json))")
    } catch let failure as PropertyFailure {
      throw failure
    } catch {
      throw PropertyFailure("the definition's own JSON \(quoted(written)) does not parse: \(error)")
    }
    do {
      try definition.validate()
    } catch {
      try require(!error.message.isEmpty, "empty validation error")
      return
    }
    for name in [definition.name] + definition.fields.map(\.name) {
      try require(isPlainName(name), "valid definition \(quoted(written)) has the name \(quoted(name))")
    }
    try checkSchema(definition, written)
  }

  static func isPlainName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first), bytes.count <= 40 else {
      return false
    }
    return bytes.allSatisfy {
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        || $0 == UInt8(ascii: "_")
    }
  }

  /// The schema runs on an empty in-memory database and makes exactly the named objects.
  static func checkSchema(_ definition: KindDefinition, _ written: String) throws(PropertyFailure) {
    do {
      let connection = try Connection(path: ":memory:")
      for sql in definition.schemaSQL + definition.searchSQL + definition.changeTriggerSQL { try connection.execute(sql) }
      let made = Set(
        try connection.textColumn("SELECT name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'"))
      let named = Set(definition.schemaObjectNames + definition.searchSchemaObjectNames)
      // Named but made later, or never for this index: the outbox's triggers (made by the
      // first sync) and the shadow tables FTS5 keeps for other index options.
      let later = Set(definition.changeTriggerNames)
        .union(definition.search.isEmpty ? [] : ["_content", "_docsize"].map { definition.searchTableName + $0 })
      try require(
        made.isSubset(of: named) && named.subtracting(made).isSubset(of: later),
        "\(quoted(written)) made \(made.subtracting(named).sorted()) and not \(named.subtracting(made).sorted())")
    } catch let failure as PropertyFailure {
      throw failure
    } catch {
      throw PropertyFailure("the schema of valid \(quoted(written)) fails: \(error)")
    }
  }
}
