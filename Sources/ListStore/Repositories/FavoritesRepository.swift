/// The favorites of one account, newest first (`added_at` descending, then `id` descending): the
/// typed repository of the built-in ``KindDefinition/favorites`` kind, as an app's own kind has it.
///
/// Favoriting the same `ref` again changes nothing and succeeds (the kind's unique rule keeps
/// the stored favorite); ``KindRepository/addIfMissing(_:)`` tells which happened.
public typealias FavoritesRepository = KindRepository<Favorite>

extension Favorite: KindRecord {
  /// ``KindDefinition/favorites``.
  public static var definition: KindDefinition { .favorites }

  /// The favorites kind's statements, made once.
  static let statements = KindStatements(.favorites)

  /// Reads a favorite from its row: `id, ref, title, note, added_at`.
  @inlinable @inline(__always)
  public init(row: KindRow) {
    self.init(
      id: row.id, ref: row.text("ref"), title: row.text("title"), note: row.optionalText("note"),
      addedAt: row.timestamp("added_at"))
  }

  /// The favorite as a draft: its ref, title, note and the time it was added.
  public var draft: FavoriteDraft { FavoriteDraft(ref: ref, title: title, note: note, addedAt: addedAt) }

  /// Gives the favorite's ref, title, note and the time it was added (now when nil).
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` for an empty ref or title, or a
  ///   NUL in a text.
  public static func bind(_ draft: FavoriteDraft, to bindings: inout KindBindings) throws(ListStoreError) {
    try bindings.text("ref", draft.ref)
    try bindings.text("title", draft.title)
    try bindings.text("note", draft.note)
    bindings.addedAt(draft.addedAt)
  }
}

extension ListsDatabase {
  /// The favorites of `account`.
  public func favorites(account: String = "default") -> FavoritesRepository {
    FavoritesRepository(database: self, account: account, statements: Favorite.statements)
  }
}
