import Synchronization

/// One PostgreSQL node of the server's storage: its position in the `--postgres` list and a
/// small pool of connections to it (one per serving thread), taken in turn.
final class PostgresNode: Sendable {
  /// The node's position, from 0: what the bucket map names and `/healthz` shows (never its
  /// connection string).
  let position: Int
  private let slots: [NodeConnection]
  private let next = Atomic<Int>(0)

  /// A node at `conninfo` with `connections` slots; nothing is connected yet.
  init(position: Int, conninfo: String, connections: Int) {
    self.position = position
    slots = (0..<max(1, connections)).map { _ in NodeConnection(conninfo: conninfo) }
  }

  /// Runs `body` on the next slot's connection.
  func run<T>(_ body: (PGConnection) throws -> T) throws(StorageError) -> T {
    try slots[next.wrappingAdd(1, ordering: .relaxed).oldValue % slots.count].run(body)
  }
}
