import CLISupport

/// `lists-sync`: started by `lists sync` and by a stale `lists show`, never by people.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let run = SyncRun(arguments) else {
  System.write("Error: lists-sync is started by lists sync; run that instead.\n", to: 2)
  System.exit(64)
}
let headers = System.environmentVariable(HeaderHandoff.variable)
// Not to be passed on to anything this process might start.
System.removeEnvironmentVariable(HeaderHandoff.variable)
let status = await run.run(
  headerLines: headers, stdout: { System.write($0, to: 1) }, stderr: { System.write($0, to: 2) })
System.exit(status)
