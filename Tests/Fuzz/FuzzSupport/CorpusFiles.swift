#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads corpus files with the C library alone, so the fuzz targets need no Foundation.
enum CorpusFiles {
  /// `path` itself when it is a file; the files in it, sorted, when it is a folder (dotfiles
  /// skipped); nil with `errno` set when it cannot be read.
  static func list(_ path: String) -> [String]? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    guard info.st_mode & S_IFMT == S_IFDIR else { return [path] }
    guard let folder = opendir(path) else { return nil }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name.hasPrefix(".") { continue }
      var fileInfo = stat()
      let file = path.hasSuffix("/") ? path + name : path + "/" + name
      if stat(file, &fileInfo) == 0, fileInfo.st_mode & S_IFMT == S_IFREG { names.append(file) }
    }
    return names.sorted()
  }

  /// The bytes of the file at `path`, or nil with `errno` set.
  static func contents(of path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if count == 0 { return bytes }
      bytes += chunk[0..<count]
    }
  }
}

/// Writes `text` to the file descriptor `descriptor` (unbuffered: a crash right after it loses
/// nothing).
func writeOut(_ descriptor: Int32, _ text: String) {
  var text = text
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      if written <= 0 { return }
      offset += written
    }
  }
}
