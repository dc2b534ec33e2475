import Testing

/// The `lists` the tests run loads without a word from the dynamic loader, whatever the build
/// configuration: a position-dependent binary that loads the shared Swift runtime makes it
/// print `warning: direct reference to protected function ... may break pointer equality`.
/// `LD_BIND_NOW=1` binds every symbol at start, so such a warning shows on any run, not only
/// on the path that first calls the function (a `show --json` whose reader left early).
@Suite struct LoaderWarningTests {
  @Test(arguments: [["--version"], ["show", "orders", "--json"]])
  func everySymbolBindsWithoutAWarning(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let result = await sandbox.run(arguments, environment: ["LD_BIND_NOW": "1"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr == "", "\(result)")
  }

  @Test func outputCutShortLeavesStderrEmpty() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addNumberedOrders(40, to: sandbox)
    let result = await sandbox.runProgram(
      "/bin/sh", ["-c", #""$0" "$@" | head -c 100 > /dev/null"#, ListsBinary.path, "show", "orders", "--json"])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr == "", "\(result)")
  }
}
