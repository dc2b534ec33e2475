import Foundation

/// Where the executables built with these tests are: beside the test executable, else in
/// `.build/debug` of this package.
public enum ServerBinary {
  /// The path of the executable `name` (`lists-server`, `lists`).
  public static func path(_ name: String) -> String {
    var candidates: [String] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    {
      candidates.append(
        URL(fileURLWithPath: executable).deletingLastPathComponent().path + "/" + name)
    }
    if let executable = Bundle.main.executablePath {
      candidates.append(
        URL(fileURLWithPath: executable).deletingLastPathComponent().path + "/" + name)
    }
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { root.deleteLastPathComponent() }
    candidates.append(root.path + "/.build/debug/" + name)
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
  }

  /// A new empty folder for one test; the caller removes it.
  public static func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "/lists-server-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
