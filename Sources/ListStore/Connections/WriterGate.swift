import SQLiteCore
import Synchronization

/// The one read-write connection of a database and the lock that lets one thread at a time use
/// it — a lock that knows which thread holds it.
///
/// `Mutex` traps when the thread holding it locks it again ("Recursive call to lock Mutex"), and
/// an import calls its caller's draft source while it holds the writer. The gate lets the
/// holding thread back in and tells it so (`nested`), so a caller can serve a nested read and
/// refuse a nested write with an error instead of a crash or a deadlock.
final class WriterGate: @unchecked Sendable {
  // `connection` is used only by the thread that holds `lock`: the thread whose id is in
  // `owner`. Hence @unchecked.
  private let connection: Connection
  private let lock = Mutex<Void>(())
  /// The id of the thread holding `lock`, 0 when none. Only the holding thread stores its own
  /// id here, so a thread that reads its own id is the holder, whatever the memory ordering.
  private let owner = Atomic<UInt>(0)
  /// The id of the thread that last took the gate, 0 before any did: where a thread's next
  /// read finds the pages it touched last (see `ListsDatabase.readRethrowing`).
  private let lastOwner = Atomic<UInt>(0)

  init(_ connection: Connection) {
    self.connection = connection
  }

  /// Runs `body` with the connection: at once when this thread already holds the gate
  /// (`nested` is then true), else after taking the lock, which is held until `body` returns.
  func withConnection<T>(_ body: (Connection, _ nested: Bool) throws -> T) throws -> T {
    let me = Threads.currentID()
    if owner.load(ordering: .relaxed) == me { return try body(connection, true) }
    return try withConnection(taking: me, body)
  }

  /// ``withConnection(_:)`` for a thread that does not hold the gate. Apart, so that the
  /// nested call, every write of an open transaction, makes no room for a result of a
  /// generic type (whose metadata is looked up at run time) that it does not use.
  private func withConnection<T>(taking me: UInt, _ body: (Connection, _ nested: Bool) throws -> T) throws -> T {
    var result: Result<T, any Error>?
    lock.withLock { _ in
      owner.store(me, ordering: .relaxed)
      if lastOwner.load(ordering: .relaxed) != me { lastOwner.store(me, ordering: .relaxed) }
      defer { owner.store(0, ordering: .relaxed) }
      result = Result { try body(connection, false) }
    }
    return try result!.get()
  }

  /// Runs `body` with the connection when no thread holds the gate, taking it for as long as
  /// `body` runs; returns nil at once, without running `body`, when a thread (this one too)
  /// holds it.
  ///
  /// With `onlyIfLastOwner`, also nil at once, without touching the lock, when another thread
  /// took the gate last.
  func withConnectionIfFree<T>(onlyIfLastOwner: Bool = false, _ body: (Connection) throws -> T) throws -> T? {
    let me = Threads.currentID()
    if owner.load(ordering: .relaxed) == me { return nil }
    if onlyIfLastOwner, lastOwner.load(ordering: .relaxed) != me { return nil }
    var result: Result<T, any Error>?
    _ = lock.withLockIfAvailable { _ in
      owner.store(me, ordering: .relaxed)
      if lastOwner.load(ordering: .relaxed) != me { lastOwner.store(me, ordering: .relaxed) }
      defer { owner.store(0, ordering: .relaxed) }
      result = Result { try body(connection) }
    }
    return try result?.get()
  }
}
