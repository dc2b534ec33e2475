/// How the `lists` command line presents a field: the help of the option that sets it, the
/// option's name and the word its help shows for the value.
///
/// Like ``KindPresentation``, the store keeps it with the field and in its JSON (the field's
/// `help`, `flag` and `placeholder`) and checks that its texts are plain text, but never acts on
/// it: the field's column, checks and values do not depend on it, changing it is a compatible
/// change (``FieldDefinition/stored`` leaves it out), and the options a command line makes of
/// it, and whether they clash, are the command line's to check.
///
/// For example, the built-in addresses' recipient is `--recipient <name>`, and their
/// `is_default` is `--default`:
///
/// ```swift
/// FieldDefinition("recipient", .text(), required: true,
///   commandLine: FieldPresentation(help: "Who receives the parcels.", placeholder: "name"))
/// FieldDefinition("is_default", .bool, default: .bool(false), onePerAccount: true,
///   commandLine: FieldPresentation(flag: "default"))
/// ```
public struct FieldPresentation: Sendable, Hashable {
  /// What the field holds, in a sentence, for `lists add KIND --help`; nil for one made from
  /// its type.
  public var help: String?
  /// The command-line option that sets it, without dashes (`default` for `--default`); nil for
  /// the name with `-` for `_` (`postal_code` → `--postal-code`).
  public var flag: String?
  /// The word help shows for its value (`--recipient <name>`); nil for one made from its type.
  public var placeholder: String?

  /// The texts of a field's option; every one left out is made from the field.
  public init(help: String? = nil, flag: String? = nil, placeholder: String? = nil) {
    self.help = help
    self.flag = flag
    self.placeholder = placeholder
  }
}
