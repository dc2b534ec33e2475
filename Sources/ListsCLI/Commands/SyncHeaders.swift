import CLISupport
import ListProtocol
import ListStore
import TextFormats

/// The headers one sync sends, each kept with the origin (scheme, host, port) it belongs to and
/// sent only there.
///
/// - `--header "Name: value"` belongs to the origin of `--from URL`; `--header @FILE` reads
///   `Name: value` lines from a file (curl's convention; blank lines are skipped).
/// - `LISTS_SYNC_HEADERS` holds lines `ORIGIN Name: value`, such as
///   `https://api.example.com Authorization: Bearer ...`; a line naming no origin is refused
///   (64) and nothing is sent.
///
/// `lists` hands a sync's headers to `lists-sync` in that child's own `LISTS_SYNC_HEADERS`,
/// filtered to the remote's origin before they leave `lists`: always set (empty when there are
/// none), so the person's variable never reaches the child whole. Never in its arguments,
/// which `ps` shows to every user. The child refuses a line of another origin. No message
/// quotes a header value or a line that may hold one.
package struct SyncHeaders: Sendable {
  /// The largest header file read, in bytes.
  static let maxFileBytes = 64 * 1024

  /// The origin every header here belongs to.
  package let origin: RemoteOrigin
  /// The headers, as `(name, value)`, in order; a name appears once.
  package private(set) var fields: [(name: String, value: String)] = []

  /// The headers of `origin`: the lines of `environment` (the text of `LISTS_SYNC_HEADERS`)
  /// naming it, then `given` (the values of `--header`), which replace a line of the same name.
  ///
  /// - Throws: 64 for a line of the variable naming no origin, or a header that is not
  ///   `Name: value`; 66 for a header file that cannot be read.
  package init(origin: RemoteOrigin, given: [String] = [], environment: String?) throws(CLIError) {
    self.origin = origin
    let lines: [(RemoteOrigin, (name: String, value: String))]
    do {
      lines = try HeaderHandoff.originLines(environment ?? "")
    } catch {
      throw .other(error.message, .usage)
    }
    for (lineOrigin, field) in lines where lineOrigin == origin {
      add(field)
    }
    for value in given {
      if value.hasPrefix("@") {
        let path = String(value.dropFirst())
        for (number, line) in try Self.fileLines(path) {
          guard let field = HTTPHeaderSyntax.split(line) else {
            throw .other("Line \(number) of \(path) is not a header \"Name: value\".", .usage)
          }
          add(field)
        }
      } else {
        guard !value.contains("\n"), !value.contains("\r") else {
          throw .usageMessage("A header must be one line, \"Name: value\".", commandPath: ["sync"])
        }
        guard let field = HTTPHeaderSyntax.split(value) else {
          throw .usageMessage(
            "A header must look like \"Name: value\", with a token as its name.", commandPath: ["sync"])
        }
        add(field)
      }
    }
  }

  /// The headers of the remote at `url` from `LISTS_SYNC_HEADERS` alone: what a stale `show`
  /// sends.
  package init(remoteURL url: String, environment: String?) throws(CLIError) {
    let origin: RemoteOrigin
    do {
      origin = try RemoteOrigin(url: url)
    } catch {
      throw .other(error.message, .usage)
    }
    try self.init(origin: origin, environment: environment)
  }

  /// The text of `LISTS_SYNC_HEADERS` as the child gets it: one `ORIGIN Name: value` line per
  /// header, every one of ``origin``.
  package var childVariable: String {
    fields.map { "\(origin) \($0.name): \($0.value)\n" }.joined()
  }

  private mutating func add(_ field: (name: String, value: String)) {
    fields.removeAll { $0.name.lowercased() == field.name.lowercased() }
    fields.append(field)
  }

  /// The non-blank lines of the file at `path`, numbered from 1.
  private static func fileLines(_ path: String) throws(CLIError) -> [(Int, Substring)] {
    let descriptor: Int32
    switch System.openForReading(path) {
    case .success(let opened): descriptor = opened
    case .failure(let error): throw .inputMissing(path: path, reason: error.description)
    }
    defer { System.close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while bytes.count <= maxFileBytes {
      let count: Int
      switch chunk.withUnsafeMutableBytes({ System.read(descriptor, into: $0) }) {
      case .success(let read): count = read
      case .failure(let error): throw .inputMissing(path: path, reason: error.description)
      }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    guard bytes.count <= maxFileBytes else {
      throw .other("The header file \(path) is larger than \(maxFileBytes) bytes.", .usage)
    }
    return HeaderHandoff.numberedLines(String(decoding: bytes, as: UTF8.self))
  }
}
