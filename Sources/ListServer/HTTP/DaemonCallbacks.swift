import Synchronization

/// What the C callbacks reach through their context pointer: the handler and the counters.
final class DaemonCallbacks: Sendable {
  let handler: @Sendable (HTTPRequest) -> HTTPResponse
  let maxConnections: Int
  /// Connections open now.
  let connections = Atomic<Int>(0)
  /// Requests between their first call and their completion.
  let inFlight = Atomic<Int>(0)

  init(handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse, maxConnections: Int) {
    self.handler = handler
    self.maxConnections = maxConnections
  }

  static func from(_ pointer: UnsafeMutableRawPointer?) -> DaemonCallbacks {
    Unmanaged<DaemonCallbacks>.fromOpaque(pointer!).takeUnretainedValue()
  }
}
