import CLISupport
import ListStore
import TextFormats

/// `lists export LIST [--format ndjson|csv]`: every item, streamed to stdout from one snapshot,
/// in constant memory.
package enum ExportCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let format = parsed.value(ExportSpec.format)
    let raw = parsed[ExportSpec.raw]
    if raw && format != .csv {
      throw .usageMessage("--raw goes with --format csv.", commandPath: ["export"])
    }
    let items = try context.items(of: parsed.value(ExportSpec.list), in: context.openForReading())
    let list = items.list
    let progress = Progress(context: context, verb: "Exporting", noun: list.rawValue)
    let count = try export(items, format, raw, context, progress)
    progress.finish()
    if context.stderrIsTerminal && !context.stdoutIsTerminal {
      context.stderr.writeLine("Exported \(count) \(count == 1 ? list.itemName : list.rawValue).")
    }
    return .success
  }

  /// Thrown from inside the export to stop it when stdout is gone.
  private struct StopExport: Error {}

  private static func export(
    _ items: KindItems, _ format: ExportFormat, _ raw: Bool, _ context: Context, _ progress: Progress
  ) throws(CLIError) -> Int {
    let writer = KindItemFormat(items.definition)
    switch format {
    case .ndjson:
      return try stream(items, into: JSONWriter(capacity: 64 * 1024), context, progress) {
        writer.writeJSON($0, into: &$1)
        $1.newline()
      }
    case .csv:
      var csv = CSVWriter(capacity: 64 * 1024, protectsFormulas: !raw)
      csv.record(writer.fieldNames)
      return try stream(items, into: csv, context, progress) { writer.writeCSV($0, into: &$1) }
    }
  }

  /// Writes every item with `write` into `buffer`, handing the buffer to stdout whenever it
  /// holds about 60 KiB, so memory stays the same however long the list is.
  private static func stream<Buffer: ExportBuffer>(
    _ repository: KindItems, into buffer: Buffer, _ context: Context, _ progress: Progress,
    write: (DynamicItem, inout Buffer) -> Void
  ) throws(CLIError) -> Int {
    let stdout = context.stdout
    var buffer = buffer
    var count = 0
    do {
      try repository.export { item in
        write(item, &buffer)
        count += 1
        progress.advance()
        if buffer.count >= 60 * 1024 {
          buffer.withBytes { stdout.write($0) }
          buffer.removeAll()
          if stdout.failure != nil { throw StopExport() }
        }
      }
      buffer.withBytes { stdout.write($0) }
    } catch is StopExport {
    } catch let error as ListStoreError {
      throw .store(error)
    } catch {
      throw .other(String(describing: error), .software)
    }
    if let failed = stdout.writeError("the export") { throw failed }
    return count
  }
}

/// A byte buffer an export fills and empties into stdout.
protocol ExportBuffer {
  var count: Int { get }
  func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
  mutating func removeAll()
}

extension JSONWriter: ExportBuffer {}
extension CSVWriter: ExportBuffer {}
