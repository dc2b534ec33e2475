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
      do {
        return .success(try body(connection))
      } catch let error as StorageError {
        return .failure(error)
      } catch let error as SQLiteError {
        return .failure(StorageError(error))
      } catch {
        return .failure(.unavailable("\(error)"))
      }
    }
    return try result.get()
  }
}
