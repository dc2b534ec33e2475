import Testing
import TestSupport

/// The seed corpus of `fuzz-request` (what lists-server decodes of a request, Tests/Fuzz),
/// replayed by the target's own replayer, so `swift test` keeps its properties without libFuzzer.
@Suite struct FuzzCorpusTests {
  @Test func corpusIsThere() {
    #expect(
      FuzzSeed.corpus("fuzz-request").count >= 15, "\(FuzzSeed.folder(of: "fuzz-request").path)")
  }

  @Test func replayerFindsEveryPropertyHolding() async throws {
    let run = try await runFuzzReplayer("fuzz-request")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("every property holds"), "\(run.output)")
  }
}
