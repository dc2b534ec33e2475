import ListPaging
import ListPagingTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A ``ScriptedPageSource`` that also finds out, for each page request, whether it runs on the
/// main actor: it asks the main actor to run a job and waits, without suspending (up to 3 s),
/// for that job. A request running on the main actor holds it, so the job cannot run meanwhile.
final class MainActorProbeSource<Item: Sendable>: PageSource {
  typealias Cursor = Int

  let scripted = ScriptedPageSource<Item>()
  private let held = Shared<[Bool]>([])

  /// For each request so far, in order: whether it held the main actor.
  var heldTheMainActor: [Bool] { held.value }

  func page(after cursor: Int?, limit: Int) async throws -> SourcePage<Item, Int> {
    let reached = Shared(false)
    Task { @MainActor in reached.value = true }
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(3))
    while !reached.value && clock.now < deadline {
      usleep(1_000)
    }
    let wasHeld = !reached.value
    held.update { $0.append(wasHeld) }
    return try await scripted.page(after: cursor, limit: limit)
  }
}
