/// A fetch effect to run, with the chain of requests it belongs to.
///
/// A chain is the run of requests one task makes in a row: a page, or every page of a refresh,
/// or a first load and its repeat.
@usableFromInline
struct PendingFetch<Cursor: Sendable>: Sendable {
  @usableFromInline var request: RequestID
  @usableFromInline var cursor: Cursor?
  @usableFromInline var limit: Int
  @usableFromInline var chain: Int

  @inlinable
  init(request: RequestID, cursor: Cursor?, limit: Int, chain: Int) {
    self.request = request
    self.cursor = cursor
    self.limit = limit
    self.chain = chain
  }
}
