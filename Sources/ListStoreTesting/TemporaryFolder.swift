import Foundation

/// A fresh folder under the system's temporary directory, for one test; ``remove()`` deletes it
/// with everything in it.
///
/// Every test that needs a database gets its own file in its own folder: WAL, locking and crash
/// behaviour only exist on files.
public struct TemporaryFolder: Sendable {
  /// The folder.
  public let url: URL

  /// Creates the folder.
  /// - Throws: the file system's error when it cannot be created.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("lists-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of a file named `name` in the folder.
  public func path(_ name: String = "lists.db") -> String {
    url.appendingPathComponent(name).path
  }

  /// The names of the files in the folder, sorted.
  /// - Throws: the file system's error when the folder cannot be read.
  public func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  /// Deletes the folder and what it holds.
  public func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// Runs `body` with a new temporary folder and removes the folder afterwards.
/// - Throws: what `body` throws, or the error of creating the folder.
@discardableResult
public func withTemporaryFolder<T>(_ body: (TemporaryFolder) throws -> T) throws -> T {
  let folder = try TemporaryFolder()
  defer { folder.remove() }
  return try body(folder)
}

/// Runs `body` with a new temporary folder and removes the folder afterwards.
/// - Throws: what `body` throws, or the error of creating the folder.
@discardableResult
public func withTemporaryFolder<T>(
  isolation: isolated (any Actor)? = #isolation, _ body: (TemporaryFolder) async throws -> T
) async throws -> T {
  let folder = try TemporaryFolder()
  defer { folder.remove() }
  return try await body(folder)
}
