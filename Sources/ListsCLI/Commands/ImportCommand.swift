import CLISupport
import ListStore
import TextFormats

/// `lists import LIST FILE`: adds the items of an NDJSON file (`-` for stdin), streamed, in one
/// transaction. The first bad line stops the import and names the line and the field; nothing
/// is added then.
package enum ImportCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let path = parsed.value(ImportSpec.file)
    let descriptor: Int32
    if path == "-" {
      descriptor = System.standardInput
    } else {
      // A folder is an unreadable input file (66) too, said up front with its path rather than
      // as a failed read.
      switch System.openForReading(path) {
      case .success(let opened): descriptor = opened
      case .failure(let error): throw .inputMissing(path: path, reason: error.description)
      }
    }
    defer { if descriptor != System.standardInput { System.close(descriptor) } }

    let list = parsed.value(ImportSpec.list)
    let progress = Progress(context: context, verb: "Importing", noun: list.rawValue)
    let input = Input(
      descriptor: descriptor, format: parsed.value(ImportSpec.format), raw: parsed[ImportSpec.raw])
    if input.raw && input.format != .csv {
      throw .usageMessage("--raw goes with --format csv.", commandPath: ["import"])
    }
    let updateBy = parsed[ImportSpec.updateBy]
    let (counts, kind) = try context.writing { database throws(CLIError) in
      let items = try context.items(of: list, in: database)
      guard let updateBy else { return ((try importAll(items, input, progress), 0), items.list) }
      let match = try self.match(updateBy, of: items.definition)
      return (try importAll(items, input, progress, updatingBy: match), items.list)
    }
    progress.finish()
    let (added, updated) = counts
    if updateBy == nil {
      context.stdout.writeLine("Imported \(added) \(added == 1 ? kind.itemName : kind.rawValue).")
    } else {
      context.stdout.writeLine("Imported \(added + updated) \(added + updated == 1 ? kind.itemName : kind.rawValue): \(added) added, \(updated) updated.")
    }
    return .success
  }

  /// What `--update-by` names: `id`, or every unique field of the kind (in any order).
  private static func match(_ text: String, of definition: KindDefinition) throws(CLIError) -> KindItems.ImportMatch {
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    if names == ["id"] { return .id }
    let unique = definition.unique?.fields ?? []
    guard !unique.isEmpty, Set(names) == Set(unique), names.count == unique.count else {
      let allowed = unique.isEmpty ? "id (\(definition.name) has no unique fields)" : "\(unique.joined(separator: ",")) or id"
      throw .usageMessage(
        "--update-by '\(TerminalEscaping.escape(text))' is not a way to match \(definition.name): use \(allowed).",
        commandPath: ["import"])
    }
    return .uniqueFields
  }

  /// Where the items come from and how they are written.
  private struct Input {
    var descriptor: Int32
    var format: ExportFormat
    var raw: Bool
  }

  /// The items of the input one at a time, each as the JSON object a draft decodes, with the
  /// line it starts on.
  private struct ItemReader {
    private var next: () throws(CLIError) -> (line: Int, value: JSONValue)?

    init(_ input: Input, for format: KindItemFormat) {
      let source = FileDescriptorByteSource(fileDescriptor: input.descriptor)
      switch input.format {
      case .ndjson:
        var reader = NDJSONLineReader(source: source)
        next = { () throws(CLIError) in try Self.nextLine(&reader) }
      case .csv:
        var reader = CSVItemReader(
          source: source, raw: input.raw, integers: format.integerFields, booleans: format.booleanFields)
        next = { () throws(CLIError) in try reader.next() }
      }
    }

    mutating func read() throws(CLIError) -> (line: Int, value: JSONValue)? { try next() }

    private static func nextLine(
      _ reader: inout NDJSONLineReader<FileDescriptorByteSource>
    ) throws(CLIError) -> (line: Int, value: JSONValue)? {
      let next: NDJSONLine?
      do throws(NDJSONReadError) {
        next = try reader.next()
      } catch {
        switch error {
        case .lineTooLong(let number, let limit):
          throw .badImportLine(line: number, reason: "the line is longer than \(limit) bytes.")
        case .readFailed(_, let code):
          throw .other("Cannot read the input: \(System.describe(code)).", .ioError)
        }
      }
      guard let next else { return nil }
      do {
        return (next.number, try JSONParser.parse(next.bytes))
      } catch {
        throw .badImportLine(line: next.number, reason: "not valid JSON at \(error.description).")
      }
    }
  }

  /// Feeds every item of the input to the repository's import, one draft at a time.
  private static func importAll(
    _ repository: KindItems, _ input: Input, _ progress: Progress
  ) throws(CLIError) -> Int {
    let format = KindItemFormat(repository.definition)
    var reader = ItemReader(input, for: format)
    var line = 0
    return try rejections(line: { line }) {
      try repository.importItems(from: { () throws(CLIError) -> DynamicDraft? in
        guard let next = try reader.read() else { return nil }
        line = next.line
        progress.advance()
        do throws(DraftFields.Problem) {
          return try format.draft(from: next.value)
        } catch {
          throw .badImportLine(line: line, reason: uppercasedFirst(error.reason))
        }
      })
    }
  }

  /// Feeds every line of the input to the repository's import that updates, one at a time.
  private static func importAll(
    _ repository: KindItems, _ input: Input, _ progress: Progress, updatingBy match: KindItems.ImportMatch
  ) throws(CLIError) -> (added: Int, updated: Int) {
    let format = KindItemFormat(repository.definition)
    var reader = ItemReader(input, for: format)
    var line = 0
    return try rejections(line: { line }) {
      try repository.importItems(updatingBy: match) { () throws(CLIError) -> KindItems.ImportLine? in
        guard let next = try reader.read() else { return nil }
        line = next.line
        progress.advance()
        do throws(DraftFields.Problem) {
          return try format.importLine(from: next.value)
        } catch {
          throw .badImportLine(line: line, reason: uppercasedFirst(error.reason))
        }
      }
    }
  }

  /// Runs an import, turning its errors into the command's: a rejected item names the line
  /// `line()` last read.
  private static func rejections<T>(line: () -> Int, _ body: () throws -> T) throws(CLIError) -> T {
    do {
      return try body()
    } catch let error as CLIError {
      throw error
    } catch let ListStoreError.importRejected(_, reason) {
      // The store stops at the draft it was just handed: the line last read.
      throw .badImportLine(line: line(), reason: reason.message)
    } catch let error as ListStoreError {
      throw .store(error)
    } catch {
      throw .other(String(describing: error), .software)
    }
  }

  private static func uppercasedFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst()
  }
}
