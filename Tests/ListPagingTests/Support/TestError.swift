import ListPaging

/// An error with the classification the tests choose.
struct TestError: ClassifiedError, Equatable {
  var kind: ErrorKind
  var isRetryable: Bool
  var message: String

  static let busy = TestError(
    kind: "busy", isRetryable: true, message: "The database is busy; try again.")
  static let corrupt = TestError(
    kind: "corrupt", isRetryable: false, message: "The database file is damaged.")

  var loadError: LoadError { LoadError(classifying: self) }
}

/// An error that says nothing about itself.
struct OpaqueError: Error, CustomStringConvertible {
  var description: String { "opaque failure" }
}
