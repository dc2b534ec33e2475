import Testing

@testable import ListsCLI

@Suite struct GlobalOptionsTests {
  func path(_ values: [String: String], options: GlobalOptions = GlobalOptions()) -> String? {
    options.databasePath(in: Environment(values), homeFallback: { "/home/fallback" })
  }

  @Test func databasePathFollowsTheDocumentedOrder() {
    let everything = [
      "LISTS_DB": "/env/lists.db", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ada",
    ]
    #expect(path(everything, options: GlobalOptions(database: "given.db")) == "given.db")
    #expect(path(everything) == "/env/lists.db")
    #expect(path(["XDG_DATA_HOME": "/xdg", "HOME": "/home/ada"]) == "/xdg/lists/lists.db")
    #expect(path(["XDG_DATA_HOME": "/xdg/", "HOME": "/home/ada"]) == "/xdg/lists/lists.db")
    // A combining mark after the slash merges with it into one Character; the path is still
    // absolute, byte for byte.
    #expect(path(["XDG_DATA_HOME": "/\u{301}x", "HOME": "/h"]) == "/\u{301}x/lists/lists.db")
    #expect(path(["HOME": "/home/ada"]) == "/home/ada/.local/share/lists/lists.db")
    #expect(path([:]) == "/home/fallback/.local/share/lists/lists.db")
  }

  @Test func emptyAndRelativeVariablesAreIgnored() {
    let values = ["LISTS_DB": "", "XDG_DATA_HOME": "relative/data", "HOME": "/home/ada"]
    #expect(path(values) == "/home/ada/.local/share/lists/lists.db")
    #expect(path(["XDG_DATA_HOME": "", "HOME": "/h"]) == "/h/.local/share/lists/lists.db")
  }

  @Test func noHomeMeansNoDefaultPath() {
    #expect(GlobalOptions().databasePath(in: Environment([:]), homeFallback: { nil }) == nil)
  }

  @Test func accountFollowsTheDocumentedOrder() {
    #expect(
      GlobalOptions(accountName: "given").account(in: Environment(["LISTS_ACCOUNT": "env"]))
        == "given")
    #expect(GlobalOptions().account(in: Environment(["LISTS_ACCOUNT": "env"])) == "env")
    #expect(GlobalOptions().account(in: Environment(["LISTS_ACCOUNT": ""])) == "default")
    #expect(GlobalOptions().account(in: Environment([:])) == "default")
  }

  @Test func busyTimeoutDefaultsTo5000() {
    #expect(GlobalOptions().busyTimeoutMilliseconds == 5000)
    #expect(GlobalOptions(busyTimeout: 0).busyTimeoutMilliseconds == 0)
  }

  @Test func processEnvironmentReadsRealVariables() {
    #expect(Environment.process["PATH"] != nil)
    #expect(Environment.process["LISTS_TEST_SURELY_UNSET_VARIABLE"] == nil)
  }
}
