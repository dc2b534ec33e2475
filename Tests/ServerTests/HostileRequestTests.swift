import Foundation
import TestSupport
import ListProtocol
import Testing

/// Requests no client would send: the server answers each with its status, stays up, and its
/// memory stays bounded.
@Suite(.serialized) struct HostileRequestTests {
  let client = Client()

  @Test func badJSONBadUTF8AndDeepNestingAreAnswered400() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let alice = server.tokens["alice"]
    let bodies: [[UInt8]] = [
      Array(#"{"changes":[{"change_id":"a","op":"add","item":{"title":"\#u{FF}"}}]}"#.utf8).map {
        $0 == 0xC3 ? 0xFF : $0
      },
      [0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D],
      Array(repeating: UInt8(ascii: "["), count: 100_000),
      Array(String(repeating: #"{"a":"#, count: 50_000).utf8),
      [],
      Array("null".utf8),
    ]
    for body in bodies {
      let answer = try await client.send("POST", server.url(), token: alice, body: body)
      #expect(answer.status == 400, "\(answer.text.prefix(80))")
      #expect(answer.error != nil)
    }
    #expect(try await client.get(server.url(), token: alice).status == 200)
  }

  @Test func truncatedBodiesHugeBodiesAndManyIdleConnectionsLeaveItUpWithBoundedMemory()
    async throws
  {
    let server = try await ServerProcess.start(["--max-connections", "2000"])
    defer { Task { await server.remove() } }
    let alice = try #require(server.tokens["alice"])
    let before = try #require(server.residentKiB())
    // A body announced longer than what comes, then the connection closed.
    for _ in 0..<20 {
      let truncated = try RawConnection(port: server.port)
      truncated.send(
        "POST /v1/lists/books HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(alice)\r\nContent-Length: 5000\r\n\r\n{\"changes\":["
      )
    }
    // 100 MB streamed in chunks without a length: refused once past 1 MiB, nothing kept.
    let streamed = try RawConnection(port: server.port)
    streamed.send(
      "POST /v1/lists/books HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(alice)\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    let chunk =
      Array("100000\r\n".utf8) + Array(repeating: UInt8(ascii: " "), count: 0x100000)
      + Array("\r\n".utf8)
    var sentMiB = 0
    while sentMiB < 100, streamed.send(bytes: chunk) { sentMiB += 1 }
    _ = streamed.send(bytes: Array("0\r\n\r\n".utf8))
    let refused = await streamed.received()
    #expect(refused.hasPrefix("HTTP/1.1 413"), "\(refused.prefix(40)) after \(sentMiB) MiB")
    // 1,000 idle connections.
    var idle: [RawConnection] = []
    for _ in 0..<1000 { idle.append(try RawConnection(port: server.port)) }
    let answer = try await client.get(server.url(), token: alice)
    #expect(answer.status == 200)
    let after = try #require(server.residentKiB())
    #expect(after - before < 150_000, "resident memory grew from \(before) KiB to \(after) KiB")
    idle.removeAll()
    #expect(
      try await client.get("http://127.0.0.1:\(server.port)/healthz", token: nil).status == 200)
  }

  @Test(.timeLimit(.minutes(1))) func anIdleConnectionIsClosedAfter30Seconds() async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    let slow = try RawConnection(port: server.port, receiveTimeoutSeconds: 45)
    slow.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")  // the header never ends
    let started = ContinuousClock.now
    let text = await slow.received()
    let waited = ContinuousClock.now - started
    #expect(text.isEmpty || !text.hasPrefix("HTTP/1.1 200"))
    #expect(waited >= .seconds(29) && waited < .seconds(40), "closed after \(waited)")
  }
}
