import ListPaging
import Testing

@Suite struct LoadErrorTests {
  @Test func classifiedErrorKeepsItsValues() {
    let error = LoadError(classifying: TestError.corrupt)
    #expect(error.kind == "corrupt")
    #expect(error.message == "The database file is damaged.")
    #expect(!error.isRetryable)
    #expect(LoadError(classifying: TestError.busy).isRetryable)
  }

  @Test func unknownErrorIsRetryableWithItsDescription() {
    let error = LoadError(classifying: OpaqueError())
    #expect(error.kind == "unknown")
    #expect(error.isRetryable)
    #expect(error.message == "opaque failure")
  }

  @Test func loadErrorClassifiesAsItself() {
    let original = LoadError(
      kind: "timeout", message: "The server took too long.", isRetryable: true)
    #expect(LoadError(classifying: original) == original)
    #expect(LoadError(classifying: original).isRetryable)
  }

  @Test func equalityComparesKindAndMessage() {
    let busy = LoadError(kind: "busy", message: "Busy.", isRetryable: true)
    #expect(busy == LoadError(kind: "busy", message: "Busy.", isRetryable: false))
    #expect(busy != LoadError(kind: "busy", message: "Locked.", isRetryable: true))
    #expect(busy != LoadError(kind: "locked", message: "Busy.", isRetryable: true))
    #expect(Set([busy, LoadError(kind: "busy", message: "Busy.", isRetryable: false)]).count == 1)
  }

  @Test func descriptionShowsKindAndMessage() {
    #expect(TestError.busy.loadError.description == "busy: The database is busy; try again.")
  }
}
