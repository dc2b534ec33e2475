import Foundation

/// Runs each body on its own thread (child processes are waited for with blocking calls, which
/// must not tie up the concurrency pool) and returns when all have returned.
func concurrently(_ bodies: [@Sendable () -> Void]) {
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
  group.wait()
}
