import Foundation

/// How long a test waits for something another thread or process does soon (a change
/// delivered, a thread ended): long enough for a two-core machine that is busy building and
/// testing other things, where a 5 s window was once outlasted. A wait that succeeds returns as
/// soon as its condition holds, so the bound costs nothing then; it is not for how fast.
let deliveryBound: Duration = .seconds(30)

/// Checks `condition` every 5 ms until it holds, at most for `limit`; returns whether it held.
/// For things another thread does soon, never for how fast.
func eventually(
  within limit: Duration = deliveryBound, isolation: isolated (any Actor)? = #isolation,
  _ condition: () throws -> Bool
) async rethrows -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: limit)
  while clock.now < deadline {
    if try condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return try condition()
}

/// What `body` returns if it finishes within `limit`, else nil (its task is then cancelled).
func result<T: Sendable>(
  within limit: Duration, _ body: @escaping @Sendable () async -> T?
) async -> T? {
  await withTaskGroup(of: T?.self) { group in
    group.addTask {
      let value = await body()
      return Task.isCancelled ? nil : value
    }
    group.addTask {
      try? await Task.sleep(for: limit)
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
}

/// Whether `body`, run in a task, completed by itself within `limit`.
func completes(
  within limit: Duration = deliveryBound, _ body: @escaping @Sendable () async -> Void
) async -> Bool {
  await result(within: limit) {
    await body()
    return true
  } ?? false
}

/// Whether this process has a thread named `name` now (Linux: `/proc/self/task/*/comm`).
func threadExists(named name: String) -> Bool {
  let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
  return tasks.contains { task in
    let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
    return comm?.trimmingCharacters(in: .newlines) == name
  }
}
