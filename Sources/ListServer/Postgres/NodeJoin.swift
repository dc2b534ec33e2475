/// What `nodes add` did: the new node's position (from 0), the buckets it moved, and the
/// longest time one bucket's writes were paused.
package struct NodeJoin: Sendable {
  /// The new node's position, from 0.
  package var position: Int
  /// The buckets moved to it by this run.
  package var moved: Int
  /// The longest pause of one bucket's writes.
  package var longestPause: Duration
}
