import Foundation
import ListStore
import ListSync

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Benchmark {
  /// `sync_pages_per_s`, for the record: whole `KindSync.all()` walks (fetch, decode with the
  /// kind's item format, write page by page) of 10,000 favorites in pages of 100 from the test
  /// server (`Tests/ListSyncTests/Server/remote_server.py`) on 127.0.0.1, into a fresh file each.
  /// Wall clock: the server is another process. Skipped without python3.
  ///
  /// `push_changes_per_s`, after each walk: 10,000 edits of the synced favorites (one
  /// transaction, untimed), then the `KindSync.push()` that sends them in batches of 100 and
  /// applies the server's answers, timed; changes the server applied per second.
  func measureSyncPages() throws {
    guard ChildProcess.locate("python3") != nil else {
      progress("Skipping sync_pages_per_s: no python3")
      return
    }
    progress("Timing sync walks against the local test server")
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Tests/ListSyncTests/Server/remote_server.py").path
    let server = Process()
    server.executableURL = URL(fileURLWithPath: ChildProcess.locate("python3")!)
    server.arguments = [script]
    let input = Pipe()
    let output = Pipe()
    server.standardInput = input
    server.standardOutput = output
    try server.run()
    defer {
      try? input.fileHandleForWriting.close()
      server.waitUntilExit()
    }
    var line: [UInt8] = []
    while line.last != UInt8(ascii: "\n"), line.count < 16,
      let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty
    {
      line += byte
    }
    guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw BenchError.child("the test server printed no port")
    }
    let items = 10_000
    let pageSize = 100
    let body = "{\"items\": [" + (1...items).map { #"{"id": \#($0), "ref": "r:\#($0)", "title": "Item \#($0)"}"# }
      .joined(separator: ",") + "]}"
    let request = {
      var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/_control")!)
      request.httpMethod = "POST"
      request.httpBody = Data(body.utf8)
      return request
    }()
    let folder = self.folder
    let account = Self.account
    var rates: [Double] = []
    var pushRates: [Double] = []
    for trial in 0..<3 {
      let name = "syncpages\(trial).db"
      let path = folder.file(name)
      let (seconds, pushSeconds) = try thread.run { () async throws -> (Double, Double) in
        if trial == 0 { _ = try await URLSession.shared.data(for: request) }
        let database = try ListsDatabase(path: path)
        let favorites = try database.items(of: "favorites", account: account)
        let client = try RemoteClient(
          RemoteConfiguration(url: "http://127.0.0.1:\(port)/items", pageSize: pageSize))
        let sync = KindSync(items: favorites, client: client)
        let start = ContinuousClock.now
        let pages = try await sync.all()
        let elapsed = ContinuousClock.now - start
        guard pages == items / pageSize, try favorites.count() == items else {
          throw BenchError.mismatch("the sync walk wrote \(pages) pages")
        }
        try await database.write { transaction in
          let favorites = try transaction.items(of: "favorites", account: account)
          for id in 1...items { try favorites.update(id: Int64(id), setting: ["title": .text("Edited \(trial) \(id)")]) }
        }
        let pushStart = ContinuousClock.now
        let pushed = try await sync.push()
        let pushElapsed = ContinuousClock.now - pushStart
        guard pushed.applied == items, try favorites.replica.syncChangeCounts() == SyncChangeCounts() else {
          throw BenchError.mismatch("the push applied \(pushed.applied) of \(items) changes")
        }
        return (Self.seconds(elapsed), Self.seconds(pushElapsed))
      }
      folder.removeDatabase(name)
      rates.append(Double(items / pageSize) / seconds)
      pushRates.append(Double(items) / pushSeconds)
    }
    rates.sort()
    pushRates.sort()
    report.set("sync_pages_per_s", rates[1])
    report.set("push_changes_per_s", pushRates[1])
  }

  /// A duration in seconds.
  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
