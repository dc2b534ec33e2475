import CLISupport
import ListProtocol
import ListStore

/// `lists sync KIND --from URL [--all] [--continue] [--header ...]`: runs `lists-sync`, the
/// executable beside `lists` that links the network stack, so that `lists` itself never loads
/// it: a command that does not sync starts without it.
///
/// Headers belong to the remote's origin and reach the child as ``SyncHeaders`` says: in its
/// own environment, filtered to that origin, never on its command line.
package enum SyncCommand {
  /// `lists sync KIND`: checks the remote's URL, the headers and the kind, then runs
  /// `lists-sync` (``runChild(kind:url:options:headers:replacing:_:)``); its exit status.
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let kind = parsed.value(SyncSpec.kind)
    let url = try remoteURL(kind: kind, given: parsed[SyncSpec.from], context)
    let origin: RemoteOrigin
    do {
      origin = try RemoteOrigin(url: url)
    } catch {
      throw .other(error.message, .usage)
    }
    let headers = try SyncHeaders(
      origin: origin, given: parsed.values(SyncSpec.header), environment: environmentHeaders())
    // The kind must exist before anything is fetched.
    try context.writing { database throws(CLIError) in
      do throws(ListStoreError) {
        _ = try database.items(of: kind, account: context.account)
      } catch {
        throw .store(error)
      }
    }
    var options: [String] = []
    if parsed[SyncSpec.all] { options.append("--all") }
    if parsed[SyncSpec.resume] { options.append("--continue") }
    options.append("--limit=" + String(parsed.value(SyncSpec.limit)))
    if parsed[SyncSpec.watch] {
      guard !parsed[SyncSpec.all] && !parsed[SyncSpec.resume] else {
        throw .usageMessage("--watch keeps the whole kind in step; it takes no --all or --continue.", commandPath: ["sync"])
      }
      options.append("--watch")
    }
    return try runChild(
      kind: kind, url: url, options: options, headers: headers, replacing: parsed[SyncSpec.watch], context)
  }

  /// The remote to sync with: `--from`, else the one stored. Another URL than the stored one
  /// replaces it only when no change of the person's is waiting or kept for the old one.
  static func remoteURL(kind: String, given: String?, _ context: Context) throws(CLIError) -> String {
    let database = try context.openForReading()
    // An unknown kind is the usage error every command gives it, with the file's kinds.
    let items = try context.items(named: kind, in: database)
    let stored: SyncState?
    let changes: [SyncChange]
    do throws(ListStoreError) {
      stored = try database.syncState(ofKind: kind, account: context.account)
    } catch .syncStateDamaged(_, _, _) where given != nil {
      // Cache state the next sync writes again from the URL given.
      stored = nil
    } catch {
      throw .store(error)
    }
    do throws(ListStoreError) {
      changes = try stored == nil ? [] : items.replica.syncChanges()
    } catch {
      throw .store(error)
    }
    guard let given else {
      guard let stored else {
        throw .usageMessage("\(kind) has no remote yet; give it with --from URL.", commandPath: ["sync"])
      }
      return stored.remoteURL
    }
    if let stored, stored.remoteURL != given, !changes.isEmpty {
      throw .usageMessage(
        "\(kind) has \(changes.count == 1 ? "a change" : "\(changes.count) changes") for its remote not synced "
          + "or resolved yet; sync or resolve them before giving another --from.",
        commandPath: ["sync"])
    }
    return given
  }

  /// Runs `lists-sync` for `kind` and `url` with `options` and the invocation's database and
  /// account; its exit status.
  ///
  /// The line is `--db=PATH --account=NAME [--busy-timeout=MS] [--no-color] OPTIONS -- KIND URL`:
  /// written with `=` and after `--`, no value can be read as an option, whatever it starts with.
  /// With `replacing`, `lists-sync` takes this process's place instead (`--watch`, which runs
  /// until a signal: sent to this process's id, it reaches the watch).
  package static func runChild(
    kind: String, url: String, options: [String], headers: SyncHeaders, replacing: Bool = false,
    _ context: Context
  ) throws(CLIError) -> ExitCode {
    guard let folder = System.executableFolder() else {
      throw .other("lists-sync was not found: the folder of lists is unknown.", .software)
    }
    let path = folder + "/lists-sync"
    if case .file(_) = System.status(ofPath: path) {
    } else if !buildInCheckout(folder: folder, context) {
      throw .other("lists-sync was not found beside lists (\(path)); install it there to sync.", .software)
    }
    context.stdout.flush()
    context.stderr.flush()
    var arguments = ["--db=" + context.databasePath, "--account=" + context.account]
    if let timeout = context.globals.busyTimeout { arguments.append("--busy-timeout=" + String(timeout)) }
    if context.globals.noColor { arguments.append("--no-color") }
    arguments += options + ["--", kind, url]
    // Always set, so that the person's own variable (every origin's headers) never reaches it.
    let environment = [HeaderHandoff.variable + "=" + headers.childVariable]
    if replacing {
      System.replaceProcess(with: path, arguments, environment: environment)
      throw .other("lists-sync could not be started (\(path)).", .software)
    }
    guard let status = System.run(path, arguments, environment: environment) else {
      throw .other("lists-sync could not be started (\(path)).", .software)
    }
    return ExitCode(rawValue: status) ?? .software
  }

  /// Builds `lists-sync` when `lists` runs from the build folder of a checkout of this package
  /// (`ROOT/.build/…/debug` or `…/release`, `ROOT/Package.swift` beside it) without it: what
  /// `swift run lists sync …` in a fresh clone needs, since `swift run lists` builds only
  /// `lists` (which must not link the network stack, so it cannot depend on `lists-sync`).
  /// Returns whether `lists-sync` is there now.
  static func buildInCheckout(folder: String, _ context: Context) -> Bool {
    guard let (root, configuration) = checkout(ofBuildFolder: folder),
      case .file(_) = System.status(ofPath: root + "/Package.swift")
    else { return false }
    context.stdout.flush()
    context.stderr.writeLine("lists-sync is not built yet; building it: swift build --product lists-sync -c \(configuration)")
    context.stderr.flush()
    let status = System.run(
      "/usr/bin/env", ["swift", "build", "--package-path", root, "--product", "lists-sync", "-c", configuration, "-q"],
      environment: [])
    guard status == 0, case .file(_) = System.status(ofPath: folder + "/lists-sync") else { return false }
    return true
  }

  /// The package root and the configuration of a SwiftPM build folder: `ROOT/.build/debug`,
  /// `ROOT/.build/TRIPLE/release`; nil for any other folder.
  package static func checkout(ofBuildFolder folder: String) -> (root: String, configuration: String)? {
    let parts = folder.split(separator: "/", omittingEmptySubsequences: false)
    guard let configuration = parts.last.map(String.init), configuration == "debug" || configuration == "release",
      let build = parts.dropLast().lastIndex(of: ".build"), parts.count - build <= 3, build > 0
    else { return nil }
    return (parts[..<build].joined(separator: "/"), configuration)
  }

  /// The text of the person's `LISTS_SYNC_HEADERS`, or nil.
  static func environmentHeaders() -> String? {
    System.environmentBytes(HeaderHandoff.variable).map { String(decoding: $0, as: UTF8.self) }
  }
}
