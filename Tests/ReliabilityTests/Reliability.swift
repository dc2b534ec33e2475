import Testing

/// Every reliability suite, one test at a time, once the other targets' tests are done: they run
/// the `lists` binary in many child processes and measure waits and kill moments, which tests
/// running beside them would skew (and which would starve those tests in turn).
@Suite(.serialized, .quietStart) struct Reliability {}
