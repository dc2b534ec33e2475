import Observation

/// A list's state for SwiftUI and other Observation-based UIs, kept up to date from its loader.
///
/// For example:
///
/// ```swift
/// @State var model = ListModel(loader: loader, list: "orders")
/// var body: some View {
///   content.task { await model.run() }
/// }
/// ```
///
/// Where its work runs is the same on every system version: the page requests of its commands
/// and of the automatic refreshes run on the global concurrent executor, never on the main
/// actor, so even a source that blocks
/// without suspending cannot stall the UI; the model applies the loader's transitions on the
/// main actor, one by one, in the order the loader published them. A command changes the
/// loader's state at once, without waiting for its page; ``state`` follows on the main actor's
/// next turn.
///
/// ``run(observingChanges:)`` may be cancelled and started again any number of times (SwiftUI
/// cancels `.task` whenever the view disappears): each run follows the transitions from the
/// loader's current state and observes the data's changes anew, for a loader made with
/// `makeInvalidations` (as the store's loaders are).
@MainActor
@Observable
public final class ListModel<Source: PageSource> {
  /// The loader whose transitions feed this model.
  public let loader: ListLoader<Source>
  /// The list's name, used to pick its placeholders.
  public let list: String
  /// Where the placeholders and notices come from.
  public let placeholders: PlaceholderCatalog
  /// The loader's state as of the last transition this model received.
  public private(set) var state: ListState<Source.Item>
  /// For a synced list, where the person's changes stand ("2 changes not synced yet."), as of
  /// the last status its sync published; nil for a list without a sync, or before the first.
  public private(set) var sync: SyncStatus?
  private let syncStatuses: (@Sendable () -> AsyncStream<SyncStatus>)?

  /// Creates a model showing the loader's current state; call ``run(observingChanges:)`` to
  /// keep it up to date.
  ///
  /// - Parameters:
  ///   - loader: The list's loader.
  ///   - list: The list's name, for its placeholders.
  ///   - placeholders: Where the placeholders and notices come from.
  ///   - syncStatuses: For a synced list, makes the stream of its sync's statuses (a sync
  ///     engine's `statuses`), which ``sync`` follows while the model runs.
  public init(
    loader: ListLoader<Source>, list: String,
    placeholders: PlaceholderCatalog = PlaceholderCatalog(),
    syncStatuses: (@Sendable () -> AsyncStream<SyncStatus>)? = nil
  ) {
    self.loader = loader
    self.list = list
    self.placeholders = placeholders
    self.state = loader.state
    self.syncStatuses = syncStatuses
  }

  /// How the query reads to a person, for the no-results placeholder; set with
  /// ``setQuery(_:summary:)``.
  public private(set) var querySummary = QuerySummary()

  /// What to show for ``state``: a placeholder or the items with an optional notice.
  public var display: ListDisplay {
    placeholders.display(for: state, list: list, query: querySummary)
  }

  /// Follows the loader's transitions, and a synced list's sync statuses, until the calling
  /// task is cancelled.
  ///
  /// Loads the first page when the list is still idle, and, with `observingChanges`, also
  /// observes the data's changes as ``ListLoader/startObservingChanges()`` does (for a loader made with
  /// the single `invalidations` sequence, only the first run does).
  public func run(observingChanges: Bool = true) async {
    let (current, transitions) = loader.subscribe()
    state = current
    let loader = self.loader
    let observer =
      observingChanges ? Task { await loader.observeChanges(execution: .concurrent) } : nil
    let follower = syncStatuses.map { statuses in
      Task { [weak self] in
        for await status in statuses() { self?.sync = status }
      }
    }
    if current.phase == .idle { loader.send(.loadNextPage, execution: .concurrent) }
    for await transition in transitions {
      state = transition.state
    }
    observer?.cancel()
    follower?.cancel()
  }

  /// Asks for the next page without waiting; see ``ListLoader/loadNextPage()``.
  public func loadNextPage() { loader.send(.loadNextPage, execution: .concurrent) }

  /// Reloads without waiting; see ``ListLoader/refresh()``.
  public func refresh() { loader.send(.refresh, execution: .concurrent) }

  /// Asks again for what failed, without waiting; see ``ListLoader/retry()``.
  public func retry() { loader.send(.retry, execution: .concurrent) }

  /// Asks for the page before the content (``ListLoader/loadPreviousPage()``), for a list
  /// opened at an item or one whose first pages were dropped.
  public func loadPreviousPage() { loader.send(.loadPreviousPage, execution: .concurrent) }

  /// Shows the list as `query` selects it (nil: the whole list), without waiting; `summary` is
  /// how it reads in the no-results placeholder. See ``ListLoader/setQuery(_:)``.
  public func setQuery(_ query: Source.Query?, summary: QuerySummary) {
    querySummary = summary
    loader.setQuery(query, execution: .concurrent)
  }
}
