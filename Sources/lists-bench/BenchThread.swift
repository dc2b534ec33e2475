import Foundation
import Synchronization

/// A thread of its own that runs, one at a time, the jobs of the tasks that prefer it.
///
/// The async phases time their work with ``Clock/cpu``, the CPU time of the calling thread. A
/// task on Swift's shared pool may resume on another thread after any `await`, which would make
/// that clock meaningless; a task started with this executor as its preference runs all of its
/// (nonisolated) code here, so a timed region starts and ends on the same thread whatever it
/// awaits. It also keeps the bench's work off the pool, whose threads the store's observers and
/// a loader's subscribers use.
///
/// For example:
///
/// ```swift
/// let thread = BenchThread()
/// defer { thread.stop() }
/// let pages = try thread.run { await walkThroughTheLoader() }
/// ```
final class BenchThread: TaskExecutor {
  private let queue = Mutex<[UnownedJob?]>([])
  private let ready = DispatchSemaphore(value: 0)
  private let finished = DispatchSemaphore(value: 0)

  /// Starts the thread.
  init() {
    let thread = Thread { [self] in loop() }
    thread.name = "lists-bench"
    thread.start()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.withLock { $0.append(job) }
    ready.signal()
  }

  /// Ends the thread once the jobs already queued have run, and waits for it.
  func stop() {
    queue.withLock { $0.append(nil) }
    ready.signal()
    finished.wait()
  }

  /// Runs `body` in a task that prefers this thread, blocking the caller until it is done.
  ///
  /// - Returns: What `body` returned.
  /// - Throws: What `body` threw.
  func run<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value {
    let outcome = Outcome<Value>()
    let done = DispatchSemaphore(value: 0)
    Task(executorPreference: self) {
      let result: Result<Value, any Error>
      do {
        result = .success(try await body())
      } catch {
        result = .failure(error)
      }
      outcome.value.withLock { $0 = result }
      done.signal()
    }
    done.wait()
    return try outcome.value.withLock { $0! }.get()
  }

  /// The job loop, on the thread.
  private func loop() {
    let executor = asUnownedTaskExecutor()
    while true {
      ready.wait()
      guard let job = queue.withLock({ $0.removeFirst() }) else { break }
      job.runSynchronously(on: executor)
    }
    finished.signal()
  }

  /// Where a task hands its result to the blocked caller.
  private final class Outcome<Value: Sendable>: Sendable {
    let value = Mutex<Result<Value, any Error>?>(nil)
  }
}
