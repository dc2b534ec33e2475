/// How the `lists` command line presents a kind: the sentence `lists add KIND --help` starts
/// with, the fields `lists add` takes and the ones the line it prints names, and what to type
/// next under the kind's placeholders.
///
/// The store keeps it with the kind and in its JSON (the definition's `help`, `add` and
/// `summary`, and each placeholder's `action`) and checks it with the rest of the definition —
/// `add` and `summary` name fields, every text is plain text — so any program can show any kind
/// a file holds; it never acts on it.
/// No table, check, page or placeholder of the library depends on it, changing it is a
/// compatible change (``KindDefinition/stored`` leaves it out), and an app that shows its own
/// screens can leave it empty.
///
/// For example:
///
/// ```swift
/// let commandLine = KindPresentation(
///   help: "Adds an order.", add: ["number", "total", "status", "placed_at"],
///   summary: ["total", "status"],
///   placeholderActions: [.empty: "lists add orders --number NUMBER --total AMOUNT --currency CODE"])
/// ```
public struct KindPresentation: Sendable, Hashable {
  /// One sentence saying what adding does, for `lists add KIND --help`; nil for
  /// `Adds a book.`
  public var help: String?
  /// The fields `lists add KIND` takes, in the order its help lists them; empty for every
  /// field. A field left out is still set by imports and plain SQL.
  public var add: [String]
  /// The fields the line `lists add` prints names after the item (`Added order 'A-1' (id 1):
  /// €25.90, paid.`); empty for none.
  public var summary: [String]
  /// What to type next, per phase, shown under the kind's own placeholder for the phase
  /// (``KindDefinition/placeholders``, which a phase needs to have one): `lists add orders
  /// --number NUMBER ...`. The JSON keeps it as that placeholder's `action`.
  public var placeholderActions: [PlaceholderPhase: String]

  /// The texts of a kind's command line; every one left out is made from the definition, and
  /// a placeholder without an action has none.
  public init(
    help: String? = nil, add: [String] = [], summary: [String] = [],
    placeholderActions: [PlaceholderPhase: String] = [:]
  ) {
    self.help = help
    self.add = add
    self.summary = summary
    self.placeholderActions = placeholderActions
  }
}
