/// Where a ``ListLoader`` runs the page requests a command starts.
@usableFromInline
package enum RequestExecution: Sendable, Hashable {
  /// On the calling thread, until the source suspends (`Task.immediate`): a source that answers
  /// without suspending (a local store) completes its page inside the call, with no thread hop.
  /// Where `Task.immediate` does not exist (Apple systems before 26, compilers before Swift
  /// 6.2) the request runs as ``concurrent`` does.
  case inline
  /// On the global concurrent executor, never on the caller's thread or actor, on every system:
  /// what ``ListModel`` uses, so that no page is read on the main actor.
  case concurrent
}
