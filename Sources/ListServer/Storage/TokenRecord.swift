/// A token as `token list` shows it: its id and its account, never the token.
package struct TokenRecord: Sendable, Equatable {
  /// The token's id, for `token remove`.
  package var id: String
  /// The account the token reaches.
  package var account: String
  /// When it was made, in milliseconds since 1970.
  package var createdAt: Int64

  /// A record.
  package init(id: String, account: String, createdAt: Int64) {
    self.id = id
    self.account = account
    self.createdAt = createdAt
  }
}
