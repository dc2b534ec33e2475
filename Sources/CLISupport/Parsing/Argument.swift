/// A typed declaration of a positional argument, e.g. `<list>` or `<id> ...`.
///
/// The declaration is both the parser's definition (``spec``) and the key to read the value:
/// ```swift
/// static let list = Argument<KindName>("list", help: "The list to show.")
/// let list = parsed.value(ShowSpec.list)  // KindName.orders
/// ```
package struct Argument<Value: ArgumentValue>: Sendable {
  /// The definition the parser and help use.
  package let spec: ArgumentSpec

  /// Declares an argument from a full definition whose checks produce valid `Value` text.
  package init(spec: ArgumentSpec) {
    self.spec = spec
  }
}

extension Argument where Value == String {
  /// Declares a text argument, non-empty unless `allowsEmpty`.
  package init(
    _ name: String, help: String, isRequired: Bool = true, isVariadic: Bool = false,
    allowsEmpty: Bool = false, completion: ValueCompletion = .none
  ) {
    self.init(
      spec: ArgumentSpec(
        name: name, kind: .text(allowsEmpty: allowsEmpty), help: help, isRequired: isRequired,
        isVariadic: isVariadic, completion: completion))
  }
}

extension Argument where Value == Int {
  /// Declares an integer argument whose values must lie in `range`.
  package init(
    _ name: String, help: String, range: ClosedRange<Int>, isRequired: Bool = true,
    isVariadic: Bool = false
  ) {
    self.init(
      spec: ArgumentSpec(
        name: name, kind: .integer(range), help: help, isRequired: isRequired,
        isVariadic: isVariadic))
  }
}

extension Argument where Value: RawRepresentable<String> & CaseIterable {
  /// Declares an argument whose value must be the raw value of one of `Value`'s cases.
  package init(_ name: String, help: String, isRequired: Bool = true) {
    self.init(
      spec: ArgumentSpec(
        name: name, kind: .choice(Value.argumentChoices), help: help, isRequired: isRequired,
        completion: Value.completion))
  }
}
