import CLISupport
import ListStore
import TextFormats

/// The command line of `lists edit KIND ID` for any kind, made from the same options as its
/// `add` (``KindAddOptions``): none required and none defaulted (a field not named keeps its
/// value), `--no-FIELD` beside each bool flag, `--unset FIELD` and `--json`; the changes the
/// options describe, and the line that reports the change.
package struct KindEditOptions: Sendable {
  /// The kind whose items are changed.
  package var definition: KindDefinition { add.definition }
  /// The kind's `add` options, whose values `edit` reads.
  package let add: KindAddOptions
  /// The options, in the order help lists them.
  package let options: [OptionSpec]
  /// Each `--no-FIELD` option, with the field it clears.
  private let negations: [(option: String, field: String)]

  /// `--unset FIELD`, repeatable.
  static let unset = "--unset"
  /// `--json`: the item after the change.
  static let json = "--json"

  /// The options of `definition`.
  package init(_ definition: KindDefinition) {
    add = KindAddOptions(definition)
    var options: [OptionSpec] = []
    var negations: [(option: String, field: String)] = []
    var taken = Set(add.options.map(\.name) + [Self.unset, Self.json])
    let bools = definition.addedFields.filter { $0.type == .bool }
    for var option in add.options {
      option.isRequired = false
      option.defaultValue = nil
      option.defaultDescription = nil
      options.append(option)
      // A bool's flag sets it; `--no-` and the flag's word clears it (when no other option
      // of the kind has that name already).
      guard option.isFlag, let field = bools.first(where: { "--" + (definition.optionNames(of: $0).first ?? "") == option.name })
      else { continue }
      let negation = "--no-" + option.name.dropFirst(2)
      guard taken.insert(negation).inserted else { continue }
      let words = field.name.split(separator: "_").joined(separator: " ")
      options.append(OptionSpec(name: negation, arity: .flag, help: "Clears \(words) (sets it to false)."))
      negations.append((negation, field.name))
    }
    let names = definition.addedFields.map(\.name)
    if !names.isEmpty {
      options.append(
        OptionSpec(
          name: Self.unset, arity: .value(placeholder: "field", kind: .choice(names)),
          help: "Makes an optional field empty (its default, if it has one); repeatable.", isRepeatable: true,
          // It names a field, a way of calling the command; the fields' own options are data.
          valueIsData: false))
    }
    options.append(OptionSpec(name: Self.json, arity: .flag, help: "Print the item after the change as JSON."))
    self.options = options
    self.negations = negations
  }

  /// `lists edit KIND`.
  package var command: CommandSpec {
    CommandSpec(
      name: definition.name,
      abstract: "Changes \(KindAddOptions.article(definition.item)) \(definition.item); the fields not named keep their values.",
      id: .edit, arguments: [EditSpec.id.spec], options: options)
  }

  /// The changes the parsed options describe, by field name (`.null` for `--unset`), given the
  /// item as stored: a money amount without its currency keeps the stored currency, and is
  /// checked against its digits.
  /// - Throws: ``CLIError`` usage errors for nothing to change and for a field both set and
  ///   unset; a store error for a value its field refuses, or the unset of a required field.
  package func changes(from parsed: ParsedCommand, stored: DynamicItem) throws(CLIError) -> [String: FieldValue] {
    var changes = try store { () throws(ListStoreError) in
      try add.values(from: parsed) { field in
        if case .money(let money)? = stored.value(of: field.name, in: definition) { return money.currency }
        return nil
      }
    }
    for negation in negations where parsed.isGiven(option: negation.option) {
      guard changes[negation.field] == nil else { throw both(negation.field, parsed) }
      changes[negation.field] = .bool(false)
    }
    for name in parsed.optionValues[Self.unset] ?? [] {
      guard let field = definition.field(named: name) else { continue }
      guard changes[name] == nil || changes[name] == .null else { throw both(name, parsed) }
      if field.required {
        throw .store(.invalidValue(field: name, reason: "is required, so it cannot be unset"))
      }
      changes[name] = .null
    }
    guard !changes.isEmpty else {
      throw .usageMessage(
        "Nothing to change: name a field to change, e.g. \(options.first?.label ?? Self.unset + " <field>").",
        commandPath: parsed.path)
    }
    return changes
  }

  /// The usage error of a field that the command both sets and clears.
  private func both(_ field: String, _ parsed: ParsedCommand) -> CLIError {
    .usageMessage("The command both sets and clears \(field); give one.", commandPath: parsed.path)
  }

  /// `Updated book 'Dune' (id 1).`
  package func report(_ item: DynamicItem) -> TerminalText {
    "Updated \(definition.item)\(add.named(item)) (id \(item.id))."
  }
}
