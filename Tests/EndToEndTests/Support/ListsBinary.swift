import Foundation

/// Where the built `lists` executable and the helper programs the tests use are.
enum ListsBinary {
  /// The `lists` built with these tests: next to the test bundle (the test executable's folder
  /// on Linux, the `.xctest` bundle's folder on macOS), else `.build/debug/lists` of this
  /// package.
  static let path: String = {
    var candidates: [String] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    {
      candidates.append(folder(of: executable) + "/lists")
    }
    #if canImport(Darwin)
      // On Linux /proc/self/exe, above, is the test executable (and `Bundle.allBundles` leaks
      // there, which the address sanitizer reports).
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        candidates.append(folder(of: bundle.bundlePath) + "/lists")
      }
    #endif
    if let executable = Bundle.main.executablePath {
      candidates.append(folder(of: executable) + "/lists")
    }
    candidates.append(packageRoot + "/.build/debug/lists")
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
      ?? candidates.last!
  }()

  /// The package's root folder, from this file's path.
  static let packageRoot: String = {
    var folder = #filePath
    for _ in 0..<4 { folder = Self.folder(of: folder) }
    return folder
  }()

  /// The `sqlite3` shell, found on `PATH`.
  static let sqlite3 = program("sqlite3")

  /// The `PATH` the tests run programs with.
  static let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

  /// The first executable called `name` on `PATH`.
  static func program(_ name: String) -> String {
    for folder in searchPath.split(separator: ":") {
      let path = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return "/usr/bin/\(name)"
  }

  private static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
  }
}
