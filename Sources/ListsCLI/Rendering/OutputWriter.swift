/// A buffered writer on a file descriptor (stdout or stderr), with `write(2)` and no Foundation.
///
/// Writes collect in a buffer that goes out when full and at ``flush()``; call `flush()` before
/// the process exits (deinit flushes too, but `exit(3)` skips deinit).
///
/// Failures are sticky instead of thrown, so a loop writing a million rows stays simple: once
/// ``failure`` is set, further writes are dropped. `EINTR` is retried. A closed pipe (`EPIPE`)
/// becomes ``OutputFailure/brokenPipe`` — with ``ignoreBrokenPipeSignal()`` called at start-up,
/// `lists export orders | head` ends quietly: the command sees the failure, stops, and exits 0.
///
/// An instance is owned by one thread; it is not `Sendable`.
package final class OutputWriter {
  /// The file descriptor written to.
  package let fileDescriptor: Int32
  /// The first failure, after which nothing more is written.
  package private(set) var failure: OutputFailure?

  private var buffer: [UInt8] = []
  private let capacity: Int

  /// Creates a writer on `fileDescriptor` buffering up to `capacity` bytes.
  package init(fileDescriptor: Int32, capacity: Int = 64 * 1024) {
    self.fileDescriptor = fileDescriptor
    self.capacity = max(capacity, 1)
    buffer.reserveCapacity(self.capacity)
  }

  deinit {
    flush()
  }

  /// Makes a write to a closed pipe fail with `EPIPE` instead of killing the process with
  /// `SIGPIPE`. Call once at start-up, before the first write.
  package static func ignoreBrokenPipeSignal() {
    System.ignore(.brokenPipe)
  }

  /// Whether the reader closed the pipe: stop producing output.
  package var isBrokenPipe: Bool { failure == .brokenPipe }

  /// Appends people's text: safe for a terminal by its type (see ``TerminalText``).
  package func write(_ text: TerminalText) {
    writeVerbatim(text.text)
  }

  /// Appends `line` and a line feed; see ``write(_:)-(TerminalText)``.
  package func writeLine(_ line: TerminalText = "") {
    writeVerbatim(line.text)
    writeVerbatim("\n")
  }

  /// Appends the UTF-8 bytes of `text` as they are: for machine output (JSON, CSV, a
  /// completion script, the man page's source) that keeps text verbatim in its own quoting.
  /// People's text goes through ``write(_:)-(TerminalText)``.
  package func writeVerbatim(_ text: String) {
    var text = text
    text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// ``writeVerbatim(_:)`` and a line feed.
  package func writeVerbatimLine(_ line: String) {
    writeVerbatim(line)
    writeVerbatim("\n")
  }

  /// Appends `bytes`.
  package func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { write($0) }
  }

  /// Appends the bytes in `bytes`.
  package func write(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil, !bytes.isEmpty else { return }
    if buffer.count + bytes.count > capacity {
      flush()
      if bytes.count >= capacity {
        writeAll(bytes)
        return
      }
    }
    buffer.append(contentsOf: bytes)
  }

  /// Sends the buffered bytes to the file descriptor.
  package func flush() {
    guard !buffer.isEmpty else { return }
    if failure == nil {
      buffer.withUnsafeBytes { writeAll($0) }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes all of `bytes` (see ``System/writeAll(_:_:)``), keeping the failure if any.
  private func writeAll(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil else { return }
    failure = System.writeAll(fileDescriptor, bytes)
  }
}
