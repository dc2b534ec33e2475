import ListPaging

/// Where a remote page starts: the server's cursor and the page's number, for messages.
public struct RemoteCursor: Sendable, Hashable {
  /// The server's `next_cursor` that leads to the page.
  public let value: String
  /// The number of the page it leads to (2 for the cursor of the first page).
  public let page: Int

  /// Creates a cursor, e.g. from the remote cursor the store kept, to resume a walk.
  public init(value: String, page: Int) {
    self.value = value
    self.page = page
  }
}

/// A remote list as a `PageSource` for `ListLoader`: each page is one ``RemoteClient``
/// request with its retries.
///
/// Errors reach the loader as ``RemoteError``s, a `ClassifiedError`: the loader sees their
/// kind, message and retryability; a cancelled request is a `CancellationError`.
public struct RemoteSource: PageSource {
  /// The client that makes the requests.
  public let client: RemoteClient

  /// Creates a source over `client`; its page size is the client's, whatever `limit` asks.
  public init(client: RemoteClient) {
    self.client = client
  }

  /// The remote page after the request's cursor, or the first: a remote list is read from its
  /// top, so a page before a place or around an item throws `LoadError.forwardOnly`.
  ///
  /// - Throws: ``RemoteError``, or `CancellationError` when the task was cancelled.
  public func page(_ request: PageRequest<RemoteCursor>, limit: Int, query: Never?) async throws
    -> SourcePage<RemoteItem, RemoteCursor>
  {
    guard case .after(let cursor) = request else { throw LoadError.forwardOnly }
    let number = cursor?.page ?? 1
    let page: RemotePage
    do {
      page = try await client.fetchPage(number: number, cursor: cursor?.value)
    } catch {
      if error.kind == .cancelled || Task.isCancelled { throw CancellationError() }
      throw error
    }
    return SourcePage(
      items: page.items,
      nextCursor: page.nextCursor.map { RemoteCursor(value: $0, page: number + 1) })
  }
}
