import CLISupport
import ListStore

extension KindName: ArgumentValue {
  /// The lists of the database, read when completing.
  package static var completion: ValueCompletion? { .lists }

  /// The list called `text`, any kind's name.
  package init?(argumentText text: String) {
    self.init(rawValue: text)
  }
}

extension Argument where Value == KindName {
  /// Declares a `<list>` argument: the name of a kind the file holds (the built-in ones in the
  /// static tree; ``CommandTree/tree(kinds:)`` makes it the file's).
  package init(_ name: String, help: String) {
    self.init(
      spec: ArgumentSpec(
        name: name, kind: .choice(KindDefinition.builtIns.map(\.name)), help: help, completion: .lists))
  }
}
