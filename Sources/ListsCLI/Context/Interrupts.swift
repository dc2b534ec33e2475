import Dispatch

/// SIGINT and SIGTERM as an async sequence, so a long-running command (`watch`) can end
/// cleanly — restore the terminal, flush, exit 0 — instead of dying mid-write.
package final class Interrupts {
  /// Yields the number of each signal received.
  package let signals: AsyncStream<Int32>
  private let sources: [any DispatchSourceSignal]

  /// Starts catching `caught` (by default SIGINT and SIGTERM) for the life of this value.
  package init(_ caught: [System.Signal] = [.interrupt, .terminate]) {
    let (stream, continuation) = AsyncStream<Int32>.makeStream()
    signals = stream
    var sources: [any DispatchSourceSignal] = []
    for caught in caught {
      let number = caught.number
      // The default action would end the process before the source sees the signal.
      System.ignore(caught)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { continuation.yield(number) }
      source.resume()
      sources.append(source)
    }
    self.sources = sources
  }

  deinit {
    for source in sources { source.cancel() }
  }
}
