import Foundation

/// The `lists` executable the child-process phases run: the release build linked as a user
/// installs it (`LISTS_STATIC_STDLIB=1 swift build -c release --static-swift-stdlib --product
/// lists`: the runtime linked in, a static executable), whose start-up
/// runs no dynamic loader.
struct CLIBinary {
  /// Where it is.
  var path: String
  /// Whether the Swift runtime is linked into it (no `libswiftCore.so` among its libraries).
  var isStatic: Bool

  /// The path of `--lists` when given, used as it is. Otherwise the `lists` next to this
  /// executable when it is linked statically and newer than every source it is built from;
  /// otherwise the one built once, now, with the README's install command in the package this
  /// bench was compiled from, into its `.build`.
  ///
  /// The build recompiles the modules `lists-bench` shares with `lists` (the flag changes their
  /// compile commands), and the next `swift run -c release lists-bench` recompiles them back:
  /// the price of measuring the binary a user installs, paid only when the CLI's sources
  /// changed since it was last built.
  ///
  /// - Parameter progress: Told when a build starts, and why.
  /// - Throws: ``BenchError/usage(_:)`` when `--lists` names no executable,
  ///   ``BenchError/child(_:)`` when the build fails or makes no static binary.
  static func resolve(override: String?, progress: (String) -> Void) throws -> CLIBinary {
    if let override {
      guard FileManager.default.isExecutableFile(atPath: override) else {
        throw BenchError.usage(
          "'\(override)' is not a valid value for '--lists': no executable there.")
      }
      return CLIBinary(path: override, isStatic: try isStaticallyLinked(override))
    }
    let beside = (ownFolder() ?? ".") + "/lists"
    let why: String
    if !FileManager.default.isExecutableFile(atPath: beside) {
      why = "There is no lists next to lists-bench"
    } else if try !isStaticallyLinked(beside) {
      why = "\(beside) loads the shared Swift runtime"
    } else if isOlderThanItsSources(beside) {
      why = "\(beside) is older than its sources"
    } else {
      return CLIBinary(path: beside, isStatic: true)
    }
    return try build(because: why, progress: progress)
  }

  /// The package this bench was compiled from: three folders up from this source file.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// The README's install command, run from ``packageRoot``; its output goes to standard error.
  private static func build(because why: String, progress: (String) -> Void) throws -> CLIBinary {
    let root = packageRoot
    guard FileManager.default.fileExists(atPath: root + "/Package.swift"),
      let swift = ChildProcess.locate("swift")
    else {
      throw BenchError.child(
        "No statically linked lists next to lists-bench, and no package or swift to build one in; pass --lists PATH."
      )
    }
    let arguments = [
      "build", "-c", "release", "--static-swift-stdlib", "--product", "lists",
      "--package-path", root,
    ]
    progress(
      "\(why); building it as a user installs it: LISTS_STATIC_STDLIB=1 swift \(arguments.joined(separator: " "))")
    // The manifest links `lists` as a static executable only when told the runtime is linked in.
    var environment = ProcessInfo.processInfo.environment
    environment["LISTS_STATIC_STDLIB"] = "1"
    let run = try ChildProcess.run(
      swift, arguments, environment: environment, stdout: .standardError, stderr: .inherit)
    let path = root + "/.build/release/lists"
    guard run.status == 0, FileManager.default.isExecutableFile(atPath: path) else {
      throw BenchError.child(
        "swift build --static-swift-stdlib --product lists failed (\(run.status)).")
    }
    guard try isStaticallyLinked(path) else {
      throw BenchError.child(
        "\(path) was built with --static-swift-stdlib but loads libswiftCore.so.")
    }
    return CLIBinary(path: path, isStatic: true)
  }

  /// Whether a file the `lists` executable at `path` is built from (its targets' sources, the
  /// migrations, the manifest) changed after it was linked. False when the sources are not
  /// where this bench was compiled.
  private static func isOlderThanItsSources(_ path: String) -> Bool {
    let files = FileManager.default
    guard let built = modified(path), files.fileExists(atPath: packageRoot + "/Package.swift")
    else { return false }
    // The bench's own targets are not part of the CLI.
    let skipped: Set<String> = ["lists-bench", "CBench"]
    var folders = [packageRoot + "/Migrations"]
    let targets = (try? files.contentsOfDirectory(atPath: packageRoot + "/Sources")) ?? []
    folders += targets.filter { !skipped.contains($0) }.map { packageRoot + "/Sources/" + $0 }
    var paths = [packageRoot + "/Package.swift"]
    for folder in folders {
      paths += (files.subpaths(atPath: folder) ?? []).map { folder + "/" + $0 }
    }
    return paths.contains { (modified($0) ?? .distantPast) > built }
  }

  private static func modified(_ path: String) -> Date? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
  }

  /// The folder of this executable.
  private static func ownFolder() -> String? {
    ownExecutable().map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
  }

  /// The path of this executable, for a phase that runs part of its work in a child of its own.
  static func ownExecutable() -> String? {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath
  }

  /// Whether the executable at `path` does not load the shared Swift runtime: `ldd` lists no
  /// `libswiftCore.so` (without `ldd`, the name is not in the file, where the dynamic linker
  /// would read it).
  static func isStaticallyLinked(_ path: String) throws -> Bool {
    let library = "libswiftCore.so"
    if let ldd = ChildProcess.locate("ldd") {
      let run = try ChildProcess.run(ldd, [path], stdout: .capture, stderr: .discard)
      return !String(decoding: run.output, as: UTF8.self).contains(library)
    }
    let contents = try Data(contentsOf: URL(fileURLWithPath: path))
    return contents.range(of: Data(library.utf8)) == nil
  }
}
