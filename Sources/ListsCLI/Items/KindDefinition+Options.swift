import ListStore
import TextFormats

/// What the command line makes of the texts a kind keeps for it (``KindPresentation``,
/// ``FieldPresentation``): the fields `lists add` takes and the options that set them, checked
/// before a kind is registered from the command line and whenever a file's kinds are read.
extension KindDefinition {
  /// The fields `lists add` takes, in order: those ``KindPresentation/add`` names, else every
  /// field.
  var addedFields: [FieldDefinition] {
    commandLine.add.isEmpty ? fields : commandLine.add.compactMap { field(named: $0) }
  }

  /// The options (without dashes) `lists add` sets `field` with: its flag, and for money the
  /// currency's too (`--price --price-currency`, the built-in orders' `--total --currency`).
  func optionNames(of field: FieldDefinition) -> [String] {
    let own = field.commandLine.flag ?? Self.dashed(field.name)
    guard case .money = field.type else { return [own] }
    return [own, Self.dashed(field.columns[1])]
  }

  /// `postal_code` → `postal-code`: a field's name as a command-line word.
  static func dashed(_ name: String) -> String {
    String(decoding: name.utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }, as: UTF8.self)
  }

  /// Checks that `lists add` can be made of the definition: it takes every required field, and
  /// each option is a word of its own (lowercase letters, digits and `-`, starting with a
  /// letter) that no other option has.
  /// - Throws: ``KindDefinitionError`` naming the first problem.
  func checkOptions() throws(KindDefinitionError) {
    let added = addedFields
    for field in fields where field.required && !added.contains(where: { $0.name == field.name }) {
      throw KindDefinitionError("add leaves out the required field '\(field.name)', so nothing could be added.")
    }
    var flags: Set<String> = ["help"]
    for field in fields {
      for flag in optionNames(of: field) {
        let bytes = Array(flag.utf8)
        guard let first = bytes.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z"), bytes.count <= 41,
          bytes.allSatisfy({
            ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
              || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-")
          })
        else {
          throw KindDefinitionError(
            "The field '\(field.name)' has the flag '\(TerminalEscaping.escape(flag))'; a flag is lowercase letters, "
              + "digits and -, starting with a letter.")
        }
        guard flags.insert(flag).inserted else {
          throw KindDefinitionError("The flag '--\(flag)' of the field '\(field.name)' is taken by another option.")
        }
      }
    }
  }
}
