import ListStore

/// `lists sync KIND --from URL [--all] [--continue] [--header ...]`: runs `lists-sync`, the
/// executable beside `lists` that links the network stack, so that `lists` itself never loads
/// it (a command that does not sync starts as fast as before).
///
/// Header values go to the child in the environment variable `LISTS_SYNC_HEADERS` (one header a
/// line), never on its command line, which `ps` shows to every user.
package enum SyncCommand {
  /// The variable that hands headers to `lists-sync`.
  package static let headersVariable = "LISTS_SYNC_HEADERS"

  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let kind = parsed.value(SyncSpec.kind)
    let headers = parsed.values(SyncSpec.header)
    if headers.contains(where: { $0.contains("\n") || $0.contains("\r") }) {
      throw .usageMessage("A header must be one line, \"Name: value\".", commandPath: ["sync"])
    }
    // The kind must exist before anything is fetched.
    try context.writing { database throws(CLIError) in
      do throws(ListStoreError) {
        _ = try database.items(of: kind, account: context.account)
      } catch {
        throw .store(error)
      }
    }
    var arguments = [kind, parsed.value(SyncSpec.from)]
    if parsed[SyncSpec.all] { arguments.append("--all") }
    if parsed[SyncSpec.resume] { arguments.append("--continue") }
    arguments += ["--limit", String(parsed.value(SyncSpec.limit))]
    return try runChild(arguments, headers: headers, context)
  }

  /// Runs `lists-sync` with the invocation's database and account; its exit status.
  package static func runChild(_ arguments: [String], headers: [String], _ context: Context) throws(CLIError)
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
    let environment = headers.isEmpty ? [] : [headersVariable + "=" + headers.joined(separator: "\n")]
    guard let status = System.run(path, global + arguments, environment: environment) else {
      throw .other("lists-sync could not be started (\(path)).", .software)
    }
    return ExitCode(rawValue: status) ?? .software
  }
}
