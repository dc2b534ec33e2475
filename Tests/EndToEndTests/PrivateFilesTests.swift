import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A lists database holds names, addresses and phone numbers: what `lists` creates is its
/// owner's alone, whatever the umask (folders 0700, the file and its `-wal`/`-shm` 0600), and
/// a file that exists keeps the mode its owner gave it.
@Suite struct PrivateFilesTests {
  /// The permission bits of `path`, or nil when there is nothing.
  static func mode(_ path: String) -> mode_t? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o7777
  }

  /// Runs `lists ARGUMENTS` under `umask`.
  static func run(_ sandbox: Sandbox, umask: String, _ arguments: [String]) async -> RunResult {
    await sandbox.runProgram(
      "/bin/sh", ["-c", "umask \(umask) && exec \"$0\" \"$@\"", ListsBinary.path] + arguments)
  }

  @Test(arguments: ["000", "022", "277"])
  func theFoldersAndTheFileAListsCommandCreatesAreItsOwners(umask: String) async throws {
    let sandbox = try Sandbox()
    let path = sandbox.path("data/lists/lists.db")
    let added = await Self.run(
      sandbox, umask: umask, ["--db", path, "add", "favorites", "--ref", "r", "--title", "T"])
    #expect(added.exitCode == 0, "\(added)")
    #expect(Self.mode(sandbox.path("data")) == 0o700)
    #expect(Self.mode(sandbox.path("data/lists")) == 0o700)
    #expect(Self.mode(path) == 0o600)
    // The owner can still write it (a umask of 277 takes the owner's write bit from open(2)).
    let again = await Self.run(
      sandbox, umask: umask, ["--db", path, "add", "favorites", "--ref", "s", "--title", "U"])
    #expect(again.exitCode == 0, "\(again)")
  }

  @Test func theDefaultLocationUnderAFreshHomeIsPrivate() async throws {
    let sandbox = try Sandbox()
    let home = sandbox.path("home")
    #expect(mkdir(home, 0o755) == 0)
    let added = await sandbox.run(
      ["add", "favorites", "--ref", "r", "--title", "T"],
      environment: ["HOME": home, "LISTS_DB": nil, "XDG_DATA_HOME": nil])
    #expect(added.exitCode == 0, "\(added)")
    #expect(Self.mode(home + "/.local") == 0o700)
    #expect(Self.mode(home + "/.local/share") == 0o700)
    #expect(Self.mode(home + "/.local/share/lists") == 0o700)
    #expect(Self.mode(home + "/.local/share/lists/lists.db") == 0o600)
    // A folder that was there already keeps its mode.
    #expect(Self.mode(home) == 0o755)
  }

  @Test func theWriteAheadLogAndSharedMemoryFilesAreTheOwnersToo() async throws {
    let sandbox = try Sandbox()
    let created = await sandbox.run(
      "add", "orders", "--number", "P-0", "--total", "1", "--currency", "EUR")
    #expect(created.exitCode == 0, "\(created)")
    // While `watch` keeps the file open, SQLite's side files exist.
    let watch = try sandbox.start(["watch", "orders", "--json"])
    _ = try await WatchCommandTests.lines(1, of: watch, within: .seconds(10))
    let added = await Self.run(
      sandbox, umask: "000",
      ["add", "orders", "--number", "P-1", "--total", "1", "--currency", "EUR"])
    #expect(added.exitCode == 0, "\(added)")
    #expect(Self.mode(sandbox.databasePath + "-wal") == 0o600)
    #expect(Self.mode(sandbox.databasePath + "-shm") == 0o600)
    await WatchCommandTests.interrupt(watch)
  }

  @Test func anExistingFileKeepsItsMode() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    #expect(chmod(sandbox.databasePath, 0o640) == 0)
    let added = await sandbox.run(
      "add", "orders", "--number", "P-1", "--total", "1", "--currency", "EUR")
    #expect(added.exitCode == 0, "\(added)")
    #expect(Self.mode(sandbox.databasePath) == 0o640)
  }
}
