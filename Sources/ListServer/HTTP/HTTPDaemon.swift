import CMicroHTTPD
import CMicroHTTPDShim
import Synchronization

/// A running libmicrohttpd daemon: the one owner of its handle, which hands each whole request
/// to a Swift handler and sends back its answer.
///
/// Its C callbacks are `@convention(c)` functions that reach this object through the context
/// pointer MHD gives them back; each request's state is retained in MHD's per-request pointer
/// from the request's first call to its completion. Every return code of MHD is checked.
package final class HTTPDaemon: Sendable {
  /// The port the daemon listens on (the one the system picked, for port 0).
  package let port: Int
  // The handle is used by `stop` only, which runs once (`stopped`): hence Sendable.
  private nonisolated(unsafe) let daemon: OpaquePointer
  private let callbacks: DaemonCallbacks
  private let stopped = Atomic<Bool>(false)

  /// Starts listening on `host` (numeric IPv4 or IPv6) and `port` (0: the system picks), with
  /// `limits.threads` threads; `handler` answers each request.
  /// - Throws: ``HTTPDaemonError``.
  package init(
    host: String, port: Int, limits: HTTPLimits,
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) throws(HTTPDaemonError) {
    let callbacks = DaemonCallbacks(handler: handler, maxConnections: limits.maxConnections)
    let context = Unmanaged.passUnretained(callbacks).toOpaque()
    var error: Int32 = 0
    let started: OpaquePointer? = host.withCString { hostText in
      var config = lists_mhd_config(
        host: hostText, port: UInt16(clamping: port),
        threads: UInt32(clamping: max(1, limits.threads)),
        connection_limit: UInt32(clamping: limits.maxConnections) &+ HTTPLimits.refusalConnections,
        connection_memory_limit: HTTPLimits.connectionMemoryBytes,
        connection_timeout: HTTPLimits.idleTimeoutSeconds,
        handler: accessHandler, handler_cls: context,
        completed: requestCompleted, completed_cls: context,
        connection: connectionNotified, connection_cls: context)
      return lists_mhd_start(&config, &error)
    }
    guard let started else {
      if error == 0 { throw .badAddress(host) }
      throw .cannotListen(address: "\(host):\(port)", reason: SystemError.describe(error))
    }
    daemon = started
    self.callbacks = callbacks
    self.port = Int(lists_mhd_bound_port(started))
  }

  /// Requests being read or answered now.
  package var inFlight: Int { callbacks.inFlight.load(ordering: .relaxed) }

  /// Stops accepting connections; the ones open are still served.
  package func quiesce() {
    guard !stopped.load(ordering: .relaxed) else { return }
    let socket = MHD_quiesce_daemon(daemon)
    if socket >= 0 { Descriptor.close(socket) }
  }

  /// Closes every connection and ends the daemon's threads; once.
  package func stop() {
    guard !stopped.exchange(true, ordering: .relaxed) else { return }
    MHD_stop_daemon(daemon)
  }

  deinit {
    stop()
  }
}

/// MHD's access handler: called once when a request's header is read, once per chunk of its
/// body, and once more when the body is complete; the last call answers.
private let accessHandler: MHD_AccessHandlerCallback = {
  context, connection, url, method, _, uploadData, uploadDataSize, requestContext in
  guard let connection, let requestContext, let uploadDataSize else { return .NO }
  let callbacks = DaemonCallbacks.from(context)
  guard let pointer = requestContext.pointee else {
    // The first call: the header is read. Keep the request's state until it completes.
    let request = ConnectionValues.request(
      connection, method: method.map { String(cString: $0) } ?? "",
      url: url.map { String(cString: $0) } ?? "",
      overLimit: callbacks.connections.load(ordering: .relaxed) > callbacks.maxConnections)
    let state = RequestState(request)
    requestContext.pointee = Unmanaged.passRetained(state).toOpaque()
    callbacks.inFlight.add(1, ordering: .relaxed)
    // A body announced too large to drain, or a request refused anyway, is answered now, before
    // its body is read; a body merely too large is read and dropped (`RequestState.receive`)
    // and answered at its end, so that the client, done sending, reads the 413.
    if request.bodyTooLargeToDrain || request.headersTooLarge || request.overConnectionLimit {
      state.answered = true
      return HTTPAnswer.queue(callbacks.handler(request), on: connection)
    }
    return .YES
  }
  let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
  if uploadDataSize.pointee > 0 {
    if !state.answered {
      state.receive(UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee))
    }
    uploadDataSize.pointee = 0
    return .YES
  }
  guard !state.answered else { return .YES }
  state.answered = true
  return HTTPAnswer.queue(callbacks.handler(state.request), on: connection)
}

/// MHD's completion callback: the request is done (answered, or its connection went).
private let requestCompleted: MHD_RequestCompletedCallback = { context, _, requestContext, _ in
  guard let requestContext, let pointer = requestContext.pointee else { return }
  Unmanaged<RequestState>.fromOpaque(pointer).release()
  requestContext.pointee = nil
  DaemonCallbacks.from(context).inFlight.subtract(1, ordering: .relaxed)
}

/// MHD's connection callback: counts the connections open.
private let connectionNotified: MHD_NotifyConnectionCallback = { context, _, _, code in
  let callbacks = DaemonCallbacks.from(context)
  if code == .CONNECTION_NOTIFY_STARTED {
    callbacks.connections.add(1, ordering: .relaxed)
  } else {
    callbacks.connections.subtract(1, ordering: .relaxed)
  }
}
