import SQLiteCore
import Testing

@Suite struct VersionTests {
  @Test func linkedLibraryIsSQLite3() {
    #expect(sqliteVersion.hasPrefix("3."))
  }
}
