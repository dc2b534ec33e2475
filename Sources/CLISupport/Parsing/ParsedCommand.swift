/// A command line the parser accepted: which command, its values, and the global options'
/// raw values (a program reads them into its own type, as `lists` does into `GlobalOptions`).
///
/// Every value was checked against its declaration, so typed reads cannot fail for the
/// command's own declarations; reading a declaration of another command is a programmer error
/// and stops with a precondition naming it. For example:
/// ```swift
/// let list = parsed.value(ShowSpec.list)      // KindName
/// let limit = parsed.value(ShowSpec.limit)    // Int, 20 when not given
/// let cursor = parsed[ShowSpec.after]         // String?
/// let json = parsed[ShowSpec.json]            // Bool
/// ```
package struct ParsedCommand: Sendable {
  /// The command's definition.
  package let spec: CommandSpec
  /// The words that selected it: `["add", "orders"]`; `[]` for the program alone.
  package let path: [String]
  /// The name of the program, the root's: `lists`.
  package let programName: String
  /// The raw values given for each global option, by name, in command-line order (flags: `[""]`).
  package let globalValues: [String: [String]]
  /// The raw values given for each option, by name, in command-line order (flags: `[""]`).
  package let optionValues: [String: [String]]
  /// The raw values given for each argument, by name, in command-line order.
  package let argumentValues: [String: [String]]

  /// Creates a parsed command; the parser is the one caller outside tests.
  package init(
    spec: CommandSpec, path: [String], programName: String, globalValues: [String: [String]],
    optionValues: [String: [String]], argumentValues: [String: [String]]
  ) {
    self.spec = spec
    self.path = path
    self.programName = programName
    self.globalValues = globalValues
    self.optionValues = optionValues
    self.argumentValues = argumentValues
  }

  /// What to run (nil only for groups, which the parser never returns).
  package var id: CommandID? { spec.id }

  /// Whether `flag` was given.
  package subscript(flag: Flag) -> Bool {
    checkDeclared(flag.spec)
    return optionValues[flag.spec.name] != nil
  }

  /// The value of `option`: the one given, else its default, else nil.
  ///
  /// For a repeatable option, the last one given; read all with ``values(_:)``.
  package subscript<V>(option: Option<V>) -> V? {
    checkDeclared(option.spec)
    guard let text = optionValues[option.spec.name]?.last ?? option.spec.defaultValue else {
      return nil
    }
    return convert(text, V.self, option.spec.name)
  }

  /// The value of a required or defaulted `option`.
  package func value<V>(_ option: Option<V>) -> V {
    precondition(
      option.spec.isRequired || option.spec.defaultValue != nil,
      "'\(option.spec.name)' is neither required nor defaulted; read it with parsed[option].")
    return self[option]!
  }

  /// Every value given for `option`, in command-line order (empty when not given).
  package func values<V>(_ option: Option<V>) -> [V] {
    checkDeclared(option.spec)
    return (optionValues[option.spec.name] ?? []).map { convert($0, V.self, option.spec.name) }
  }

  /// Whether `option` was given on the command line (rather than defaulted).
  package func isGiven<V>(_ option: Option<V>) -> Bool {
    checkDeclared(option.spec)
    return optionValues[option.spec.name] != nil
  }

  /// The value of a single `argument`, or nil when an optional argument was not given.
  package subscript<V>(argument: Argument<V>) -> V? {
    checkDeclared(argument.spec)
    return argumentValues[argument.spec.name]?.first.map { convert($0, V.self, argument.spec.name) }
  }

  /// The value of a required `argument`.
  package func value<V>(_ argument: Argument<V>) -> V {
    precondition(argument.spec.isRequired, "'\(argument.spec.name)' is optional.")
    return self[argument]!
  }

  /// Every value of a variadic `argument`, in command-line order.
  package func values<V>(_ argument: Argument<V>) -> [V] {
    checkDeclared(argument.spec)
    return (argumentValues[argument.spec.name] ?? []).map {
      convert($0, V.self, argument.spec.name)
    }
  }

  /// The text of the option named `name` (`--ref`), its default when not given, nil when it
  /// has neither: for options made at run time, as a kind's `add` options are.
  package func text(ofOption name: String) -> String? {
    precondition(spec.options.contains { $0.name == name }, "'\(name)' is not an option of '\(commandLine)'.")
    return optionValues[name]?.last ?? spec.option(named: name)?.defaultValue
  }

  /// Whether the option named `name` was given.
  package func isGiven(option name: String) -> Bool {
    optionValues[name] != nil
  }

  private func checkDeclared(_ option: OptionSpec) {
    precondition(
      spec.options.contains { $0.name == option.name }, "'\(option.name)' is not an option of '\(commandLine)'.")
  }

  private func checkDeclared(_ argument: ArgumentSpec) {
    precondition(
      spec.arguments.contains { $0.name == argument.name },
      "<\(argument.name)> is not an argument of "
        + "'\(commandLine)'.")
  }

  private func convert<V: ArgumentValue>(_ text: String, _ type: V.Type, _ name: String) -> V {
    guard let value = V(argumentText: text) else {
      preconditionFailure("'\(text)' for '\(name)' passed the parser but is not a \(V.self).")
    }
    return value
  }

  private var commandLine: String { ([programName] + path).joined(separator: " ") }
}
