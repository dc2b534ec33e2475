/// Notices a walk that loops: a `next_cursor` that repeats one the walk already followed.
///
/// It keeps a 64-bit digest of each cursor (Swift's `Hasher`, seeded per process, so a remote
/// cannot aim at a collision), not the cursor: a walk's memory grows by 8 bytes a page, however
/// long the cursors are, and the page count is bounded by the walk's `maxPages`. A collision of
/// two different cursors (about 3 in 10^12 for a walk of 10,000 pages) ends that walk with a
/// protocol error; it never writes anything wrong.
struct CursorLoopCheck {
  private var digests: Set<Int> = []

  /// Records `cursor`, the `next_cursor` of page `page`.
  ///
  /// - Throws: a protocol ``RemoteError`` naming `page` when the cursor was followed before.
  mutating func follow(_ cursor: String, page: Int) throws(RemoteError) {
    guard digests.insert(cursor.hashValue).inserted else {
      throw RemoteError(.protocolError, "\"next_cursor\" repeats a cursor already followed.", page: page)
    }
  }
}
