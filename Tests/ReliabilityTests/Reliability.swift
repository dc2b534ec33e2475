import Testing

/// Every reliability suite, one test at a time: they run the `lists` binary in many child
/// processes and measure waits and kill moments, which tests running beside them would skew.
@Suite(.serialized) struct Reliability {}
