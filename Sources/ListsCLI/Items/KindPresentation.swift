import ListStore

/// What the `lists` command line shows for a kind, read from the texts its definition keeps for
/// the programs that show it (``ListStore/DisplayTexts``): the sentence `lists add KIND --help`
/// starts with, the fields `lists add` takes and the ones the line it prints names, and what to
/// type next under the kind's placeholders.
///
/// The JSON of the built-in orders, for example, gives `"help": "Adds an order."`, `"add":
/// ["number", "total", "status", "placed_at"]`, `"summary": ["total", "status"]`, and
/// `"action": "lists add orders --number NUMBER --total AMOUNT --currency CODE"` under its
/// empty placeholder. Every text left out is made from the definition. It is a view: each text
/// is read from the definition when asked for, so taking it costs nothing.
struct KindPresentation {
  /// The kind's display texts.
  let texts: DisplayTexts
  /// The kind's placeholders, whose display texts hold the actions.
  let placeholders: [PlaceholderPhase: PlaceholderText]

  /// One sentence saying what adding does; nil for `Adds a book.`
  var help: String? { texts.text("help") }
  /// The fields `lists add KIND` takes, in the order its help lists them; empty for every field.
  var add: [String] { texts.fields("add") }
  /// The fields the line `lists add` prints names after the item (`Added order 'A-1' (id 1):
  /// €25.90, paid.`); empty for none.
  var summary: [String] { texts.fields("summary") }
  /// What to type next, per phase, under the kind's own placeholder for the phase.
  var placeholderActions: [PlaceholderPhase: String] { placeholders.compactMapValues { $0.display.text("action") } }
}

/// What the `lists` command line shows for a field: the help of the option that sets it, the
/// option's name and the word its help shows for the value (the field's `help`, `flag` and
/// `placeholder` in the definition's JSON; the built-in addresses' `is_default` is `--default`).
struct FieldPresentation {
  /// The field's display texts.
  let texts: DisplayTexts

  /// What the field holds, in a sentence; nil for one made from its type.
  var help: String? { texts.text("help") }
  /// The option that sets it, without dashes; nil for the name with `-` for `_`
  /// (`postal_code` → `--postal-code`).
  var flag: String? { texts.text("flag") }
  /// The word help shows for its value (`--recipient <name>`); nil for one made from its type.
  var placeholder: String? { texts.text("placeholder") }
}

extension KindDefinition {
  /// What the command line shows for the kind.
  var commandLine: KindPresentation { KindPresentation(texts: display, placeholders: placeholders) }
}

extension FieldDefinition {
  /// What the command line shows for the field.
  var commandLine: FieldPresentation { FieldPresentation(texts: display) }
}
