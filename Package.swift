// swift-tools-version:6.0
import PackageDescription

/// Whether this build links the Swift runtime into `lists` (`LISTS_STATIC_STDLIB=1`, which the
/// README's install command sets beside `--static-swift-stdlib`; the manifest cannot see that
/// flag). Only such a binary is linked as a static executable, C library included: one that
/// loads libswiftCore.so must stay dynamic (and position-independent, or the dynamic loader
/// warns "direct reference to protected function ... may break pointer equality").
let linksSwiftRuntimeStatically = Context.environment["LISTS_STATIC_STDLIB"] == "1"

let package = Package(
  name: "lists",
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "ListStore", targets: ["ListStore"]),
    .library(name: "ListPaging", targets: ["ListPaging"]),
    .library(name: "ListSync", targets: ["ListSync"]),
    // For the tests of apps that embed the store: scripted page sources, temporary databases.
    .library(name: "ListPagingTesting", targets: ["ListPagingTesting"]),
    .library(name: "ListStoreTesting", targets: ["ListStoreTesting"]),
    .executable(name: "lists", targets: ["lists"]),
    .executable(name: "lists-bench", targets: ["lists-bench"]),
    // The network side of `lists sync` and a stale `show`, run as a child of `lists` so that
    // `lists` never links FoundationNetworking (it doubled every command's cold start).
    .executable(name: "lists-sync", targets: ["lists-sync"]),
    // The sync server (issue 36): the protocol's server side on an embedded SQLite file.
    .library(name: "ListProtocol", targets: ["ListProtocol"]),
    .executable(name: "lists-server", targets: ["lists-server"]),
  ],
  targets: [
    // C bridge to the system SQLite (libsqlite3-dev).
    .systemLibrary(
      name: "CSQLite",
      path: "Sources/CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite3"])]
    ),
    // Thin, owned wrapper over the C API: connections, statements, one error funnel.
    .target(name: "SQLiteCore", dependencies: ["CSQLite"]),
    // Exact JSON (numbers keep their text), a byte buffer, and escaping for terminals: what
    // the store's kind definitions, the CLI and sync all read and write.
    .target(name: "TextFormats"),
    // The paging loader. Knows nothing of SQLite.
    .target(name: "ListPaging"),
    // The store: schema, migrations, repositories, change notifications.
    .target(
      name: "ListStore",
      dependencies: ["SQLiteCore", "ListPaging", "TextFormats", "ListProtocol"],
      plugins: ["EmbedMigrationsPlugin"]
    ),
    // Page sources for tests: scripted (each request answered by the test) and array-backed.
    .target(name: "ListPagingTesting", dependencies: ["ListPaging"]),
    // Fresh WAL database files per test, removed afterwards, and seed data for the lists.
    .target(name: "ListStoreTesting", dependencies: ["ListStore"]),
    // The network side of sync: the remote protocol over URLSession, its faults and retries; its
    // kind sync writes pages into a kind's table through ListStore. `lists` does not link it, so
    // a command that does not sync never loads the network stack (`lists-sync` does the work).
    .target(name: "ListSync", dependencies: ["ListProtocol", "TextFormats", "ListPaging", "ListStore"]),
    // What every executable shares on the command line, knowing no program and no store: the
    // one parser (command lines as data, with the help pages and usage lines made from them),
    // the exit codes, the error line, the text style, the headers `lists` hands to `lists-sync`.
    .target(name: "CLISupport", dependencies: ["ListProtocol", "ListPaging", "TextFormats"]),
    // The one table from an error's kind (the store's, a remote's, a sync's) to the exit code
    // `lists` and `lists-sync` end with.
    .target(name: "ExitCodeTable", dependencies: ["CLISupport", "ListPaging", "ListProtocol", "ListStore"]),
    // The `lists` command line: its command tree, commands, rendering.
    .target(
      name: "ListsCLI",
      dependencies: ["CLISupport", "ExitCodeTable", "ListStore", "ListPaging", "ListProtocol", "TextFormats"]),
    .executableTarget(
      name: "lists", dependencies: ["ListsCLI"], exclude: ["StaticLibraries"],
      // The command starts as often as it runs, and on Linux the dynamic loader is most of a
      // cold start: loading and binding libstdc++ (which the Swift runtime needs) and
      // libsqlite3. StaticLibraries/ holds two linker scripts named like those shared libraries
      // that point at their static archives, found first through -L. Libraries keep linking
      // dynamically. A release build with the Swift runtime linked in (LISTS_STATIC_STDLIB=1,
      // see above) is a static executable: no dynamic loader runs at all (no libc to map and
      // bind, the runtime's relocations resolved at link time); Documentation/Benchmarks.md has
      // the cold-start figures. Any other build (debug, the test bundles, a plain release build)
      // stays dynamic and position-independent.
      linkerSettings: [
        .unsafeFlags(
          ["-L", Context.packageDirectory + "/Sources/lists/StaticLibraries"],
          .when(platforms: [.linux]))
      ]
        + (linksSwiftRuntimeStatically
          ? [
            .unsafeFlags(
              ["-static-executable"],
              .when(platforms: [.linux], configuration: .release))
          ] : [])
    ),

    .executableTarget(
      name: "lists-sync",
      dependencies: ["ListSync", "CLISupport", "ExitCodeTable", "ListStore", "ListProtocol", "TextFormats"]),

    // Benchmark: the same work through the store and straight on the C API, in one run.
    .target(name: "CBench", dependencies: ["CSQLite"]),
    .executableTarget(
      name: "lists-bench",
      dependencies: ["ListStore", "ListPaging", "CBench", "ListSync", "CLISupport", "TextFormats", "ListServer"]),

    // The sync server. ListProtocol: the protocol's wire types, both directions (pages, pushes,
    // answers, error bodies), a remote's origin and the kinds of a server's failed answers; no
    // SQLite, no networking. CMicroHTTPD: GNU libmicrohttpd
    // (libmicrohttpd-dev) with a C shim for its variadic start; only lists-server links it.
    .target(name: "ListProtocol", dependencies: ["TextFormats", "ListPaging"]),
    .systemLibrary(
      name: "CMicroHTTPD",
      path: "Sources/CMicroHTTPD",
      providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
    ),
    .target(name: "CMicroHTTPDShim", dependencies: ["CMicroHTTPD"], linkerSettings: [.linkedLibrary("microhttpd")]),
    // CPostgres: libpq, the client library of lists-server's PostgreSQL nodes.
    .systemLibrary(
      name: "CPostgres",
      path: "Sources/CPostgres",
      pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
    ),
    .target(
      name: "ListServer",
      dependencies: [
        "ListProtocol", "ListStore", "SQLiteCore", "TextFormats", "CMicroHTTPD", "CMicroHTTPDShim", "CPostgres",
      ]),
    .executableTarget(name: "lists-server", dependencies: ["ListServer", "CLISupport", "ListStore", "TextFormats"]),
    // The floor lists-bench's server phase compares lists-server with: the same libmicrohttpd
    // setup answering one prebuilt page.
    .executableTarget(name: "lists-server-floor", dependencies: ["CMicroHTTPDShim"]),
    // The floor lists-bench's server-postgres phase compares a push through lists-server with:
    // the same statements sent straight through libpq.
    .executableTarget(name: "lists-pg-floor", dependencies: ["CPostgres"]),
    // What lists-server decodes of a request (Tests/Fuzz, as the other fuzz targets).
    .executableTarget(
      name: "fuzz-request", dependencies: ["FuzzSupport", "ListProtocol", "ListServer", "ListStore", "TextFormats"],
      path: "Tests/Fuzz/fuzz-request"),

    // Build-time: turns Migrations/*.sql into Swift source compiled into ListStore.
    .executableTarget(name: "MigrationsEmbedder", dependencies: ["TextFormats"]),
    .plugin(
      name: "EmbedMigrationsPlugin",
      capability: .buildTool(),
      dependencies: ["MigrationsEmbedder"],
      path: "Sources/EmbedMigrationsPlugin"
    ),

    // Fuzzing (Tests/Scripts/fuzz.sh): libFuzzer targets built with -DFUZZING; without it each
    // one replays its corpus in Tests/Fuzz/Corpus, so a normal build keeps them compiling.
    .systemLibrary(name: "CLibFuzzer", path: "Tests/Fuzz/CLibFuzzer"),
    .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"], path: "Tests/Fuzz/FuzzSupport"),
    .executableTarget(
      name: "fuzz-ndjson", dependencies: ["FuzzSupport", "ListsCLI", "ListStore", "TextFormats"],
      path: "Tests/Fuzz/fuzz-ndjson"),
    .executableTarget(
      name: "fuzz-amount", dependencies: ["FuzzSupport", "ListStore"],
      path: "Tests/Fuzz/fuzz-amount"),
    .executableTarget(
      name: "fuzz-cursor", dependencies: ["FuzzSupport", "ListStore"],
      path: "Tests/Fuzz/fuzz-cursor"),
    .executableTarget(
      name: "fuzz-search", dependencies: ["FuzzSupport", "ListStore", "SQLiteCore"],
      path: "Tests/Fuzz/fuzz-search"),
    .executableTarget(
      name: "fuzz-arguments", dependencies: ["FuzzSupport", "CLISupport", "ListsCLI", "TextFormats"],
      path: "Tests/Fuzz/fuzz-arguments"),
    .executableTarget(
      name: "fuzz-kinds", dependencies: ["FuzzSupport", "ListStore", "SQLiteCore"],
      path: "Tests/Fuzz/fuzz-kinds"),
    .executableTarget(
      name: "fuzz-page", dependencies: ["FuzzSupport", "ListSync", "ListStore", "TextFormats"],
      path: "Tests/Fuzz/fuzz-page"),

    // What several test targets share: the fuzz corpora and a seeded random sequence.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "SQLiteCoreTests", dependencies: ["SQLiteCore"]),
    .testTarget(name: "ListPagingTests", dependencies: ["ListPaging", "ListPagingTesting"]),
    .testTarget(
      name: "ListSyncTests",
      dependencies: [
        "ListSync", "ListPaging", "TextFormats", "ListStore", "ListStoreTesting", "CLISupport", "ExitCodeTable",
        "ListsCLI", "TestSupport", "SQLiteCore", "ListProtocol",
      ],
      exclude: ["Server"]),
    .testTarget(
      name: "ListStoreTests",
      dependencies: [
        "ListStore", "ListPaging", "SQLiteCore", "TextFormats", "TestSupport", "ListStoreTesting",
      ],
      exclude: ["Fixtures"]),
    .testTarget(name: "CLISupportTests", dependencies: ["CLISupport"]),
    .testTarget(
      name: "ListsCLITests",
      dependencies: ["CLISupport", "ExitCodeTable", "ListsCLI", "ListProtocol", "TextFormats", "TestSupport"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["lists", "lists-bench", "lists-sync", "lists-server", "lists-pg-floor", "TestSupport"],
      exclude: ["Golden"]),
    .testTarget(name: "ListProtocolTests", dependencies: ["ListProtocol", "ListPaging", "TextFormats"]),
    .testTarget(
      name: "ServerTests",
      dependencies: ["lists-server", "lists", "lists-sync", "fuzz-request", "ListProtocol", "TextFormats", "TestSupport"]),
    .testTarget(
      name: "ReliabilityTests", dependencies: ["lists", "ListStore", "SQLiteCore", "TextFormats", "TestSupport"]),
  ]
)

// The `lists` binary of a release build with the Swift runtime linked in (LISTS_STATIC_STDLIB=1,
// see above) asks for the metadata of each concrete generic type through a direct accessor
// rather than by demangling its name at first use: a demangled name's generic requirements are
// checked by scanning every protocol conformance of the binary, which was a third of the
// instructions of a cold `lists show`. Code size grows a little; nothing else changes.
if linksSwiftRuntimeStatically {
  let cTargets: Set<String> = ["CSQLite", "CBench", "CLibFuzzer"]
  for target in package.targets where target.type != .system && target.type != .plugin && !cTargets.contains(target.name) {
    target.swiftSettings =
      (target.swiftSettings ?? []) + [
        .unsafeFlags(
          ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
      ]
  }
}
