import ListStore
import Testing

@testable import ListsCLI

@Suite struct ExitCodeTests {
  @Test(
    arguments: [
      (ExitCode.success, 0), (.usage, 64), (.dataError, 65), (.noInput, 66), (.software, 70),
      (.cantCreate, 73), (.ioError, 74), (.tempFail, 75), (.config, 78),
    ] as [(ExitCode, Int32)])
  func valuesAreTheSysexitsOnes(code: ExitCode, value: Int32) {
    #expect(code.rawValue == value)
  }

  @Test func documentationOrderFollowsTheContract() {
    #expect(ExitCode.documentationOrder.map(\.rawValue) == [0, 64, 65, 66, 69, 73, 74, 75, 76, 77, 78, 70])
    #expect(Set(ExitCode.documentationOrder) == Set(ExitCode.allCases))
  }
}

@Suite struct AppMigrationExitCodeTests {
  @Test(
    arguments: [
      (ListStoreError.appSchemaTooNew(app: "com.example.reader", found: 3, supported: 2), ExitCode.config),
      (.appMigrationChanged(app: "com.example.reader", number: 1, name: "log"), .config),
      (.appMigrationFailed(app: "com.example.reader", number: 2, name: "log", detail: "syntax error"), .software),
    ] as [(ListStoreError, ExitCode)])
  func anAppsMigrationErrorsExitAsThePackagesDo(error: ListStoreError, code: ExitCode) {
    #expect(CLIError.exitCode(for: error) == code)
  }
}
