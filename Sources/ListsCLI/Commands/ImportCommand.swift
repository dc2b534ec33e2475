import Glibc
import ListStore

/// `lists import LIST FILE`: adds the items of an NDJSON file (`-` for stdin), streamed, in one
/// transaction. The first bad line stops the import and names the line and the field; nothing
/// is added then.
package enum ImportCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let list = parsed.value(ImportSpec.list)
    let path = parsed.value(ImportSpec.file)
    let descriptor: Int32
    if path == "-" {
      descriptor = STDIN_FILENO
    } else {
      descriptor = open(path, O_RDONLY | O_CLOEXEC)
      if descriptor < 0 { throw .inputMissing(path: path, reason: String(cString: strerror(errno))) }
      // A folder opens but cannot be read: it is an unreadable input file (66), said up front
      // with its path rather than as a failed read.
      var status = stat()
      if fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
        close(descriptor)
        throw .inputMissing(path: path, reason: String(cString: strerror(EISDIR)))
      }
    }
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }

    let progress = Progress(context: context, verb: "Importing", noun: list.rawValue)
    let added = try context.writing { database throws(CLIError) in
      switch list {
      case .favorites: try importAll(database.favorites(account: context.account), descriptor, progress)
      case .addresses: try importAll(database.addresses(account: context.account), descriptor, progress)
      case .orders: try importAll(database.orders(account: context.account), descriptor, progress)
      }
    }
    progress.finish()
    context.stdout.writeLine("Imported \(added) \(added == 1 ? list.itemName : list.rawValue).")
    return .success
  }

  /// Feeds every line of `descriptor` to the repository's import, one draft at a time.
  private static func importAll<R: ListRepository>(
    _ repository: R, _ descriptor: Int32, _ progress: Progress
  ) throws(CLIError) -> Int where R.Draft: ImportableDraft {
    var reader = NDJSONLineReader(source: FileDescriptorByteSource(fileDescriptor: descriptor))
    var line = 0
    do {
      return try repository.importItems(from: { () throws(CLIError) -> R.Draft? in
        let next: NDJSONLine?
        do throws(NDJSONReadError) {
          next = try reader.next()
        } catch {
          switch error {
          case .lineTooLong(let number, let limit):
            throw .badImportLine(line: number, reason: "the line is longer than \(limit) bytes.")
          case .readFailed(_, let code):
            throw .other("Cannot read the input: \(String(cString: strerror(code))).", .ioError)
          }
        }
        guard let next else { return nil }
        line = next.number
        progress.advance()
        do {
          return try R.Draft.decode(try JSONParser.parse(next.bytes))
        } catch let error as JSONParseError {
          throw .badImportLine(line: line, reason: "not valid JSON at \(error.description).")
        } catch let error as DraftFields.Problem {
          throw .badImportLine(line: line, reason: uppercasedFirst(error.reason))
        } catch {
          throw .other(String(describing: error), .software)
        }
      })
    } catch let error as CLIError {
      throw error
    } catch let ListStoreError.importRejected(_, reason) {
      // The store stops at the draft it was just handed: the line last read.
      throw .badImportLine(line: line, reason: reason.message)
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
