import SQLiteCore
import Synchronization

/// The reader connections of one file: each read runs on a connection no other thread holds
/// when there is one, so that requests on different threads never wait for each other's reads.
final class ReaderPool: Sendable {
  private let connections: [LockedConnection]
  private let next = Atomic<Int>(0)

  /// A pool of `connections` (at least one).
  init(_ connections: [LockedConnection]) {
    precondition(!connections.isEmpty, "a reader pool needs a connection")
    self.connections = connections
  }

  /// Runs `body` on the first free connection, looking from a place that turns with each read;
  /// when every one is busy, waits for the one at that place.
  func run<T>(_ body: (Connection) throws -> T) throws(StorageError) -> T {
    let start = next.wrappingAdd(1, ordering: .relaxed).oldValue
    for offset in 0..<connections.count {
      let connection = connections[(start &+ offset) % connections.count]
      if let result = try connection.runIfFree(body) { return result }
    }
    return try connections[start % connections.count].run(body)
  }
}
