/// One term of a kind's order: a field (or `id`, or the kind's added time) and a direction.
public struct OrderTerm: Sendable, Hashable {
  /// The field, `added_at`, or `id`.
  public var field: String
  /// Whether larger values come first.
  public var descending: Bool

  /// A term ordering by `field`, ascending unless `descending`.
  public init(_ field: String, descending: Bool = false) {
    self.field = field
    self.descending = descending
  }
}

/// Which fields identify an item within an account, and what adding one again does.
public struct UniqueRule: Sendable, Hashable {
  /// What adding an item whose unique fields match a stored one does.
  public enum OnDuplicate: String, Sendable, Hashable {
    /// The add is refused as a duplicate (exit 65 on the command line).
    case reject
    /// Nothing changes and the add succeeds with the stored item, as favoriting twice does.
    case keep
  }

  /// The fields, together unique per account.
  public var fields: [String]
  /// What adding a duplicate does.
  public var onDuplicate: OnDuplicate

  /// A rule that `fields` are unique per account.
  public init(_ fields: [String], onDuplicate: OnDuplicate = .reject) {
    self.fields = fields
    self.onDuplicate = onDuplicate
  }
}

/// The texts a kind shows for a phase instead of the default ones: a headline and the line
/// under it, words any screen can show.
///
/// What to do next is the screen's: a program that words it with the kind keeps it in
/// ``display`` (the JSON's `action`), which `PlaceholderCatalog.use(_:actions:)` takes only
/// when asked.
public struct PlaceholderText: Sendable, Hashable {
  /// The headline.
  public var title: String
  /// The line under it.
  public var detail: String
  /// The texts the programs that show the kind keep with the placeholder (`action`): kept in
  /// its JSON, never acted on by the store.
  public var display: DisplayTexts

  /// A placeholder text.
  public init(title: String, detail: String, display: DisplayTexts = [:]) {
    self.title = title
    self.detail = detail
    self.display = display
  }
}

/// The phases a kind may give its own placeholder for, with their names in a JSON definition.
public enum PlaceholderPhase: String, Sendable, Hashable, CaseIterable {
  /// The list is loading and nothing is shown yet.
  case loading
  /// The list has no items.
  case empty
  /// The list could not be loaded.
  case error
  /// The list has items, but none match the search or filters.
  case noResults = "no_results"
}
