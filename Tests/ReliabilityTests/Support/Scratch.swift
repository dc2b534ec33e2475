import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh folder for one test, removed when the test is done.
///
/// Every test gets its own database files in its own folder: WAL, locking and crash behaviour
/// only exist on files.
final class Scratch: Sendable {
  let path: String

  init() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("lists-reliability-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.path
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The path of `name` in the folder.
  func file(_ name: String) -> String { path + "/" + name }

  /// The names in the folder that start with `prefix`, sorted.
  func names(startingWith prefix: String) -> [String] {
    let all = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return all.filter { $0.hasPrefix(prefix) }.sorted()
  }

  /// Writes `data` to `name` and returns its path.
  @discardableResult
  func write(_ name: String, _ data: Data) throws -> String {
    let target = file(name)
    try data.write(to: URL(fileURLWithPath: target))
    return target
  }

  /// Writes `lines`, each followed by a line feed, to `name` and returns its path.
  @discardableResult
  func writeLines(_ name: String, _ lines: [String]) throws -> String {
    var data = Data()
    for line in lines {
      data.append(contentsOf: line.utf8)
      data.append(0x0A)
    }
    return try write(name, data)
  }

  /// Copies the database `source` (without side files) to `name`, replacing it and its side
  /// files; returns the copy's path.
  @discardableResult
  func copyDatabase(_ source: String, to name: String) throws -> String {
    let target = file(name)
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(target + suffix) }
    try FileManager.default.copyItem(atPath: source, toPath: target)
    return target
  }
}

/// The bytes of the file at `path`, or nil when it cannot be read.
func contents(of path: String) -> Data? {
  FileManager.default.contents(atPath: path)
}

/// The side files SQLite may leave next to `path`: `-wal`, `-shm`, `-journal`.
func sideFiles(of path: String) -> [String] {
  ["-wal", "-shm", "-journal"].map { path + $0 }.filter { access($0, F_OK) == 0 }
}
