import ListStore
import TextFormats

/// The kinds a command line can name: those of the file it works on, read when they are
/// needed, or the built-in ones where there is no file yet.
package enum KindCatalog {
  /// The kinds of the database at `path`: read from the file; the built-in
  /// ones when there is no file, or it cannot be read (the command then says why).
  package static func definitions(atPath path: String?) -> [KindDefinition] {
    read(atPath: path).definitions
  }

  /// ``definitions(atPath:)``, and why the file's kinds could not be read when a definition
  /// in it is damaged: a command line that names no built-in list then fails with that error
  /// rather than as an unknown list.
  package static func read(atPath path: String?) -> (definitions: [KindDefinition], damage: ListStoreError?) {
    guard let path, !Context.isNewDatabase(path) else { return (KindDefinition.builtIns, nil) }
    var configuration = ListsDatabase.Configuration(busyTimeoutMilliseconds: 1000)
    configuration.createIfMissing = false
    guard let database = try? ListsDatabase(path: path, configuration: configuration) else {
      return (KindDefinition.builtIns, nil)
    }
    do {
      let definitions = try database.kinds().map(\.definition)
      // A kind another program registered with options `lists add` cannot have is damage to
      // this command line, as a definition the store refuses is.
      for definition in definitions {
        do {
          try definition.checkOptions()
        } catch {
          let detail =
            "the definition of '\(TerminalEscaping.escape(definition.name))' in list_kinds is not valid: "
            + TerminalEscaping.escape(error.message)
          return (KindDefinition.builtIns, .corrupt(path: database.path, detail: detail))
        }
      }
      return (definitions, nil)
    } catch {
      guard case .corrupt = error else { return (KindDefinition.builtIns, nil) }
      return (KindDefinition.builtIns, error)
    }
  }

  /// A definition to show a failure of the list named `name` with before the file has
  /// answered: the built-in kind's, or one named after the list.
  package static func standIn(named name: String) -> KindDefinition {
    KindDefinition.builtIns.first { $0.name == name }
      ?? KindDefinition(
        name: name, item: KindName(rawValue: name)?.itemName ?? name, fields: [])
  }
}
