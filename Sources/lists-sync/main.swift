import CLISupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes all of `text` to `descriptor`.
func write(_ text: String, to descriptor: Int32) {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if written <= 0 { return }
    bytes = bytes.dropFirst(written)
  }
}

/// `lists-sync`: started by `lists sync` and by a stale `lists show`, never by people.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let run = SyncRun(arguments) else {
  write("Error: lists-sync is started by lists sync; run that instead.\n", to: 2)
  exit(64)
}
let headers = getenv(HandedHeaders.variable).map { String(cString: $0) }
// Not to be passed on to anything this process might start.
unsetenv(HandedHeaders.variable)
let status = await run.run(
  headerLines: headers, stdout: { write($0, to: 1) }, stderr: { write($0, to: 2) })
exit(status)
