import CLISupport
import ExitCodeTable
import ListPaging
import ListProtocol
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

  @Test func documentationOrderFollowsTheManual() {
    #expect(ExitCode.documentationOrder.map(\.rawValue) == [0, 64, 65, 66, 69, 73, 74, 75, 76, 77, 78, 70])
    #expect(Set(ExitCode.documentationOrder) == Set(ExitCode.allCases))
  }
}

@Suite struct AppMigrationExitCodeTests {
  @Test(
    arguments: [
      (ListStoreError.schemaTooNew(app: "com.example.reader", found: 3, supported: 2), ExitCode.config),
      (.migrationChanged(app: "com.example.reader", number: 1, name: "log"), .config),
      (.migrationFailed(app: "com.example.reader", number: 2, name: "log", detail: "syntax error"), .software),
    ] as [(ListStoreError, ExitCode)])
  func anAppsMigrationErrorsExitAsThePackagesDo(error: ListStoreError, code: ExitCode) {
    #expect(CLIError.exitCode(for: error) == code)
  }
}

/// The one table from an error's kind to the exit code: the codes `lists help exit-codes` lists.
@Suite struct KindExitCodeTests {
  @Test(
    arguments: [
      (ErrorKind.unreachable, Int32(69)), (.timeout, 75), (.connectionLost, 75), (.serverError, 75),
      (.rateLimited, 75), (.protocolError, 76), (.redirectRefused, 76), (.clientError, 76), (.refused, 77),
      (.invalidRequest, 64), (.rejected, 65), (.store, 74), (.busy, 75), (.cancelled, 70), (.unknown, 70),
    ] as [(ErrorKind, Int32)])
  func aRemoteOrSyncKindExitsWithItsDocumentedCode(kind: ErrorKind, code: Int32) {
    #expect(ExitCode(failureOf: kind).rawValue == code)
  }

  @Test(
    arguments: [
      (ListStoreError.invalidCurrency("EURO"), ExitCode.dataError),
      (.duplicateItem(kind: "orders", item: "order", fields: ["number"], values: ["A-1"]), .dataError),
      (.invalidCursor(kind: .orders), .usage), (.unknownKind("bookz"), .usage), (.databaseBusy, .tempFail),
      (.corrupt(path: "a.db", detail: "bad page"), .ioError), (.cannotCreate(path: "a.db", reason: "read-only"), .cantCreate),
      (.schemaTooNew(app: nil, found: 9, supported: 8), .config), (.nestedWrite, .software),
    ] as [(ListStoreError, ExitCode)])
  func aStoreErrorExitsWithItsKindsCode(error: ListStoreError, code: ExitCode) {
    #expect(CLIError.exitCode(for: error) == code)
  }

  @Test func anAppsOwnKindIsAnInternalError() {
    #expect(ExitCode(failureOf: "quota_exceeded") == .software)
  }
}
