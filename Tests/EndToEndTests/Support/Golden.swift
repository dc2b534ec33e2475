import Foundation
import Testing

/// Expected outputs kept as files in `Tests/EndToEndTests/Golden/`, one per case.
///
/// The folder sits beside the test target's folder, not in it: SwiftPM warns about every
/// file in a target folder that is neither source nor a declared resource.
///
/// Run with `LISTS_UPDATE_GOLDEN=1` to write the files from the current output instead of
/// comparing; review the diff before committing it.
enum Golden {
  /// The folder of the golden files, found from this source file's path.
  static let folder: String = {
    var path = #filePath
    for _ in 0..<2 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/Golden"
  }()

  /// The content of the golden file `name`, or "" (with an issue) when there is none.
  static func text(of name: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    guard let data = FileManager.default.contents(atPath: folder + "/" + name) else {
      Issue.record("No golden file \(name).", sourceLocation: sourceLocation)
      return ""
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Records an issue unless `actual` is exactly the content of the golden file `name`.
  static func expect(
    _ actual: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let path = folder + "/" + name
    if ProcessInfo.processInfo.environment["LISTS_UPDATE_GOLDEN"] == "1" {
      _ = FileManager.default.createFile(atPath: path, contents: Data(actual.utf8))
      return
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      Issue.record(
        "No golden file \(name); run with LISTS_UPDATE_GOLDEN=1 to create it.",
        sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    #expect(
      actual == expected, "output differs from Golden/\(name)", sourceLocation: sourceLocation)
  }
}
