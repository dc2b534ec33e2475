import ListStore

/// `lists sync KIND --from URL [--all] [--continue] [--header ...]`: runs `lists-sync`, the
/// executable beside `lists` that links the network stack, so that `lists` itself never loads
/// it (a command that does not sync starts as fast as before).
///
/// Headers belong to the remote's origin and reach the child as ``SyncHeaders`` says: in its
/// own environment, filtered to that origin, never on its command line.
package enum SyncCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let kind = parsed.value(SyncSpec.kind)
    let url = parsed.value(SyncSpec.from)
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
    var arguments = [kind, url]
    if parsed[SyncSpec.all] { arguments.append("--all") }
    if parsed[SyncSpec.resume] { arguments.append("--continue") }
    arguments += ["--limit", String(parsed.value(SyncSpec.limit))]
    return try runChild(arguments, headers: headers, context)
  }

  /// Runs `lists-sync` with the invocation's database and account; its exit status.
  package static func runChild(_ arguments: [String], headers: SyncHeaders, _ context: Context) throws(CLIError)
    -> ExitCode
  {
    guard let folder = System.executableFolder() else {
      throw .other("lists-sync was not found: the folder of lists is unknown.", .software)
    }
    let path = folder + "/lists-sync"
    guard case .file(_) = System.status(ofPath: path) else {
      throw .other("lists-sync was not found beside lists (\(path)); install it there to sync.", .software)
    }
    context.stdout.flush()
    context.stderr.flush()
    var global = ["--db", context.databasePath, "--account", context.account]
    if let timeout = context.globals.busyTimeout { global += ["--busy-timeout", String(timeout)] }
    if context.globals.noColor { global.append("--no-color") }
    // Always set, so that the person's own variable (every origin's headers) never reaches it.
    let environment = [SyncHeaders.variable + "=" + headers.childVariable]
    guard let status = System.run(path, global + arguments, environment: environment) else {
      throw .other("lists-sync could not be started (\(path)).", .software)
    }
    return ExitCode(rawValue: status) ?? .software
  }

  /// The text of the person's `LISTS_SYNC_HEADERS`, or nil.
  static func environmentHeaders() -> String? {
    System.environmentBytes(SyncHeaders.variable).map { String(decoding: $0, as: UTF8.self) }
  }
}
