import Foundation
import Testing

@testable import ListStore
import ListStoreTesting

extension ListsDatabaseTests {
  /// A file cut inside its last page: SQLite counts the partial page as a whole one and reads
  /// and writes the pages before it as if nothing were wrong.
  @Test func fileCutInsideAPageIsRefusedUntouched() throws {
    try withTemporaryFolder { folder in
      let path = folder.path()
      do {
        let database = try ListsDatabase(path: path)
        try database.favorites().importItems(
          (1...300).map { FavoriteDraft(ref: "r\($0)", title: "Title \($0)") })
      }
      var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(bytes.count % 4096 == 0)
      bytes.removeLast(700)
      try bytes.write(to: URL(fileURLWithPath: path))

      do throws(ListStoreError) {
        _ = try ListsDatabase(path: path)
        Issue.record("a truncated file was opened")
      } catch {
        guard case .corrupt(let reported, let detail) = error else {
          Issue.record("expected corrupt, got \(error)")
          return
        }
        #expect(reported == path)
        #expect(detail.contains("not a whole number of 4096-byte pages"))
        #expect(error.message.contains("restore it from a backup"))
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
      #expect(try folder.contents() == ["lists.db"])

      let report = try HealthReport.inspect(path: path)
      #expect(!report.isHealthy)
      #expect(report.problems.first?.contains("cut short") == true)
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }
  }
}
