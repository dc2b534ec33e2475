import ListPaging
import ListPagingTesting

import Foundation

/// A ``ScriptedPageSource`` that also finds out, for each page request, whether it runs on the
/// main actor. The main actor runs its jobs on the main thread, so a request running on any
/// other thread does not hold it: asked directly, not inferred from how long a job sent to the
/// main actor took to run (a window a busy machine could outlast).
final class MainActorProbeSource<Item: Sendable>: PageSource {
  typealias Cursor = Int

  let scripted = ScriptedPageSource<Item>()
  private let held = Shared<[Bool]>([])

  /// For each request so far, in order: whether it held the main actor.
  var heldTheMainActor: [Bool] { held.value }

  func page(_ request: PageRequest<Int>, limit: Int, query: Never?) async throws -> SourcePage<Item, Int> {
    let onMainThread = Thread.isMainThread
    held.update { $0.append(onMainThread) }
    return try await scripted.page(request, limit: limit, query: nil)
  }
}
