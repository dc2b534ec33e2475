import Foundation

/// A fresh folder under the system's temporary directory for the run's database files.
///
/// Removed by ``remove()``, which the harness calls however the run ends.
struct ScratchFolder {
  let path: String

  init() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lists-bench-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    path = url.path
  }

  /// The path of a file named `name` in the folder.
  func file(_ name: String) -> String { path + "/" + name }

  /// Removes a database file with its `-wal` and `-shm` companions.
  func removeDatabase(_ name: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: file(name) + suffix)
    }
  }

  /// Removes the folder and everything in it.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
