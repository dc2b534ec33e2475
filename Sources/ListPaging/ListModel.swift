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
/// Commands start their request on the calling thread (see ``ListLoader``), here the main
/// thread: a source that blocks for long without suspending should move its work off the main
/// actor itself.
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

  /// Creates a model showing the loader's current state; call ``run(observingChanges:)`` to
  /// keep it up to date.
  public init(
    loader: ListLoader<Source>, list: String,
    placeholders: PlaceholderCatalog = PlaceholderCatalog()
  ) {
    self.loader = loader
    self.list = list
    self.placeholders = placeholders
    self.state = loader.state
  }

  /// What to show for ``state``: a placeholder or the items with an optional notice.
  public var display: ListDisplay { placeholders.display(for: state, list: list) }

  /// Follows the loader's transitions until the calling task is cancelled.
  ///
  /// Loads the first page when the list is still idle, and, with `observingChanges`, also runs
  /// ``ListLoader/observeChanges()`` (so don't consume the loader's invalidations elsewhere).
  public func run(observingChanges: Bool = true) async {
    let (current, transitions) = loader.subscribe()
    state = current
    let loader = self.loader
    let observer = observingChanges ? Task { await loader.observeChanges() } : nil
    if current.phase == .idle { loader.send(.loadNextPage) }
    for await transition in transitions {
      state = transition.state
    }
    observer?.cancel()
  }

  /// Asks for the next page without waiting; see ``ListLoader/loadNextPage()``.
  public func loadNextPage() { loader.send(.loadNextPage) }

  /// Reloads without waiting; see ``ListLoader/refresh()``.
  public func refresh() { loader.send(.refresh) }

  /// Asks again for what failed, without waiting; see ``ListLoader/retry()``.
  public func retry() { loader.send(.retry) }
}
