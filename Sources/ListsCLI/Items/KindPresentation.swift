import ListStore

/// What the `lists` command line shows for a kind, read from the texts its definition keeps for
/// the programs that show it (``ListStore/DisplayTexts``): the sentence `lists add KIND --help`
/// starts with, the fields `lists add` takes and the ones the line it prints names, and what to
/// type next under the kind's placeholders.
///
/// The JSON of the built-in orders, for example, gives `"help": "Adds an order."`, `"add":
/// ["number", "total", "status", "placed_at"]`, `"summary": ["total", "status"]`, and
/// `"action": "lists add orders --number NUMBER --total AMOUNT --currency CODE"` under its
/// empty placeholder. Every text left out is made from the definition.
struct KindPresentation {
  /// One sentence saying what adding does; nil for `Adds a book.`
  let help: String?
  /// The fields `lists add KIND` takes, in the order its help lists them; empty for every field.
  let add: [String]
  /// The fields the line `lists add` prints names after the item (`Added order 'A-1' (id 1):
  /// €25.90, paid.`); empty for none.
  let summary: [String]
  /// What to type next, per phase, under the kind's own placeholder for the phase.
  let placeholderActions: [PlaceholderPhase: String]

  init(_ definition: KindDefinition) {
    help = definition.display.text("help")
    add = definition.display.fields("add")
    summary = definition.display.fields("summary")
    placeholderActions = definition.placeholders.compactMapValues { $0.display.text("action") }
  }
}

/// What the `lists` command line shows for a field: the help of the option that sets it, the
/// option's name and the word its help shows for the value (the field's `help`, `flag` and
/// `placeholder` in the definition's JSON; the built-in addresses' `is_default` is `--default`).
struct FieldPresentation {
  /// What the field holds, in a sentence; nil for one made from its type.
  let help: String?
  /// The option that sets it, without dashes; nil for the name with `-` for `_`
  /// (`postal_code` → `--postal-code`).
  let flag: String?
  /// The word help shows for its value (`--recipient <name>`); nil for one made from its type.
  let placeholder: String?

  init(_ field: FieldDefinition) {
    help = field.display.text("help")
    flag = field.display.text("flag")
    placeholder = field.display.text("placeholder")
  }
}

extension KindDefinition {
  /// What the command line shows for the kind.
  var commandLine: KindPresentation { KindPresentation(self) }
}

extension FieldDefinition {
  /// What the command line shows for the field.
  var commandLine: FieldPresentation { FieldPresentation(self) }
}
