/// A shipping address. At most one address per account is the default.
public struct Address: Sendable, Hashable, Identifiable {
  /// The row id, unique in the database.
  public var id: Int64
  /// A name for the address, e.g. `Home`; the list is ordered by it, ignoring case.
  public var label: String
  /// Who receives the parcel.
  public var recipient: String
  /// The first address line.
  public var line1: String
  /// An optional second address line.
  public var line2: String?
  /// The city.
  public var city: String
  /// An optional region, state or province.
  public var region: String?
  /// The postal code.
  public var postalCode: String
  /// The ISO 3166-1 alpha-2 country code, uppercase: `DE`.
  public var country: String
  /// An optional phone number.
  public var phone: String?
  /// Whether this is the account's default address (listed first).
  public var isDefault: Bool
  /// When it was added.
  public var createdAt: Timestamp

  /// An address as stored.
  public init(
    id: Int64, label: String, recipient: String, line1: String, line2: String? = nil,
    city: String, region: String? = nil, postalCode: String, country: String,
    phone: String? = nil, isDefault: Bool = false, createdAt: Timestamp
  ) {
    self.id = id
    self.label = label
    self.recipient = recipient
    self.line1 = line1
    self.line2 = line2
    self.city = city
    self.region = region
    self.postalCode = postalCode
    self.country = country
    self.phone = phone
    self.isDefault = isDefault
    self.createdAt = createdAt
  }
}

/// An address to add: everything but the id.
public struct AddressDraft: Sendable, Hashable {
  /// A name for the address; must not be empty.
  public var label: String
  /// Who receives the parcel; must not be empty.
  public var recipient: String
  /// The first address line; must not be empty.
  public var line1: String
  /// An optional second address line.
  public var line2: String?
  /// The city; must not be empty.
  public var city: String
  /// An optional region.
  public var region: String?
  /// The postal code; must not be empty.
  public var postalCode: String
  /// Two ASCII letters (ISO 3166-1 alpha-2); stored uppercase.
  public var country: String
  /// An optional phone number.
  public var phone: String?
  /// Make this the default address, taking the mark from the current default.
  public var isDefault: Bool
  /// When it was added; `nil` means now.
  public var createdAt: Timestamp?

  /// An address to add.
  public init(
    label: String, recipient: String, line1: String, line2: String? = nil, city: String,
    region: String? = nil, postalCode: String, country: String, phone: String? = nil,
    isDefault: Bool = false, createdAt: Timestamp? = nil
  ) {
    self.label = label
    self.recipient = recipient
    self.line1 = line1
    self.line2 = line2
    self.city = city
    self.region = region
    self.postalCode = postalCode
    self.country = country
    self.phone = phone
    self.isDefault = isDefault
    self.createdAt = createdAt
  }
}
