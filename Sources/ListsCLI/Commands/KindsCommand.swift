import CLISupport
import ListStore
import TextFormats

/// `lists kinds` and its commands: the kinds of list the file holds, registered, changed,
/// shown and removed through the store's registry.
package enum KindsCommand {
  /// The longest definition file read.
  static let maximumDefinitionBytes = 1 << 20

  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    switch parsed.id {
    case .kindsAdd:
      let definition = try readDefinition(parsed.value(KindsSpec.Add.file))
      let registered = try context.writing { database throws(CLIError) in
        try store { () throws(ListStoreError) in try database.registerKind(definition) }
      }
      let indexes = definition.indexSQL.count
      context.stdout.writeLine(
        "Registered \(registered.name) (\(plural(definition.fields.count, "field"))): the table "
          + "\(registered.name), \(plural(indexes, "index", "indexes")) and 3 count triggers. "
          + "See: \(context.command("kinds", "show", registered.name))")
    case .kindsUpdate:
      let definition = try readDefinition(parsed.value(KindsSpec.Update.file))
      let (before, after) = try context.writing { database throws(CLIError) in
        try store { () throws(ListStoreError) in
          let before = try database.kind(named: definition.name)
          return (before, try database.updateKind(definition))
        }
      }
      if before?.version == after.version {
        context.stdout.writeLine("\(after.name) is unchanged (version \(after.version)).")
      } else {
        let added = after.definition.fields.filter { before?.definition.field(named: $0.name) == nil }.map(\.name)
        context.stdout.writeLine(
          "Updated \(after.name) to version \(after.version)"
            + (added.isEmpty ? "." : ": added \(added.joined(separator: ", "))."))
      }
    case .kindsShow:
      let name = parsed.value(KindsSpec.Show.name)
      let database = try context.openForReading()
      let kind = try store { () throws(ListStoreError) in
        guard let kind = try database.kind(named: name) else { throw .unknownKind(name) }
        return kind
      }
      if parsed[KindsSpec.Show.json] {
        context.stdout.writeVerbatimLine(json(kind))
      } else {
        for line in describe(kind) { context.stdout.writeLine(line) }
      }
    case .kindsRemove:
      let name = parsed.value(KindsSpec.Remove.name)
      guard parsed[KindsSpec.Remove.yes] else {
        throw .usageMessage(
          "Removing \(TerminalEscaping.escape(name)) drops all its items; add --yes to do it.",
          commandPath: ["kinds", "remove"])
      }
      let database = try context.openForReading()
      try store { () throws(ListStoreError) in try database.removeKind(named: name) }
      context.stdout.writeLine("Removed \(name) and its items.")
    default:
      try list(context)
    }
    return .success
  }

  /// Every kind with its item count and fields.
  private static func list(_ context: Context) throws(CLIError) {
    let database = try context.openForReading()
    let rows = try store { () throws(ListStoreError) -> [[String]] in
      var rows: [[String]] = []
      for kind in try database.kinds() {
        let count = try database.items(of: kind.name, account: context.account).count()
        rows.append([kind.name, String(count), kind.definition.fields.map(\.name).joined(separator: ", ")])
      }
      return rows
    }
    let columns = [
      TableColumn("KIND"), TableColumn("ITEMS", alignment: .right, minimumWidth: 5), TableColumn("FIELDS"),
    ]
    for line in TableRenderer.render(columns: columns, rows: rows, width: context.width, style: context.stdoutStyle) {
      context.stdout.writeLine(TerminalText(rendered: line))
    }
  }

  /// A kind for people: its fields with their types and limits, its order, and its SQL. Every
  /// name and value in it is the file's, so each is escaped on its way into the lines.
  static func describe(_ kind: RegisteredKind) -> [TerminalText] {
    let definition = kind.definition
    var lines: [TerminalText] = [
      "\(definition.name) (one \(definition.item)), version \(kind.version)"
        + (kind.isBuiltIn ? ", built in" : ", registered \(kind.createdAt.iso8601)")
    ]
    let names = definition.fields.map { TerminalText(escaping: $0.name) }
    let width = names.map(\.text.count).max() ?? 0
    for (name, field) in zip(names, definition.fields) {
      lines.append("  \(name.padding(to: width))  \(summary(of: field))")
    }
    let order = definition.effectiveOrder.map { $0.field + ($0.descending ? " descending" : "") }
    lines.append("Order: \(order.joined(separator: ", then "))")
    if let unique = definition.unique {
      lines.append(
        "Unique per account: \(unique.fields.joined(separator: " and ")) (adding again "
          + (unique.onDuplicate == .keep ? "changes nothing)" : "is refused)"))
    }
    if !definition.search.isEmpty { lines.append("Search: \(definition.search.joined(separator: ", "))") }
    lines.append("Checksum: \(kind.checksum)")
    if !kind.schemaSQL.isEmpty {
      lines.append("SQL:")
      lines += kind.schemaSQL.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }
    }
    return lines
  }

  private static func summary(of field: FieldDefinition) -> String {
    var parts = [field.type.name] + field.limitsSummary
    if field.required { parts.append("required") }
    switch field.defaultValue {
    case .text(let text)?: parts.append("default \(text)")
    case .integer(let number)?: parts.append("default \(number)")
    case .bool(let flag)?: parts.append("default \(flag)")
    case .now?: parts.append("default now")
    case nil: break
    }
    if field.caseInsensitive { parts.append("case-insensitive") }
    if field.onePerAccount { parts.append("one per account") }
    return parts.joined(separator: ", ")
  }

  /// A kind as one JSON object: the row of `list_kinds`, its definition as JSON.
  static func json(_ kind: RegisteredKind) -> String {
    var writer = JSONWriter()
    writer.beginObject()
    writer.key("name")
    writer.string(kind.name)
    writer.key("item")
    writer.string(kind.definition.item)
    writer.key("version")
    writer.int(kind.version)
    writer.key("built_in")
    writer.bool(kind.isBuiltIn)
    writer.key("checksum")
    writer.string(kind.checksum)
    writer.key("created_at")
    writer.string(kind.createdAt.iso8601)
    writer.key("definition")
    if let value = try? JSONParser.parse(kind.definition.json) { writer.value(value) } else { writer.null() }
    writer.key("sql")
    writer.string(kind.schemaSQL.isEmpty ? nil : kind.schemaSQL)
    writer.endObject()
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Reads and parses the definition in the file at `path` (`-` for stdin).
  private static func readDefinition(_ path: String) throws(CLIError) -> KindDefinition {
    // A folder is an unreadable input file (66), standard input included.
    let descriptor: Int32
    switch path == "-" ? System.refusingFolder(System.standardInput) : System.openForReading(path) {
    case .success(let opened): descriptor = opened
    case .failure(let error): throw .inputMissing(path: path, reason: error.description)
    }
    defer { if descriptor != System.standardInput { System.close(descriptor) } }
    var source = FileDescriptorByteSource(fileDescriptor: descriptor)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while bytes.count <= maximumDefinitionBytes {
      var failure: ByteSourceError?
      let count = chunk.withUnsafeMutableBytes { buffer in
        do throws(ByteSourceError) {
          return try source.read(into: buffer)
        } catch {
          failure = error
          return 0
        }
      }
      if let failure {
        throw .other("Cannot read \(path): \(System.describe(failure.errno)).", .ioError)
      }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    guard bytes.count <= maximumDefinitionBytes else {
      throw .store(.invalidDefinition("The definition is larger than 1 MiB."))
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .store(.invalidDefinition("The definition is not UTF-8 text."))
    }
    do {
      let definition = try KindDefinition(json: text)
      // The store's rules first, then the options `lists add` makes of it, as one check.
      try definition.validate()
      try definition.checkOptions()
      return definition
    } catch {
      throw .store(.invalidDefinition(error.message))
    }
  }

  private static func plural(_ count: Int, _ one: String, _ many: String? = nil) -> String {
    "\(count) \(count == 1 ? one : many ?? one + "s")"
  }
}
