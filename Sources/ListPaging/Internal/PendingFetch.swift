/// A fetch effect to run, with the chain of requests it belongs to.
///
/// A chain is the run of requests one task makes in a row: a page, or every page of a refresh,
/// or a first load and its repeat.
@usableFromInline
struct PendingFetch<Cursor: Sendable, Query: Sendable>: Sendable {
  @usableFromInline var request: RequestID
  /// Which page to ask for.
  @usableFromInline var target: PageRequest<Cursor>
  @usableFromInline var limit: Int
  @usableFromInline var chain: Int
  /// The query in force when the machine asked for the page: a later change of the query is a
  /// new generation, which drops this request's result.
  @usableFromInline var query: Query?

  @inlinable
  init(request: RequestID, target: PageRequest<Cursor>, limit: Int, chain: Int, query: Query?) {
    self.request = request
    self.target = target
    self.limit = limit
    self.chain = chain
    self.query = query
  }
}
