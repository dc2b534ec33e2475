import TextFormats

/// The texts a definition keeps for the programs that show its kind, each under the member of
/// the definition's JSON that holds it: the store reads them with the definition, checks their
/// form, writes them back where they were, and never acts on them.
///
/// No table, check, page or placeholder of the store depends on them, so changing them is a
/// compatible change (``KindDefinition/stored`` leaves them out), and an app that shows its own
/// screens leaves them empty. Which members a place takes, and their form, is the definition
/// format's (a kind: `help`, a text, and `add` and `summary`, lists of its fields; a field:
/// `help`, `flag` and `placeholder`; a placeholder: `action`); what they mean is the showing
/// program's. The `lists` command line reads them as the help and options of `lists add` and
/// the action under a placeholder, as its manual says.
///
/// For example:
///
/// ```swift
/// FieldDefinition("recipient", .text(), required: true,
///   display: ["help": "Who receives the parcels.", "placeholder": "name"])
/// ```
public struct DisplayTexts: Sendable, Hashable, ExpressibleByDictionaryLiteral {
  /// One member's value: a line of text, or a list of the kind's fields by name.
  public enum Value: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    /// A line of plain text.
    case text(String)
    /// Fields of the kind, by name, in order.
    case fields([String])

    /// A text.
    public init(stringLiteral text: String) { self = .text(text) }

    /// A list of fields.
    public init(arrayLiteral names: String...) { self = .fields(names) }
  }

  private var members: [String: Value]

  /// The texts `members` gives, by member name; an empty list of fields is no member.
  public init(_ members: [String: Value] = [:]) {
    self.members = members.filter { $0.value != .fields([]) }
  }

  /// The texts the literal gives, by member name.
  public init(dictionaryLiteral elements: (String, Value)...) {
    self.init(Dictionary(elements) { _, last in last })
  }

  /// The value of the member `name`; nil for none. Setting an empty list of fields removes the
  /// member.
  public subscript(name: String) -> Value? {
    get { members[name] }
    set { members[name] = newValue == .fields([]) ? nil : newValue }
  }

  /// The text of the member `name`; nil when it has none (or holds fields).
  public func text(_ name: String) -> String? {
    guard case .text(let text) = members[name] else { return nil }
    return text
  }

  /// The fields the member `name` lists; empty when it has none (or holds a text).
  public func fields(_ name: String) -> [String] {
    guard case .fields(let names) = members[name] else { return [] }
    return names
  }

  /// Whether no member is given.
  public var isEmpty: Bool { members.isEmpty }

  /// The names of the members given, sorted.
  public var names: [String] { members.keys.sorted() }
}

extension DisplayTexts {
  /// The form a member's value takes in the definition format.
  enum Form: Equatable {
    /// A text; `limited` ones are 1 to 300 characters, every one is plain text.
    case text(limited: Bool)
    /// A list of the kind's fields.
    case fields
  }

  /// Where in a definition texts are kept, with the members each place takes, in the order
  /// the JSON writes them.
  enum Place {
    case kind, field, placeholder

    var members: [(name: String, form: Form)] {
      switch self {
      case .kind: Self.kindMembers
      case .field: Self.fieldMembers
      case .placeholder: Self.placeholderMembers
      }
    }

    var names: [String] { members.map(\.name) }

    private static let kindMembers: [(name: String, form: Form)] = [
      ("help", .text(limited: true)), ("add", .fields), ("summary", .fields),
    ]
    private static let fieldMembers: [(name: String, form: Form)] = [
      ("help", .text(limited: true)), ("flag", .text(limited: false)), ("placeholder", .text(limited: true)),
    ]
    private static let placeholderMembers: [(name: String, form: Form)] = [("action", .text(limited: false))]
  }

  /// Checks that every member given is one `place` takes, in its form; `label` names the place
  /// in the message (`The definition`, `The field 'title'`).
  func check(at place: Place, label: String) throws(KindDefinitionError) {
    for name in names {
      guard let member = place.members.first(where: { $0.name == name }) else {
        throw KindDefinitionError(
          "\(label) has the display text '\(TerminalEscaping.escape(name))'; it takes "
            + place.names.joined(separator: ", ") + ".")
      }
      switch (member.form, members[name]) {
      case (.text, .text), (.fields, .fields): continue
      case (.text, _): throw KindDefinitionError("\(label)'s display text '\(name)' must be a text.")
      case (.fields, _): throw KindDefinitionError("\(label)'s display text '\(name)' must list fields.")
      }
    }
  }
}
