import ListPaging
import ListProtocol
import Testing

@testable import ListSync

@Suite struct RemoteErrorTests {
  @Test(arguments: [
    (ErrorKind.unreachable, Int32(69), true), (.timeout, 75, true),
    (.connectionLost, 75, true), (.serverError, 75, true), (.rateLimited, 75, true),
    (.protocolError, 76, false), (.redirectRefused, 76, false), (.clientError, 76, false),
    (.refused, 77, false), (.invalidRequest, 64, false), (.cancelled, 70, false),
  ])
  func mapsEachReasonToItsDocumentedExitCode(
    _ reason: ErrorKind, _ code: Int32, _ retryable: Bool
  ) {
    let error = RemoteError(reason, "it failed.", page: 2)
    #expect(error.exitCode == code)
    #expect(error.isRetryable == retryable)
    let classified = LoadError(classifying: error)
    #expect(classified.kind == reason)
    #expect(classified.isRetryable == retryable)
    #expect(classified.message == "page 2: it failed.")
  }

  @Test func aMessageIsOneLine() {
    var error = RemoteError(.serverError, "line one\nline two.", page: 1)
    error.attempts = 3
    #expect(error.message == "page 1: line one line two; gave up after 3 attempts.")
  }
}
