import CLISupport
import ListServer
import ListStore

/// `lists-server serve`: listens, serves until SIGTERM or SIGINT, then stops accepting, lets the
/// requests in flight finish (at most 10 s) and exits 0.
enum ServeCommand {
  /// How long the requests in flight may take after a stop signal.
  static let drainLimit: Duration = .seconds(10)

  /// Serves `storage` as `command` asks; returns once stopped.
  static func run(_ command: ParsedCommand, storage: any ListStorage) throws(ServerError) {
    let listen = command.value(ServerCommandLine.listen)
    guard let colon = listen.lastIndex(of: ":"),
      let port = Int(listen[listen.index(after: colon)...]),
      (0...65535).contains(port)
    else {
      throw ServerError("'\(listen)' is not HOST:PORT with a port from 0 to 65535.", .usage)
    }
    var host = String(listen[..<colon])
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if host == "localhost" { host = "127.0.0.1" }
    guard let keepDeleted = DurationText.milliseconds(command.value(ServerCommandLine.keepDeleted)),
      let keepAnswers = DurationText.milliseconds(command.value(ServerCommandLine.keepAnswers))
    else {
      throw ServerError("A duration is a number and a unit: 30d, 12h, 15m or 90s.", .usage)
    }
    let limits = HTTPLimits(
      threads: command.value(ServerCommandLine.threads),
      maxConnections: command.value(ServerCommandLine.maxConnections))
    let metrics = Metrics()
    let service = SyncService(
      storage: storage, metrics: metrics, log: RequestLog(write: { System.write($0, to: 2) }))
    // Stop signals are taken by sigwait below, so every thread starts with them blocked.
    System.blockStopSignals()
    let daemon: HTTPDaemon
    do {
      daemon = try HTTPDaemon(host: host, port: port, limits: limits) { request in
        service.handle(request)
      }
    } catch {
      switch error {
      case .badAddress: throw ServerError(error.description, .usage)
      case .cannotListen: throw ServerError(error.description, .unavailable)
      }
    }
    let shown = host.contains(":") ? "[\(host)]" : host
    System.write("Listening on http://\(shown):\(daemon.port)\n", to: 1)
    let pruner = Task.detached {
      let interval = Duration.milliseconds(max(100, min(60_000, keepDeleted / 4)))
      while !Task.isCancelled {
        let now = Timestamp.now().millisecondsSince1970
        if (try? storage.prune(deletionsBefore: now - keepDeleted, answersBefore: now - keepAnswers))
          == nil
        {
          metrics.recordStorageError()
        }
        try? await Task.sleep(for: interval)
      }
    }
    _ = System.waitForStopSignal()
    daemon.quiesce()
    let deadline = ContinuousClock.now + drainLimit
    while daemon.inFlight > 0 && ContinuousClock.now < deadline {
      System.sleep(milliseconds: 10)
    }
    pruner.cancel()
    daemon.stop()
  }
}
