/// Something a person marked as favorite: a reference to an item elsewhere and its title.
public struct Favorite: Sendable, Hashable, Identifiable {
  /// The row id, unique in the database.
  public var id: Int64
  /// What was favorited, e.g. a product id; unique per account.
  public var ref: String
  /// The title shown in the list.
  public var title: String
  /// An optional note.
  public var note: String?
  /// When it was added.
  public var addedAt: Timestamp

  /// A favorite as stored.
  public init(id: Int64, ref: String, title: String, note: String? = nil, addedAt: Timestamp) {
    self.id = id
    self.ref = ref
    self.title = title
    self.note = note
    self.addedAt = addedAt
  }
}

/// A favorite to add: everything but the id.
public struct FavoriteDraft: Sendable, Hashable {
  /// What is favorited; must not be empty.
  public var ref: String
  /// The title; must not be empty.
  public var title: String
  /// An optional note.
  public var note: String?
  /// When it was added; `nil` means now.
  public var addedAt: Timestamp?

  /// A favorite to add.
  public init(ref: String, title: String, note: String? = nil, addedAt: Timestamp? = nil) {
    self.ref = ref
    self.title = title
    self.note = note
    self.addedAt = addedAt
  }
}
