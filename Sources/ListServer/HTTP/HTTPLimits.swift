/// The bounds the daemon holds every connection and request to.
package struct HTTPLimits: Sendable {
  /// The largest body read: 1 MiB. A larger one is answered `413`.
  package static let maxBodyBytes = 1 << 20
  /// The largest announced body (`Content-Length`) that is read to its end, and dropped, before
  /// its `413` is sent: 32 MiB. A client still sending when the server closes gets a broken pipe
  /// instead of the answer, so a body that is merely too large is drained; one announced larger
  /// than this is answered at once and its connection closed.
  package static let maxDrainedBodyBytes = 32 << 20
  /// The most bytes of header fields: 16 KiB. More is answered `431`.
  package static let maxHeaderBytes = 16 << 10
  /// Seconds after which an idle connection is closed.
  package static let idleTimeoutSeconds: UInt32 = 30
  /// Bytes of memory one connection may use (its header fields and read buffer): room for
  /// ``maxHeaderBytes`` of headers and more, so that the handler sees them and answers `431`.
  package static let connectionMemoryBytes = 64 << 10
  /// Connections beyond `maxConnections` that are still accepted, to be answered `503`.
  package static let refusalConnections: UInt32 = 64

  /// Threads of the daemon's pool.
  package var threads: Int
  /// Connections served at once; past them a request is answered `503`.
  package var maxConnections: Int

  /// Limits.
  package init(threads: Int, maxConnections: Int) {
    self.threads = threads
    self.maxConnections = maxConnections
  }
}
