import ListPaging
import Testing

@testable import ListsCLI

/// The lines `lists show --events` writes, one per loader event.
@Suite struct PageEventJSONLineTests {
  static let busy = LoadError(kind: "busy", message: "The database is busy.", isRetryable: true)
  static let corrupt = LoadError(
    kind: "corrupt", message: "The file is corrupt.", isRetryable: false)

  static let lines: [(PageEvent, String)] = [
    (.loading(page: 1), #"{"event":"loading","page":1}"#),
    (
      .loaded(page: 1, count: 20, hasMore: true),
      #"{"event":"loaded","page":1,"count":20,"has_more":true}"#
    ),
    (.empty, #"{"event":"empty"}"#),
    (.noResults, #"{"event":"no_results"}"#),
    (
      .failed(page: 2, error: busy),
      #"{"event":"error","page":2,"kind":"busy","retryable":true}"#
    ),
    (.end(pages: 3, items: 45), #"{"event":"end","pages":3,"items":45}"#),
    (.refreshing(automatic: true), #"{"event":"refreshing","automatic":true}"#),
    (.refreshed(count: 0, hasMore: false), #"{"event":"refreshed","count":0,"has_more":false}"#),
    (
      .refreshFailed(error: corrupt),
      #"{"event":"refresh_failed","kind":"corrupt","retryable":false}"#
    ),
  ]

  @Test(arguments: lines)
  func jsonLineMatchesTheDocumentedLine(_ event: PageEvent, _ line: String) {
    #expect(event.jsonLine == line)
  }

  @Test func jsonLineEscapesText() {
    let odd = LoadError(kind: "a\"b\\c\n\u{1}", message: "", isRetryable: false)
    #expect(
      PageEvent.refreshFailed(error: odd).jsonLine
        == #"{"event":"refresh_failed","kind":"a\"b\\c\n\u0001","retryable":false}"#)
  }
}
