import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP connection to 127.0.0.1 the test writes bytes on by hand: to hold a connection open,
/// or send what no HTTP client would.
///
/// Its reads block, so tests call ``received(limit:)``, which reads on a thread of its own:
/// a blocked read on one of the few cooperative threads would stall every other test's tasks.
/// `@unchecked Sendable` only so that thread can read; one task uses it at a time.
final class RawConnection: @unchecked Sendable {
  private let fd: Int32

  /// Connects to `port` on 127.0.0.1; a read waits at most `receiveTimeoutSeconds`.
  init(port: Int, receiveTimeoutSeconds: Int = 15) throws {
    #if canImport(Glibc)
      fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw ServerTestError("socket failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(fd)
      throw ServerTestError("connect failed")
    }
  }

  deinit { close(fd) }

  /// Sends `text`.
  func send(_ text: String) {
    _ = send(bytes: Array(text.utf8))
  }

  /// Sends `bytes`; false when the peer has closed the connection.
  func send(bytes: [UInt8]) -> Bool {
    var bytes = bytes
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeMutableBytes {
        socketSend(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
      }
      if sent <= 0 { return false }
      offset += sent
    }
    return true
  }

  /// ``receive(limit:)`` on a thread of its own.
  func received(limit: Int = 65536) async -> String {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: self.receive(limit: limit)) }.start()
    }
  }

  /// Reads until the peer closes, `limit` bytes came, or the receive timeout passed; the text.
  func receive(limit: Int = 65536) -> String {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while received.count < limit {
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      received += buffer[0..<count]
      if let text = String(bytes: received, encoding: .utf8), text.contains("\r\n\r\n"),
        text.hasSuffix("}")
      {
        break
      }
    }
    return String(decoding: received, as: UTF8.self)
  }
}

/// `send(2)`, without SIGPIPE.
private func socketSend(
  _ fd: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int, _ flags: Int32
) -> Int {
  send(fd, bytes, count, flags)
}
