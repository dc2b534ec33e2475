import CLISupport
import ListStore
import TextFormats

/// The command line of `lists add KIND` for any kind, made from its definition: one option per
/// field `add` takes (a flag for a bool, a value and a currency for money), the help page, the
/// draft the options describe, and the line that reports what was added.
package struct KindAddOptions: Sendable {
  /// The kind added to.
  package let definition: KindDefinition
  /// The options, in the order help lists them.
  package let options: [OptionSpec]
  /// Which field each option sets, and whether it is a money field's currency.
  private let targets: [(option: String, field: FieldDefinition, isCurrency: Bool)]

  /// The options of `definition`.
  package init(_ definition: KindDefinition) {
    self.definition = definition
    var options: [OptionSpec] = []
    var targets: [(option: String, field: FieldDefinition, isCurrency: Bool)] = []
    for field in definition.addedFields {
      let names = definition.optionNames(of: field).map { "--" + $0 }
      let words = field.name.split(separator: "_").joined(separator: " ")
      let placeholder = field.commandLine.placeholder
      switch field.input {
      case .flag:
        options.append(OptionSpec(name: names[0], arity: .flag, help: field.commandLine.help ?? "Sets \(words)."))
      case .amountAndCurrency:
        options.append(
          OptionSpec(
            name: names[0], arity: .value(placeholder: placeholder ?? "amount", kind: .text(allowsEmpty: false)),
            help: field.commandLine.help
              ?? "The \(words) as an exact decimal, e.g. 19.99; no more decimals than the currency has.",
            isRequired: field.required))
        options.append(
          OptionSpec(
            name: names[1], arity: .value(placeholder: "code", kind: .text(allowsEmpty: false)),
            help: "ISO 4217 currency code, e.g. EUR.", isRequired: field.required))
        targets.append((names[0], field, false))
        targets.append((names[1], field, true))
        continue
      case .choice(let values):
        options.append(
          OptionSpec(
            name: names[0], arity: .value(placeholder: placeholder ?? KindDefinition.dashed(field.name), kind: .choice(values)),
            help: field.commandLine.help ?? "The \(words).", defaultValue: Self.defaultText(field),
            isRequired: field.required))
      case .integer(let min, let max):
        let range = Int(clamping: min ?? Int64.min)...Int(clamping: max ?? Int64.max)
        options.append(
          OptionSpec(
            name: names[0], arity: .value(placeholder: placeholder ?? "n", kind: .integer(range)),
            help: field.commandLine.help ?? "The \(words), a whole number.", defaultValue: Self.defaultText(field),
            isRequired: field.required))
      case .written(let formatPlaceholder, let describes):
        options.append(
          OptionSpec(
            name: names[0], arity: .value(placeholder: placeholder ?? formatPlaceholder, kind: .text(allowsEmpty: false)),
            help: field.commandLine.help ?? "The \(words), \(describes).",
            defaultDescription: field.defaultValue == .now ? "now" : nil, isRequired: field.required))
      case .text:
        options.append(
          OptionSpec(
            name: names[0],
            arity: .value(
              placeholder: placeholder ?? KindDefinition.dashed(field.name), kind: .text(allowsEmpty: !field.required)),
            help: field.commandLine.help ?? "The \(words).", defaultValue: Self.defaultText(field),
            isRequired: field.required))
      }
      targets.append((names[0], field, false))
    }
    // Every option is a field of the item: a value one rejects is bad data, not a usage error.
    self.options = options.map { option in
      var field = option
      field.valueIsData = true
      return field
    }
    self.targets = targets
  }

  private static func defaultText(_ field: FieldDefinition) -> String? {
    switch field.defaultValue {
    case .text(let text)?: text
    case .integer(let number)?: String(number)
    default: nil
    }
  }

  /// `lists add KIND`.
  package var command: CommandSpec {
    CommandSpec(
      name: definition.name,
      abstract: definition.commandLine.help ?? "Adds \(Self.article(definition.item)) \(definition.item).",
      id: .add, options: options)
  }

  /// `a book`, `an order`: the article of `noun`.
  static func article(_ noun: String) -> String {
    guard let first = noun.unicodeScalars.first else { return "a" }
    return "aeiou".unicodeScalars.contains(first) ? "an" : "a"
  }

  /// The draft the parsed options describe; a currency code is taken in any case (`eur` is EUR).
  /// - Throws: ``ListStoreError`` for a value its field refuses (an amount, a time, a code).
  package func draft(from parsed: ParsedCommand) throws(ListStoreError) -> DynamicDraft {
    DynamicDraft(try values(from: parsed))
  }

  /// The values of the fields whose options `parsed` gives, by field name: a bool flag given
  /// is `true`. A money amount given without its currency option takes `currency(field)`, and
  /// needs both when that is nil (as in `add`); `edit` gives the item's stored currency.
  /// - Throws: ``ListStoreError`` for a value its field refuses (an amount, a time, a code).
  package func values(
    from parsed: ParsedCommand, currency storedCurrency: (FieldDefinition) -> Currency? = { _ in nil }
  ) throws(ListStoreError) -> [String: FieldValue] {
    var values: [String: FieldValue] = [:]
    for target in targets where !target.isCurrency {
      let field = target.field
      switch field.input {
      case .flag:
        if parsed.isGiven(option: target.option) { values[field.name] = .bool(true) }
      case .amountAndCurrency:
        let currencyOption = targets.first { $0.field.name == field.name && $0.isCurrency }!.option
        let amount = parsed.text(ofOption: target.option)
        let code = parsed.text(ofOption: currencyOption)
        guard amount != nil || code != nil else { continue }
        guard let amount, let currency = try code.map({ code throws(ListStoreError) in
          try Currency(code: AddCommand.uppercased(code))
        }) ?? storedCurrency(field)
        else {
          throw .invalidValue(
            field: field.name, reason: "needs both \(target.option) and \(currencyOption)")
        }
        values[field.name] = .money(try Money(parsing: amount, currency: currency))
      case .text, .choice, .integer, .written:
        guard let text = parsed.text(ofOption: target.option) else { continue }
        if let value = try field.value(typed: text) { values[field.name] = value }
      }
    }
    return values
  }

  /// `Added order 'A-1' (id 1): €25.90, paid.`, `Added address 'Home' (id 1), now the
  /// default.`, `Already a favorite: 'P-1' (id 1); nothing changed.`: the item named by its
  /// first unique (else first required text) field, then the definition's `summary`.
  package func report(_ item: DynamicItem, added: Bool) -> TerminalText {
    let named = self.named(item)
    guard added else {
      return "Already \(Self.article(definition.item)) \(definition.item):\(named) (id \(item.id)); nothing changed."
    }
    var line: TerminalText = "Added \(definition.item)\(named) (id \(item.id))"
    let summary = definition.commandLine.summary.compactMap { name in
      definition.field(named: name).flatMap { field in item.value(of: name, in: definition).map(field.display) }
    }.filter { !$0.isEmpty }
    if !summary.isEmpty { line += ": \(summary.joined(separator: ", "))" }
    for field in definition.fields where field.onePerAccount && item.value(of: field.name, in: definition) == .bool(true) {
      line += ", now the \(field.commandLine.flag ?? field.name)"
    }
    return line + "."
  }

  /// ` 'Dune'`: the item's first unique (else first required text) field, quoted and escaped,
  /// after a space; empty when it has none.
  package func named(_ item: DynamicItem) -> TerminalText {
    let key = keyField.flatMap { field in item.value(of: field.name, in: definition).map(field.display) }
    return key.map { " '\($0)'" } ?? ""
  }

  private var keyField: FieldDefinition? {
    if let name = definition.unique?.fields.first, let field = definition.field(named: name) { return field }
    return definition.fields.first { field in
      guard case .text = field.type else { return false }
      return field.required
    }
  }
}
