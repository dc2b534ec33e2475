import Foundation
import Testing
import TestSupport

/// Runs the built `lists-bench` once at a tiny size, so that the benchmark keeps compiling and
/// its JSON keeps its shape. It never asserts on time: only that every figure is there and
/// positive, and that the run succeeded (which means both sides read and wrote the same data).
@Suite struct BenchmarkShapeTests {
  /// Every key the benchmark prints, each a positive number.
  static let numericKeys = [
    "rows", "big_rows", "trials",
    "insert_ratio", "insert_swift_ms", "insert_c_ms",
    "page_ratio", "page_swift_ms", "page_c_ms", "pages", "dynamic_page_ratio", "dynamic_page_ms",
    "kind_insert_ratio", "kind_insert_swift_ms", "kind_insert_c_ms",
    "kind_page_ratio", "kind_page_swift_ms", "kind_page_c_ms", "field_record_page_ratio", "field_record_page_ms",
    "field_record_page_c_ms", "field_record_insert_ratio", "field_record_insert_ms", "field_record_insert_c_ms",
    "update_ratio", "update_swift_ms", "update_c_ms", "update_rows", "edit_seen_ms", "edit_seen_max_ms",
    "update_by_id_ratio", "update_by_id_ms",
    "sync_write_ratio", "sync_write_ms", "sync_write_c_ms",
    "outbox_write_ratio", "outbox_write_ms", "outbox_unsynced_ms", "outbox_rows",
    "loader_ratio", "loader_ms", "loader_repository_ms",
    "loader_subscribed_ratio", "loader_subscribed_ms", "loader_pages",
    "loader_around_ratio", "loader_around_ms", "loader_around_c_ms", "loader_around_pages", "loader_around_books",
    "loader_rss_over_small", "loader_rss_mib", "loader_rss_small_mib", "loader_rss_max_items", "loader_rss_walk_ms",
    "push_100k_over_1k", "push_100k_per_s", "push_1k_per_s",
    "deep_over_head", "deep_head_us", "deep_last_us",
    "c_deep_over_head", "c_deep_head_us", "c_deep_last_us",
    "offset_deep_over_head", "offset_head_us", "offset_last_us",
    "count_ratio", "count_big_us", "count_small_us", "count_c_us",
    "export_rss_mib", "export_rss_small_mib", "export_rss_over_small", "export_ms",
    "export_small_ms", "export_small_rows",
    "notify_latency_ms", "notify_latency_max_ms",
    "read_while_locked_ms", "read_while_locked_max_ms", "read_unlocked_ms",
    "read_scaling", "read_one_thread_ms", "read_two_threads_ms", "c_read_scaling", "read_scaling_over_c",
    "filter_page_ratio", "filter_page_us", "c_filter_page_us", "filter_page_dynamic_ratio",
    "filter_page_dynamic_us", "c_filter_page_dynamic_us", "search_deep_over_head",
    "search_deep_head_us", "search_deep_last_us", "search_deep_page", "search_page_ratio",
    "search_page_us", "c_search_page_us", "fts_insert_overhead", "fts_insert_ms", "plain_insert_ms",
  ]
  /// The keys measured on the `sqlite3` shell as a child process, present when it is installed.
  static let shellKeys = [
    "sqlite3_json_ms", "sqlite3_json_rss_mib", "show_cold_ratio", "show_cold_ms",
    "show_cold_rss_mib", "show_books_cold_ratio", "show_books_cold_ms", "sqlite3_books_json_ms",
  ]

  /// The keys of `lists-server` on PostgreSQL nodes (the server-postgres phase), present when
  /// PostgreSQL and `wrk` are installed: the tiny run fills two nodes with 5,000 accounts.
  static let postgresKeys = [
    "pg_push_over_floor", "pg_push_per_s", "pg_floor_push_per_s", "pg_accounts", "pg_small_accounts",
    "pg_page_p99_small_ms", "pg_page_p99_big_ms", "pg_accounts_p99_ratio", "bucket_move_pause_s",
    "bucket_move_push_max_ms", "bucket_move_push_per_s", "nodes_add_s", "nodes_add_items",
    "nodes_add_s_per_million_items",
  ]

  /// The tiny run times the `lists` built with these tests (a debug build, linked against the
  /// shared Swift runtime) rather than building the release one a full run uses.
  @Test func tinyRunPrintsEveryFigureAsAPositiveNumber() async throws {
    let run = try await runBench([
      "--rows", "1000", "--big-rows", "2000", "--lists", ListsBinary.path, "--json",
    ])
    #expect(run.status == 0, "lists-bench failed: \(run.errors)")
    let object = try JSONSerialization.jsonObject(with: run.output) as? [String: Any]
    let json = try #require(
      object, "not a JSON object: \(String(decoding: run.output, as: UTF8.self))")

