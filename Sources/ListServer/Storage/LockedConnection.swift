import SQLiteCore
import Synchronization

/// One SQLite connection and the lock that lets one thread at a time use it.
final class LockedConnection: @unchecked Sendable {
  // `connection` is used only inside `lock.withLock`: hence @unchecked.
  private let connection: Connection
  private let lock = Mutex<Void>(())

  /// Takes ownership of `connection`.
  init(_ connection: Connection) {
    self.connection = connection
  }

  /// Runs `body` with the connection, holding the lock; any error becomes a ``StorageError``
  /// (a ``StorageError`` thrown by `body` as it is, an SQLite error as ``StorageError/unavailable(_:)``).
  func run<T>(_ body: (Connection) throws -> T) throws(StorageError) -> T {
    let result: Result<T, StorageError> = lock.withLock { _ in
      do { return .success(try body(connection)) } catch {
        return .failure(Self.storageError(error))
      }
    }
    return try result.get()
  }

  /// Runs `body` as ``run(_:)`` does when the lock is free now; nil, without running it, when
  /// another thread holds it.
  func runIfFree<T>(_ body: (Connection) throws -> T) throws(StorageError) -> T? {
    let result: Result<T, StorageError>? = lock.withLockIfAvailable { _ in
      do { return .success(try body(connection)) } catch {
        return .failure(Self.storageError(error))
      }
    }
    return try result?.get()
  }

  private static func storageError(_ error: any Error) -> StorageError {
    switch error {
    case let error as StorageError: error
    case let error as SQLiteError: StorageError(error)
    default: .unavailable("\(error)")
    }
  }
}
