import Synchronization

/// A value that tasks share, behind a lock.
final class Shared<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>

  init(_ value: Value) {
    storage = Mutex(value)
  }

  var value: Value {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }

  @discardableResult
  func update<R: Sendable>(_ body: (inout Value) -> R) -> R {
    storage.withLock { body(&$0) }
  }
}
