/// A typed declaration of an option that takes a value, e.g. `--limit <n>`.
///
/// The declaration is both the parser's definition (``spec``) and the key to read the value:
/// ```swift
/// static let limit = Option<Int>(
///   "--limit", placeholder: "n", help: "Items per page.", range: 1...500, default: 20)
/// let limit = parsed.value(ShowSpec.limit)  // 20 when not given
/// ```
package struct Option<Value: ArgumentValue>: Sendable {
  /// The definition the parser and help use.
  package let spec: OptionSpec

  /// Declares an option from a full definition whose checks produce valid `Value` text.
  package init(spec: OptionSpec) {
    precondition(!spec.isFlag, "'\(spec.name)' is a flag; declare it with Flag.")
    self.spec = spec
  }
}

extension Option where Value == String {
  /// Declares a text option, non-empty unless `allowsEmpty`.
  package init(
    _ name: String, placeholder: String, help: String, default defaultValue: String? = nil,
    defaultDescription: String? = nil, isRequired: Bool = false, isRepeatable: Bool = false,
    allowsEmpty: Bool = false, completion: ValueCompletion = .none
  ) {
    self.init(
      spec: OptionSpec(
        name: name, arity: .value(placeholder: placeholder, kind: .text(allowsEmpty: allowsEmpty)),
        help: help, defaultValue: defaultValue, defaultDescription: defaultDescription,
        isRequired: isRequired, isRepeatable: isRepeatable, completion: completion))
  }

  /// Declares an option whose value must be one of `choices`.
  package init(
    _ name: String, placeholder: String, help: String, choices: [String],
    default defaultValue: String? = nil, isRequired: Bool = false
  ) {
    precondition(
      defaultValue.map(choices.contains) ?? true, "Default of '\(name)' is not a choice.")
    self.init(
      spec: OptionSpec(
        name: name, arity: .value(placeholder: placeholder, kind: .choice(choices)), help: help,
        defaultValue: defaultValue, isRequired: isRequired))
  }
}

extension Option where Value == Int {
  /// Declares an integer option whose value must lie in `range`.
  package init(
    _ name: String, placeholder: String, help: String, range: ClosedRange<Int>,
    default defaultValue: Int? = nil, isRequired: Bool = false
  ) {
    precondition(defaultValue.map(range.contains) ?? true, "Default of '\(name)' out of range.")
    self.init(
      spec: OptionSpec(
        name: name, arity: .value(placeholder: placeholder, kind: .integer(range)), help: help,
        defaultValue: defaultValue.map(String.init), isRequired: isRequired))
  }
}

extension Option where Value: RawRepresentable<String> & CaseIterable {
  /// Declares an option whose value must be the raw value of one of `Value`'s cases.
  package init(
    _ name: String, placeholder: String, help: String, default defaultValue: Value? = nil,
    isRequired: Bool = false
  ) {
    self.init(
      spec: OptionSpec(
        name: name, arity: .value(placeholder: placeholder, kind: .choice(Value.argumentChoices)),
        help: help, defaultValue: defaultValue?.rawValue, isRequired: isRequired))
  }
}
