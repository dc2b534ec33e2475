import Testing
import TestSupport

/// The seed corpus of `fuzz-page` (the remote page decoder, Tests/Fuzz), replayed by the
/// target's own replayer, so `swift test` keeps its properties without libFuzzer.
@Suite struct FuzzCorpusTests {
  @Test func corpusIsThere() {
    #expect(FuzzSeed.corpus("fuzz-page").count >= 12, "\(FuzzSeed.folder(of: "fuzz-page").path)")
  }

  @Test func replayerFindsEveryPropertyHolding() async throws {
    let run = try await runFuzzReplayer("fuzz-page")
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.contains("every property holds"), "\(run.output)")
  }
}
