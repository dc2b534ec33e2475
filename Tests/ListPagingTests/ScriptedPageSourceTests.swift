import ListPaging
import ListPagingTesting
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ScriptedPageSourceTests {
  @Test func requestsCanBeResolvedInAnyOrder() async throws {
    let source = ScriptedPageSource<String>()
    let first = Task { try await source.page(.after(nil), limit: 2, query: nil) }
    let one = await source.nextRequest()
    async let second = source.page(.after(2), limit: 2, query: nil)
    let two = await source.nextRequest()
    #expect(one.number == 1 && one.cursor == nil && one.limit == 2)
    #expect(two.number == 2 && two.cursor == 2)
    #expect(source.pending.map(\.number) == [1, 2])

    two.succeed(["c"], next: nil)
    #expect(try await second == SourcePage(items: ["c"], nextCursor: nil))
    #expect(source.pending.map(\.number) == [1])
    one.fail(TestError.busy)
    await #expect(throws: TestError.busy) { try await first.value }
    #expect(source.pending.isEmpty && source.requests.count == 2)
  }

  @Test func nextRequestWaitsForTheNextCall() async throws {
    let source = ScriptedPageSource<Int>()
    async let waited = source.nextRequest()
    let caller = Task { try await source.page(.after(7), limit: 3, query: nil) }
    let request = await waited
    #expect(request.cursor == 7)
    request.succeed([1], next: 8)
    #expect(try await caller.value.nextCursor == 8)
  }

  @Test func cancellationIsRecordedAndThrowsOnlyWhenAsked() async throws {
    let patient = ScriptedPageSource<Int>()
    let waiting = Task { try await patient.page(.after(nil), limit: 1, query: nil) }
    let request = await patient.nextRequest()
    waiting.cancel()
    // A source that ignores cancellation still answers when the test says so.
    request.succeed([1], next: nil)
    #expect(try await waiting.value.items == [1])
    #expect(request.isCancelled)

    let eager = ScriptedPageSource<Int>(throwsOnCancellation: true)
    let abandoned = Task { try await eager.page(.after(nil), limit: 1, query: nil) }
    let abandonedRequest = await eager.nextRequest()
    abandoned.cancel()
    await #expect(throws: CancellationError.self) { try await abandoned.value }
    #expect(abandonedRequest.isCancelled)
    // A late answer after the caller gave up is ignored.
    abandonedRequest.succeed([2], next: nil)
    #expect(abandonedRequest.isResolved)
  }
}
