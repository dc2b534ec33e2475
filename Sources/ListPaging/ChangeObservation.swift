/// An observation of a list's changes started by ``ListLoader/startObservingChanges()``; it
/// ends when cancelled or released, or when its loader is released.
///
/// It holds only the task that follows the changes, and that task holds the loader weakly, so
/// keeping an observation keeps neither the loader nor its database alive.
public final class ChangeObservation: Sendable {
  private let task: Task<Void, Never>?

  init(_ task: Task<Void, Never>?) {
    self.task = task
  }

  deinit {
    task?.cancel()
  }

  /// Ends the observation; the loader refreshes by itself no more. Calling it again does
  /// nothing.
  public func cancel() {
    task?.cancel()
  }

  /// Whether the observation was cancelled: by ``cancel()``, or by its loader going away. (A
  /// loader with no changes to observe hands out observations cancelled from the start.)
  public var isCancelled: Bool { task?.isCancelled ?? true }
}
