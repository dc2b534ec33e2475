import Foundation
import Synchronization

/// The PostgreSQL clusters of the server-postgres phase: each made with `initdb` in a folder of
/// the run's scratch folder and started with `pg_ctl` on a 127.0.0.1 port of its own (`trust`
/// authentication, the socket in its folder), as the `postgres` user when the bench runs as
/// root (PostgreSQL refuses to run as root). ``remove()`` stops them (`-m immediate`) and
/// removes their folders; an interrupted run stops them through ``stopEveryRunning()``.
final class PostgresClusters {
  /// The folder of PostgreSQL's programs: the newest `/usr/lib/postgresql/N/bin` with `pg_ctl`.
  static let binaries: String? = {
    let root = "/usr/lib/postgresql"
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }.map { "\(root)/\($0)/bin" }
      .first { FileManager.default.isExecutableFile(atPath: $0 + "/pg_ctl") }
  }()

  /// `psql`, the client the bench fills the nodes with.
  static let psqlPath = ChildProcess.locate("psql")

  /// Why clusters cannot be started here, or nil when they can.
  static var unavailableReason: String? {
    guard binaries != nil else { return "PostgreSQL is not installed (apt-get install postgresql)" }
    guard psqlPath != nil else { return "psql is not installed" }
    if getuid() == 0
      && (getpwnam("postgres") == nil || !FileManager.default.isExecutableFile(atPath: runuser))
    {
      return "running as root without a postgres user to run PostgreSQL as"
    }
    return nil
  }

  private static let runuser = "/usr/sbin/runuser"

  /// The data folders of the clusters running, for ``stopEveryRunning()``.
  private static let running = Mutex<[String]>([])

  /// The folder holding one subfolder per cluster.
  let folder: String
  /// The port of each cluster started, in order.
  private(set) var ports: [Int] = []

  /// Clusters under `folder` (made); none started yet.
  init(folder: String) throws {
    self.folder = folder
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  /// Makes and starts one more cluster; its position among ``ports``.
  @discardableResult
  func start() throws -> Int {
    guard let binaries = Self.binaries else { throw BenchError.child("PostgreSQL is not installed") }
    let home = folder + "/pg\(ports.count + 1)"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    if getuid() == 0 {
      try FileManager.default.setAttributes(
        [.ownerAccountName: "postgres", .groupOwnerAccountName: "postgres"], ofItemAtPath: home)
    }
    _ = try Self.asOwner(
      binaries + "/initdb", ["-D", home + "/data", "-A", "trust", "-U", "postgres", "--no-sync"])
    // The server outlives pg_ctl: it must not inherit a descriptor of the bench's (Foundation
    // learns that a child ended when the socket it hands the child closes, so a server holding
    // it would keep `waitUntilExit` waiting), so bash closes every one above stderr first.
    let closingDescriptors =
      #"for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done; exec "$@""#
    for _ in 0..<20 {
      let port = Int.random(in: 20_000...60_000)
      let started = try? Self.asOwner(
        "/bin/bash",
        [
          "-c", closingDescriptors, "pg_ctl", binaries + "/pg_ctl", "-D", home + "/data", "-l",
          home + "/log", "-w", "-t", "30", "-o",
          "-p \(port) -k \(home) -c listen_addresses=127.0.0.1 -c max_connections=100", "start",
        ])
      if started != nil {
        Self.running.withLock { $0.append(home + "/data") }
        ports.append(port)
        return ports.count - 1
      }
    }
    throw BenchError.child("no free port for PostgreSQL")
  }

  /// Makes database `name` on cluster `cluster`; its connection string.
  func database(_ name: String, on cluster: Int) throws -> String {
    _ = try psql(conninfo("postgres", on: cluster), sql: "CREATE DATABASE \(name)")
    return conninfo(name, on: cluster)
  }

  /// The connection string of database `name` on cluster `cluster`.
  func conninfo(_ name: String, on cluster: Int) -> String {
    "host=127.0.0.1 port=\(ports[cluster]) user=postgres dbname=\(name) connect_timeout=5"
  }

  /// Runs `sql` (one statement, or a script with psql's `:'name'` for each of `variables`) on
  /// the database of `conninfo`; its rows, unaligned, one a line, columns split by `|`.
  @discardableResult
  func psql(
    _ conninfo: String, sql: String, variables: [String: String] = [:], timeLimit: Double = 600
  ) throws -> String {
    guard let psql = Self.psqlPath else { throw BenchError.child("psql is not installed") }
    let script = folder + "/script-\(UUID().uuidString.prefix(8)).sql"
    try sql.write(toFile: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: script) }
    var arguments = [conninfo, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1"]
    for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
      arguments += ["-v", "\(name)=\(value)"]
    }
    return try Self.run(psql, arguments + ["-f", script], timeLimit: timeLimit)
  }

  /// Stops every cluster at once and removes the folder.
  func remove() {
    for cluster in ports.indices { Self.stop(folder + "/pg\(cluster + 1)/data") }
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Stops every cluster still running: for a run interrupted by a signal.
  static func stopEveryRunning() {
    for data in running.withLock({ $0 }) { stop(data) }
  }

  private static func stop(_ data: String) {
    guard let binaries else { return }
    _ = try? asOwner(binaries + "/pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"])
    running.withLock { $0.removeAll { $0 == data } }
  }

  /// Runs a PostgreSQL program as the `postgres` user when the bench runs as root.
  private static func asOwner(_ program: String, _ arguments: [String]) throws -> String {
    getuid() == 0
      ? try run(runuser, ["-u", "postgres", "--", program] + arguments)
      : try run(program, arguments)
  }

  /// Runs `executable` to its end; its standard output. Its standard error goes to a file,
  /// whose start is the message when it fails. Past `timeLimit` seconds it is stopped
  /// (SIGTERM), and fails.
  static func run(_ executable: String, _ arguments: [String], timeLimit: Double = 600) throws
    -> String
  {
    let errors = FileManager.default.temporaryDirectory
      .appendingPathComponent("lists-bench-\(UUID().uuidString.prefix(8)).err")
    guard FileManager.default.createFile(atPath: errors.path, contents: nil) else {
      throw BenchError.child("cannot create \(errors.path)")
    }
    defer { try? FileManager.default.removeItem(at: errors) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errors)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let pid = process.processIdentifier
    let limit = DispatchWorkItem { kill(pid, SIGTERM) }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: limit)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    limit.cancel()
    guard process.terminationStatus == 0 else {
      let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      throw BenchError.child(
        "\(URL(fileURLWithPath: executable).lastPathComponent) exited \(process.terminationStatus): \(message.prefix(300))"
      )
    }
    return String(decoding: data, as: UTF8.self)
  }
}
