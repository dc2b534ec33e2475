#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the store asks of the C library besides threads (``Threads``) and private files
/// (``PrivateFile``): what is at a path, the first bytes of a file, the real-time clock. The
/// C library is imported by the files of `Platform/` alone.
enum System {
  /// `ENOENT`: nothing is at the path.
  static let noSuchFile: Int32 = ENOENT
  /// `EACCES`: the file system refused the access.
  static let permissionDenied: Int32 = EACCES

  /// What `stat(2)` says of a path.
  struct PathStatus {
    /// What kind of file it is.
    var type: FileType
    /// Its size in bytes (`st_size`).
    var size: Int64
    /// Its permission bits (`st_mode & 0o777`).
    var permissions: Int
  }

  /// The file types of `stat`'s `st_mode`.
  enum FileType {
    /// A regular file (`S_IFREG`).
    case regular
    /// A directory (`S_IFDIR`).
    case directory
    /// A FIFO (`S_IFIFO`).
    case fifo
    /// A character device (`S_IFCHR`).
    case characterDevice
    /// A block device (`S_IFBLK`).
    case blockDevice
    /// A socket (`S_IFSOCK`).
    case socket
    /// Any other type.
    case other
  }

  /// What is at `path` (`stat(2)`), or the `errno` of the failure.
  static func status(ofPath path: String) -> Result<PathStatus, SystemError> {
    var info = stat()
    if stat(path, &info) != 0 { return .failure(SystemError(code: errno)) }
    let type: FileType =
      switch info.st_mode & S_IFMT {
      case S_IFREG: .regular
      case S_IFDIR: .directory
      case S_IFIFO: .fifo
      case S_IFCHR: .characterDevice
      case S_IFBLK: .blockDevice
      case S_IFSOCK: .socket
      default: .other
      }
    return .success(PathStatus(type: type, size: Int64(info.st_size), permissions: Int(info.st_mode) & 0o777))
  }

  /// Whether the calling process may write in `path` (`access(2)` with `W_OK`).
  static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

  /// Up to `count` bytes from the start of the file at `path`, read once; opened non-blocking,
  /// so a path that became a FIFO cannot make the open wait.
  /// - Returns: the bytes read, or the `errno` of the failure.
  static func readStart(ofPath path: String, count: Int) -> Result<[UInt8], SystemError> {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 { return .failure(SystemError(code: errno)) }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: count)
    let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count < 0 { return .failure(SystemError(code: errno)) }
    return .success(Array(bytes[..<count]))
  }

  /// The `strerror(3)` text for `code`, e.g. "Permission denied".
  static func describe(errno code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// The real-time clock (`clock_gettime(CLOCK_REALTIME)`): seconds and nanoseconds since 1970.
  static func realTime() -> (seconds: Int64, nanoseconds: Int64) {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return (Int64(time.tv_sec), Int64(time.tv_nsec))
  }
}

/// The first `value` byte in the `count` bytes at `bytes`, or nil (`memchr(3)`, a word at a time).
///
/// Named as the C function, so that `FieldValue` calls it unchanged without the C library.
func memchr(_ bytes: UnsafeRawPointer, _ value: Int32, _ count: Int) -> UnsafeMutableRawPointer? {
  #if canImport(Glibc)
    Glibc.memchr(bytes, value, count)
  #elseif canImport(Darwin)
    Darwin.memchr(bytes, value, count)
  #endif
}

/// A failed system call's `errno`.
struct SystemError: Error {
  /// The `errno` value.
  let code: Int32
}
