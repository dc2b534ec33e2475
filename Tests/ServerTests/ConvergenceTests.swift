import Foundation
import ListProtocol
import Testing
import TestSupport
import TextFormats

/// A seeded random run of two devices' writes and syncs — the built `lists` on two files —
/// through `lists-server`; after a quiet sync of both, each device shows what the server holds.
@Suite(.serialized) struct ConvergenceTests {
  /// What one item shows: its title and status.
  struct Shown: Hashable, Comparable, CustomStringConvertible {
    var title: String
    var status: String
    static func < (a: Shown, b: Shown) -> Bool { (a.title, a.status) < (b.title, b.status) }
    var description: String { "\(title)/\(status)" }
  }

  private func lists(_ server: ServerProcess, _ file: String, _ arguments: [String]) async throws
    -> ProgramRun
  {
    let environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": server.folder + "/home",
      "NO_COLOR": "1", "TZ": "UTC", "LANG": "C.UTF-8",
    ]
    return try await runProgram(
      ServerBinary.path("lists"), ["--db", server.folder + "/" + file] + arguments,
      environment: environment)
  }

  /// The device's items: local id and what it shows.
  private func items(_ server: ServerProcess, _ file: String) async throws -> [(
    id: Int, shown: Shown
  )] {
    let result = try await lists(
      server, file, ["show", "books", "--offline", "--json", "--limit", "500"])
    guard case .array(let items)? = try JSONParser.parse(result.stdout).objectValue?["items"] else {
      throw ServerTestError("show printed \(result.stdout) \(result.stderr)")
    }
    return items.compactMap { value in
      guard let object = value.objectValue, let id = object["id"]?.intValue,
        let title = object["title"]?.stringValue
      else { return nil }
      return (id, Shown(title: title, status: object["status"]?.stringValue ?? ""))
    }
  }

  @Test(arguments: [UInt64(36), 0x5EED])
  func twoDevicesConvergeOnWhatTheServerHolds(seed: UInt64) async throws {
    let server = try await ServerProcess.start()
    defer { Task { await server.remove() } }
    var random = SplitMix(seed: seed)
    let header = server.folder + "/header"
    try "Authorization: Bearer \(server.tokens["alice"]!)\n".write(
      toFile: header, atomically: true, encoding: .utf8)
    let devices = ["a.db", "b.db"]
    for device in devices {
      #expect(
        try await lists(server, device, ["kinds", "add", server.folder + "/books.json"]).status == 0
      )
      #expect(
        try await lists(
          server, device, ["sync", "books", "--from", server.url(), "--header", "@" + header]
        ).status == 0)
    }
    var steps: [String] = []
    for step in 0..<30 {
      let device = devices[Int(random.next() % 2)]
      let roll = random.next() % 10
      let held = try await items(server, device)
      if roll < 3 || held.isEmpty {
        steps.append("\(device) add T\(step)")
        let added = try await lists(server, device, ["add", "books", "--title", "T\(step)"])
        #expect(added.status == 0, "seed \(seed): \(added.stderr)")
      } else if roll < 6 {
        let target = held[Int(random.next() % UInt64(held.count))]
        let status = ["want", "reading", "done"][Int(random.next() % 3)]
        steps.append("\(device) edit \(target.shown.title) \(status)")
        let edited = try await lists(
          server, device, ["edit", "books", String(target.id), "--status", status])
        #expect(edited.status == 0, "seed \(seed): \(edited.stderr)")
      } else if roll < 7 {
        let target = held[Int(random.next() % UInt64(held.count))]
        steps.append("\(device) remove \(target.shown.title)")
        let removed = try await lists(server, device, ["remove", "books", String(target.id)])
        #expect(removed.status == 0, "seed \(seed): \(removed.stderr)")
      } else {
        steps.append("\(device) sync")
        let synced = try await lists(server, device, ["sync", "books", "--header", "@" + header])
        // 65: a change conflicted (kept, shown); anything else is a failure.
        #expect(synced.status == 0 || synced.status == 65, "seed \(seed): \(synced.stderr)")
      }
    }
    // Quiet: each device syncs until nothing is left to send, then once more.
    for device in devices + devices {
      _ = try await lists(server, device, ["sync", "books", "--header", "@" + header, "--all"])
    }
    var remote: [Shown] = []
    for item in try await Client().get(
      server.url(query: "limit=500"), token: server.tokens["alice"]
    ).page().items {
      remote.append(
        Shown(title: item["title"]?.stringValue ?? "", status: item["status"]?.stringValue ?? ""))
    }
    for device in devices {
      let shown = try await items(server, device).map(\.shown)
      #expect(
        shown.sorted() == remote.sorted(),
        "seed \(seed), \(device): \(shown.sorted()) vs server \(remote.sorted()); steps \(steps)")
      let status = try await lists(server, device, ["sync", "status", "books"])
      #expect(
        status.stdout.contains("0 changes not synced yet"),
        "seed \(seed), \(device): \(status.stdout)")
    }
  }
}
