/// The addresses of one account: the default first, then by label ignoring case, then by id —
/// the typed repository of the built-in ``KindDefinition/addresses`` kind, as an app's own kind
/// has it.
///
/// At most one address per account is the default (`is_default` is one per account): adding
/// one with `isDefault` (or calling ``KindRepository/setDefault(id:)``) moves the mark in one
/// transaction. A page is read in at most two index seeks — the default part, then the rest —
/// so its cost does not depend on how deep it is.
public typealias AddressesRepository = KindRepository<Address>

extension Address: KindRecord {
  /// ``KindDefinition/addresses``.
  public static var definition: KindDefinition { .addresses }

  /// The addresses kind's statements, made once.
  static let statements = KindStatements(.addresses)

  /// Reads an address from its row, the columns in table order.
  @inlinable @inline(__always)
  public init(row: KindRow) {
    self.init(
      id: row.id, label: row.text("label"), recipient: row.text("recipient"), line1: row.text("line1"),
      line2: row.optionalText("line2"), city: row.text("city"), region: row.optionalText("region"),
      postalCode: row.text("postal_code"), country: row.text("country"), phone: row.optionalText("phone"),
      isDefault: row.bool("is_default"), createdAt: row.timestamp("created_at"))
  }

  /// The address as a draft: every field, the time it was added included.
  public var draft: AddressDraft {
    AddressDraft(
      label: label, recipient: recipient, line1: line1, line2: line2, city: city, region: region,
      postalCode: postalCode, country: country, phone: phone, isDefault: isDefault, createdAt: createdAt)
  }

  /// Gives every field of the address, the country uppercased, the time now when nil.
  /// - Throws: ``ListStoreError/invalidValue(field:reason:)`` naming the first invalid field
  ///   (the `postal code`, the `country` when it is not two ASCII letters).
  public static func bind(_ draft: AddressDraft, to bindings: inout KindBindings) throws(ListStoreError) {
    try bindings.text("label", draft.label)
    try bindings.text("recipient", draft.recipient)
    try bindings.text("line1", draft.line1)
    try bindings.text("line2", draft.line2)
    try bindings.text("city", draft.city)
    try bindings.text("region", draft.region)
    try bindings.text("postal_code", Validation.required(draft.postalCode, field: "postal code"))
    try bindings.text("country", draft.country)
    try bindings.text("phone", draft.phone)
    try bindings.bool("is_default", draft.isDefault)
    try bindings.timestamp("created_at", draft.createdAt)
  }
}

extension KindRepository where Record == Address {
  /// Makes the address with `id` the account's default, taking the mark from the previous one.
  /// - Throws: ``ListStoreError/itemsNotFound(kind:ids:removing:)`` when the account has no
  ///   such address (with `removing` true: its message says nothing was removed).
  public func setDefault(id: Int64) throws(ListStoreError) {
    let account = account
    try byName.write { connection in
      guard try statements.setOnePerAccount("is_default", id: id, account: account, connection) else {
        throw ListStoreError.itemsNotFound(kind: list, ids: [id], removing: true)
      }
    }
  }
}

extension ListsDatabase {
  /// The addresses of `account`.
  public func addresses(account: String = "default") -> AddressesRepository {
    AddressesRepository(database: self, account: account, statements: Address.statements)
  }
}
