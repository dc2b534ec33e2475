/// Case changes of ASCII letters only, the same in every locale: what codes such as `EUR`,
/// typed as `eur`, need.
package enum ASCIICase {
  /// `text` with `a` to `z` made `A` to `Z`; every other byte as it is.
  package static func uppercased(_ text: String) -> String {
    String(decoding: text.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
  }
}
