import Foundation

/// A PostgreSQL cluster of the tests' own: `initdb` and `pg_ctl` (as the `postgres` user when
/// the tests run as root, since PostgreSQL refuses to run as root) in a temporary folder, on a
/// 127.0.0.1 port of its own with `trust` authentication, stopped (`-m immediate`) and removed
/// by ``remove()``. Each test server gets fresh databases in it, one per node.
public final class PostgresCluster: @unchecked Sendable {
  /// The folder of PostgreSQL's programs (`initdb`, `pg_ctl`, `postgres`), when installed.
  public static let binaries: String? = {
    let root = "/usr/lib/postgresql"
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "\(root)/\($0)/bin" }
      .first { FileManager.default.isExecutableFile(atPath: $0 + "/pg_ctl") }
  }()

  /// Whether these tests can start a cluster here: PostgreSQL's programs and `psql` are
  /// installed, and when running as root there is a `postgres` user to run them as.
  public static let isAvailable: Bool =
    binaries != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/psql")
    && (getuid() != 0 || (getpwnam("postgres") != nil
      && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")))

  /// The cluster's folder (its data in `data`, its socket beside it).
  public let folder: String
  /// The port it listens on, on 127.0.0.1.
  public let port: Int
  private let lock = NSLock()
  private var databases = 0

  /// The databases each test server of the current task uses, one per node, when the server
  /// tests run against PostgreSQL; nil runs them on SQLite.
  @TaskLocal public static var target: (cluster: PostgresCluster, nodes: Int)?

  private init(folder: String, port: Int) {
    self.folder = folder
    self.port = port
  }

  /// Makes and starts a cluster.
  public static func start() async throws -> PostgresCluster {
    guard let binaries else { throw ServerTestError("PostgreSQL is not installed") }
    let folder = NSTemporaryDirectory() + "/lists-pg-" + UUID().uuidString.prefix(8)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    if getuid() == 0 {
      try FileManager.default.setAttributes(
        [.ownerAccountName: "postgres", .groupOwnerAccountName: "postgres"], ofItemAtPath: folder)
    }
    let made = try await asOwner(
      binaries + "/initdb", ["-D", folder + "/data", "-A", "trust", "-U", "postgres", "--no-sync"])
    guard made.status == 0 else {
      throw ServerTestError("initdb (status \(made.status)): \(made.stderr)\(made.stdout)")
    }
    for _ in 0..<20 {
      let port = Int.random(in: 20_000...60_000)
      let cluster = PostgresCluster(folder: folder, port: port)
      if try await cluster.startServer() { return cluster }
    }
    throw ServerTestError("no free port for PostgreSQL")
  }

  /// Starts the cluster's server (again); false when its port was taken.
  @discardableResult
  public func startServer() async throws -> Bool {
    guard let binaries = Self.binaries else { return false }
    // The server outlives this call: it must not keep a descriptor that another test's
    // process inherited meanwhile (a pipe whose reader would then wait for ever), so every
    // descriptor above stderr is closed before pg_ctl runs.
    let closingDescriptors =
      #"for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done; exec "$@" > "$0" 2>&1"#
    let started = try await Self.asOwner(
      "/bin/bash",
      [
        "-c", closingDescriptors, folder + "/pg_ctl.out", binaries + "/pg_ctl",
        "-D", folder + "/data", "-l", folder + "/log", "-w", "-t", "100", "-o",
        "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c max_connections=200", "start",
      ])
    return started.status == 0
  }

  /// Stops the cluster's server at once, as a crash would (`pg_ctl stop -m immediate`).
  public func stopServer() async throws {
    guard let binaries = Self.binaries else { return }
    _ = try await Self.asOwner(
      binaries + "/pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
  }

  /// A new empty database's connection string.
  public func newDatabase() async throws -> String {
    let name = lock.withLock {
      databases += 1
      return "lists_\(databases)"
    }
    let made = try await runProgram(
      "/usr/bin/psql",
      ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", "postgres", "-q", "-c",
       "CREATE DATABASE \(name)"])
    guard made.status == 0 else { throw ServerTestError("CREATE DATABASE: \(made.stderr)") }
    return conninfo(name)
  }

  /// The connection string of database `name`.
  public func conninfo(_ name: String) -> String {
    "host=127.0.0.1 port=\(port) user=postgres dbname=\(name) connect_timeout=3"
  }

  /// Runs `sql` on the database of `conninfo` with psql; its output, unaligned.
  public func psql(_ conninfo: String, _ sql: String) async throws -> ProgramRun {
    try await runProgram("/usr/bin/psql", [conninfo, "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql])
  }

  /// Stops the cluster and removes its folder.
  public func remove() async {
    try? await stopServer()
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Runs a PostgreSQL program as the `postgres` user when the tests run as root, for at most
  /// two minutes: `initdb` and a start take seconds, but many more on a machine the rest of
  /// the suite keeps busy.
  private static func asOwner(_ program: String, _ arguments: [String]) async throws -> ProgramRun {
    getuid() == 0
      ? try await runProgram(
        "/usr/sbin/runuser", ["-u", "postgres", "--", program] + arguments, seconds: 120)
      : try await runProgram(program, arguments, seconds: 120)
  }

  /// Runs `body` with a fresh cluster as the target of every test server it starts, `nodes`
  /// databases per server; the cluster is removed after.
  public static func serving(nodes: Int, _ body: () async throws -> Void) async throws {
    let cluster = try await start()
    do {
      try await $target.withValue((cluster, nodes)) { try await body() }
    } catch {
      await cluster.remove()
      throw error
    }
    await cluster.remove()
  }
}
