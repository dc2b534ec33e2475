import Dispatch
import ListPaging
import ListSync
import TextFormats

extension SyncRun {
  /// `lists sync KIND --watch`: runs the app's sync engine until SIGINT or SIGTERM, and writes a
  /// line each time what a person would want to know changes — what waits, what the remote
  /// refused or conflicted with, the last failure — or `in step` when nothing waits. Exit 0.
  static func watch(_ sync: KindSync, kind: String, stdout: @escaping @Sendable (String) -> Void) async -> Int32 {
    let engine = SyncEngine(
      sync: sync, schedule: SyncEngine.Schedule(pushDelay: .milliseconds(200), pullInterval: .seconds(60)))
    let running = Task { await engine.run() }
    // Ignored first (also when inherited ignored), then delivered to the dispatch sources.
    let sources = [System.interruptSignal, System.terminateSignal].map { number in
      System.ignore(signal: number)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { running.cancel() }
      source.resume()
      return source
    }
    let shown = String(sync.remoteURL.prefix { $0 != "?" })
    let printer = Task {
      var previous = ""
      for await status in engine.statuses() {
        let line = Self.line(status, kind: kind, remote: shown)
        if line != previous { stdout(TerminalEscaping.escape(line) + "\n") }
        previous = line
      }
    }
    await running.value
    printer.cancel()
    for source in sources { source.cancel() }
    stdout("Stopped watching \(kind).\n")
    return 0
  }

  /// What a status says: `books: 2 changes not synced yet.`, the last failure (tried again after
  /// a backoff when the remote may get over it), or `books: in step with URL.`
  static func line(_ status: SyncStatus, kind: String, remote: String) -> String {
    var parts = status.notices(seeAlso: "lists sync status \(kind)")
    if let error = status.lastError { parts.append(error.message) }
    if parts.isEmpty { parts = ["in step with \(remote)."] }
    return "\(kind): " + parts.joined(separator: " ")
  }
}
