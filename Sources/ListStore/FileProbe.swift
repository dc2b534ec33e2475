/// What is at a database path before SQLite touches it.
///
/// Looking first, with plain system calls, lets the store refuse a directory or a file that is
/// not SQLite without opening it: SQLite would otherwise be the first to write next to it.
enum FileProbe: Equatable {
  /// Nothing is there: a new database.
  case missing
  /// A zero-byte file: a new database.
  case empty
  /// A directory.
  case directory
  /// Something that is neither a regular file nor a directory: a FIFO, a character or block
  /// device (`/dev/null`), a socket. It is never a database, and it is never opened: opening a
  /// FIFO would wait for a writer, and writing to `/dev/null` would lose every write.
  /// `what` names it for people: "a FIFO".
  case notRegularFile(what: String)
  /// A file whose first 16 bytes are SQLite's magic string; `wal` tells whether its header
  /// marks it as being in WAL mode (bytes 18 and 19 are 2).
  case sqlite(wal: Bool)
  /// A SQLite file that ends inside a page: it was cut short. SQLite writes whole pages, and
  /// it counts a partial last page as a whole one, so it would not notice until it read that
  /// page, while pages before it still read and write.
  case truncated(bytes: Int64, pageSize: Int)
  /// A file of another kind (text, random bytes, a file shorter than a SQLite header).
  case notSQLite
  /// The file exists but could not be read; `errno` tells why.
  case unreadable(errno: Int32)

  /// The header every SQLite database file starts with: "SQLite format 3\0".
  static let magic: [UInt8] = Array("SQLite format 3".utf8) + [0]

  /// Looks at `path`.
  static func probe(_ path: String) -> FileProbe {
    let info: System.PathStatus
    switch System.status(ofPath: path) {
    case .success(let status): info = status
    case .failure(let error): return error.code == System.noSuchFile ? .missing : .unreadable(errno: error.code)
    }
    switch info.type {
    case .regular: break
    case .directory: return .directory
    case let type: return .notRegularFile(what: describe(fileType: type))
    }
    if info.size == 0 { return .empty }
    let header: [UInt8]
    switch System.readStart(ofPath: path, count: 20) {
    case .success(let bytes): header = bytes
    case .failure(let error): return .unreadable(errno: error.code)
    }
    guard header.count == 20, header[0..<magic.count].elementsEqual(magic) else { return .notSQLite }
    // The page size, big-endian at offset 16; 1 stands for 65536. A value that is not a power
    // of two from 512 is left to SQLite, which refuses the file.
    let field = Int(header[16]) << 8 | Int(header[17])
    let pageSize = field == 1 ? 65_536 : field
    let isPageSize = pageSize >= 512 && pageSize & (pageSize - 1) == 0
    if isPageSize && info.size % Int64(pageSize) != 0 {
      return .truncated(bytes: info.size, pageSize: pageSize)
    }
    return .sqlite(wal: header[18] == 2 && header[19] == 2)
  }

  /// Why a ``truncated(bytes:pageSize:)`` file is damaged, for ``ListStoreError/corrupt(path:detail:)``.
  static func truncationDetail(bytes: Int64, pageSize: Int) -> String {
    "it is \(bytes) bytes, not a whole number of \(pageSize)-byte pages: it was cut short"
  }

  /// The reason a ``notRegularFile(what:)`` path cannot be a database, for
  /// ``ListStoreError/cannotOpen(path:reason:)``: "it is a FIFO, not a regular file".
  static func notRegularReason(_ what: String) -> String {
    "it is \(what), not a regular file"
  }

  /// A file type of `stat`'s `st_mode` (not a regular file or a directory) in words.
  private static func describe(fileType: System.FileType) -> String {
    switch fileType {
    case .fifo: "a FIFO"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .socket: "a socket"
    default: "a special file"
    }
  }

  /// `strerror` for people: "Permission denied".
  static func describe(errno code: Int32) -> String {
    System.describe(errno: code)
  }
}
