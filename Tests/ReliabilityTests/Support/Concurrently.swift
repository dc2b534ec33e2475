import Foundation

/// Runs each body on a thread of its own (child processes are waited for with blocking calls,
/// which must not tie up the concurrency pool) and returns when all have returned.
func concurrently(_ bodies: [@Sendable () -> Void]) async {
  let group = DispatchGroup()
  for body in bodies {
    group.enter()
    let thread = Thread {
      body()
      group.leave()
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
  await withCheckedContinuation { continuation in
    group.notify(queue: .global()) { continuation.resume() }
  }
}
