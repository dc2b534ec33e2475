/// Everything a screen needs to know about a list at one moment, as a value.
///
/// States are cheap to copy: ``items`` is a snapshot that shares its storage with the loader, so
/// publishing a state on every transition never copies the items.
public struct ListState<Item: Sendable>: Sendable {
  /// What the list shows as a whole.
  public var phase: ListPhase
  /// The items shown, in list order: every loaded page, one after the other.
  public var items: LoadedItems<Item>
  /// How many pages the shown items came from (a page that came back empty counts too).
  public var pagesLoaded: Int
  /// Whether the last page was loaded, so asking for the next one does nothing.
  public var endReached: Bool
  /// Whether the first item of the list is shown, so asking for the previous page does
  /// nothing: true once a list read from its start has its first page, false while the pages
  /// before the shown ones were never loaded or were dropped.
  public var startReached: Bool
  /// Where loading the next page stands.
  public var append: AppendStatus
  /// Where loading the page before the shown content stands.
  @inlinable
  public var prepend: AppendStatus {
    get { prependBox?.value ?? .idle }
    set {
      if case .idle = newValue { prependBox = nil } else { prependBox = Boxed(newValue) }
    }
  }
  /// ``prepend`` when it is not idle: a state is copied on every transition, and most lists
  /// never load a page before their first.
  @usableFromInline var prependBox: Boxed<AppendStatus>?
  /// Where reloading the content stands.
  public var refresh: RefreshStatus
  /// Why the list failed; set in phase ``ListPhase/error``, nil otherwise.
  public var error: LoadError?

  /// Creates a state; with no arguments, the state of a list nothing was asked for yet.
  @inlinable
  public init(
    phase: ListPhase = .idle,
    items: LoadedItems<Item> = [],
    pagesLoaded: Int = 0,
    endReached: Bool = false,
    startReached: Bool = false,
    append: AppendStatus = .idle,
    prepend: AppendStatus = .idle,
    refresh: RefreshStatus = .idle,
    error: LoadError? = nil
  ) {
    self.phase = phase
    self.items = items
    self.pagesLoaded = pagesLoaded
    self.endReached = endReached
    self.startReached = startReached
    self.append = append
    if case .idle = prepend { self.prependBox = nil } else { self.prependBox = Boxed(prepend) }
    self.refresh = refresh
    self.error = error
  }
}

extension ListState: Equatable where Item: Equatable {}
