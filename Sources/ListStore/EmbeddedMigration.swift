/// One schema migration, compiled into the binary from `Migrations/NNNN_description.sql`.
///
/// The list of every migration, ``all``, is generated at build time by the package's
/// `EmbedMigrationsPlugin`, so a binary copied anywhere still carries its schema.
struct EmbeddedMigration: Sendable {
  /// The migration's number: `1` for `0001_initial.sql`. `PRAGMA user_version` holds the newest.
  let number: Int
  /// The description part of the file name: `initial` for `0001_initial.sql`.
  let name: String
  /// SHA-256 of the file's bytes, lowercase hex; recorded when the migration is applied.
  let checksum: String
  /// The SQL text, run as one script inside the migration's transaction.
  let sql: String
}