    let version = json["sqlite_version"] as? String
    #expect(version?.isEmpty == false, "sqlite_version: \(String(describing: version))")
    let shellInstalled = Self.isInstalled("sqlite3")
    let postgresInstalled = PostgresCluster.isAvailable && Self.isInstalled("wrk")
    for key in Self.numericKeys + (shellInstalled ? Self.shellKeys : []) + (postgresInstalled ? Self.postgresKeys : []) {
      let value = (json[key] as? NSNumber)?.doubleValue
      #expect(value.map { $0 > 0 } == true, "\(key): \(String(describing: json[key]))")
    }
    #expect((json["rows"] as? NSNumber)?.intValue == 1000)
    #expect((json["big_rows"] as? NSNumber)?.intValue == 2000)
    #expect((json["pages"] as? NSNumber)?.intValue == 20)
    #expect((json["update_rows"] as? NSNumber)?.intValue == 1000)
    #expect((json["outbox_rows"] as? NSNumber)?.intValue == 1000)
    #expect((json["loader_pages"] as? NSNumber)?.intValue == 40)
    // 1,000 books opened at the 501st: the 10 pages of 50 before it and the 10 from it on.
    #expect((json["loader_around_books"] as? NSNumber)?.intValue == 1000)
    #expect((json["loader_around_pages"] as? NSNumber)?.intValue == 20)
    #expect((json["export_small_rows"] as? NSNumber)?.intValue == 20)
    if postgresInstalled {
      #expect((json["pg_accounts"] as? NSNumber)?.intValue == 5000)
      #expect((json["pg_small_accounts"] as? NSNumber)?.intValue == 1000)
      #expect((json["bucket_move_push_failures"] as? NSNumber)?.intValue != nil)
    }
    #expect(json["lists_binary"] as? String == ListsBinary.path)
    // A page read beside a writer holding the lock did not wait out the 5 s busy timeout
    // (a bound, not a speed target: the speed is the bench's to report).
    let locked = try #require((json["read_while_locked_max_ms"] as? NSNumber)?.doubleValue)
    #expect(locked < 5000)
    // A debug build loads the shared Swift runtime; the bench says so with a JSON boolean.
    #expect(String(decoding: run.output, as: UTF8.self).contains("\"lists_static\": false"))
  }

  @Test func missingListsExecutableIsAUsageError() async throws {
    let run = try await runBench(["--lists", "/nonexistent/lists", "--only", "export"])
    #expect(run.status == 64)
    #expect(run.errors.contains("'/nonexistent/lists' is not a valid value for '--lists'"))
    #expect(run.output.isEmpty)
  }

  @Test func unknownArgumentIsAUsageError() async throws {
    let run = try await runBench(["--rowz", "10"])
    #expect(run.status == 64)
    #expect(run.errors.contains("Unknown argument '--rowz'"))
    #expect(run.output.isEmpty)
  }

  @Test func aNumberOutOfRangeIsAUsageErrorWithTheUsageLine() async throws {
    let run = try await runBench(["--rows", "10"])
    #expect(run.status == 64)
    #expect(run.errors.hasPrefix("Error: Invalid value '10' for '--rows': must be at least 100.\nUsage: lists-bench "))
    #expect(run.output.isEmpty)
  }

  @Test func helpIsThePageOfTheSpecAndRunsNothing() async throws {
    let run = try await runBench(["--trials", "1", "-h"])
    #expect(run.status == 0)
    let page = String(decoding: run.output, as: UTF8.self)
    #expect(page.hasPrefix("OVERVIEW: Times the store against the same work on the SQLite C API, in one run.\n"))
    #expect(page.contains("  --clock <clock>"))
    #expect(page.contains("  -h, --help"))
  }

  /// What a run of `lists-bench` left behind.
  struct BenchRun: Sendable {
    var status: Int32
    var output: Data
    var errors: String
  }

  /// Runs the `lists-bench` built beside this test bundle on a thread of its own and returns
  /// its exit status, standard output and standard error.
  ///
  /// The waiting happens off Swift's cooperative pool: blocking one of its few threads for
  /// seconds would starve the tasks of the tests running beside this one.
  private func runBench(_ arguments: [String]) async throws -> BenchRun {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try Self.runBlocking(arguments) }) }.start()
    }
  }

  private static func runBlocking(_ arguments: [String]) throws -> BenchRun {
    let process = Process()
    process.executableURL = try benchExecutable()
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // The bench writes a few progress lines to standard error, far less than a pipe holds, so
    // reading standard output to its end first cannot block it.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return BenchRun(
      status: process.terminationStatus, output: outputData,
      errors: String(decoding: errorData, as: UTF8.self))
  }

  /// `lists-bench` in the build folder that holds this test bundle.
  private static func benchExecutable() throws -> URL {
    var candidates: [URL] = []
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      candidates.append(folder)
      folder = folder.deletingLastPathComponent()
    }
    #if canImport(Darwin)
      // The `.xctest` bundle's folder; on Linux the test executable's folder, above, is it
      // (and `Bundle.allBundles` leaks there, which the address sanitizer reports).
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        candidates.append(bundle.bundleURL.deletingLastPathComponent())
      }
    #endif
    for candidate in candidates {
      let executable = candidate.appendingPathComponent("lists-bench")
      if FileManager.default.isExecutableFile(atPath: executable.path) { return executable }
    }
    throw BenchNotBuilt(searched: candidates.map(\.path))
  }

  private static func isInstalled(_ name: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
    }
  }
}

/// The `lists-bench` executable was not found next to the test bundle.
private struct BenchNotBuilt: Error, CustomStringConvertible {
  var searched: [String]
  var description: String {
    "lists-bench was not found in \(searched.joined(separator: ", ")); run swift build first"
  }
}
