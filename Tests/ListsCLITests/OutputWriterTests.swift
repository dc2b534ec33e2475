#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Testing

@testable import ListsCLI

@Suite struct OutputWriterTests {
  /// Reads everything a pipe holds once its write end is closed.
  func drain(_ fd: Int32) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(fd, &chunk, chunk.count)
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func buffersUntilFlushedThenWritesEverythingInOrder() {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    let writer = OutputWriter(fileDescriptor: descriptors[1], capacity: 8)
    writer.write("short")
    writer.writeLine(" and a line longer than the buffer")
    writer.write(Array("東京\n".utf8))
    writer.flush()
    close(descriptors[1])
    #expect(drain(descriptors[0]) == "short and a line longer than the buffer\n東京\n")
    #expect(writer.failure == nil)
    close(descriptors[0])
  }

  @Test func aClosedPipeIsABrokenPipeNotACrash() {
    OutputWriter.ignoreBrokenPipeSignal()
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    close(descriptors[0])
    let writer = OutputWriter(fileDescriptor: descriptors[1])
    writer.writeLine("{\"id\":1}")
    writer.flush()
    #expect(writer.failure == .brokenPipe)
    #expect(writer.isBrokenPipe)
    writer.writeLine("dropped")
    writer.flush()
    #expect(writer.failure == .brokenPipe)
    close(descriptors[1])
  }

  @Test func otherErrorsKeepTheirErrno() {
    let writer = OutputWriter(fileDescriptor: -1)
    writer.write("x")
    writer.flush()
    #expect(writer.failure == .writeFailed(errno: EBADF))
    #expect(!writer.isBrokenPipe)
  }
}
