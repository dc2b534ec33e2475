import SQLiteCore

/// A placed order.
public struct Order: Sendable, Hashable, Identifiable {
  /// The row id, unique in the database.
  public var id: Int64
  /// The order number, unique per account, e.g. `A-1001`.
  public var number: String
  /// Where the order is in its life.
  public var status: OrderStatus
  /// The exact total, in the currency's minor units.
  public var total: Money
  /// When it was placed.
  public var placedAt: Timestamp

  /// An order as stored.
  public init(id: Int64, number: String, status: OrderStatus, total: Money, placedAt: Timestamp) {
    self.id = id
    self.number = number
    self.status = status
    self.total = total
    self.placedAt = placedAt
  }
}

/// An order to add: everything but the id.
public struct OrderDraft: Sendable, Hashable {
  /// The order number; must not be empty, unique per account.
  public var number: String
  /// The exact total.
  public var total: Money
  /// The status; `pending` by default.
  public var status: OrderStatus
  /// When it was placed; `nil` means now.
  public var placedAt: Timestamp?

  /// An order to add.
  public init(number: String, total: Money, status: OrderStatus = .pending, placedAt: Timestamp? = nil) {
    self.number = number
    self.total = total
    self.status = status
    self.placedAt = placedAt
  }
}

/// Where an order is in its life.
public enum OrderStatus: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
  /// Placed, not paid yet.
  case pending
  /// Paid.
  case paid
  /// Handed to the carrier.
  case shipped
  /// Arrived.
  case delivered
  /// Cancelled before shipping.
  case cancelled
  /// Money given back.
  case refunded

  /// The status as stored and shown: `paid`.
  public var description: String { rawValue }

  /// Parses a status name exactly as stored (`paid`).
  /// - Throws: ``ListStoreError/invalidStatus(_:)`` for anything else.
  public init(parsing text: String) throws(ListStoreError) {
    var bytes = text
    guard let status = bytes.withUTF8({ OrderStatus(storedUTF8: $0) }) else {
      throw .invalidStatus(text)
    }
    self = status
  }

  /// Every status name, for messages: `pending, paid, shipped, delivered, cancelled, refunded`.
  static var allNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

  /// The status named by the UTF-8 `bytes` of a stored row, or nil. Matched on length and bytes,
  /// without making a `String`: it runs once per row of every page.
  @inline(__always)
  @usableFromInline
  init?(storedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    @inline(__always) func equals(_ name: StaticString) -> Bool { ColumnText.bytes(bytes, equal: name) }
    switch bytes.count {
    case 4 where equals("paid"): self = .paid
    case 7 where equals("pending"): self = .pending
    case 7 where equals("shipped"): self = .shipped
    case 8 where equals("refunded"): self = .refunded
    case 9 where equals("delivered"): self = .delivered
    case 9 where equals("cancelled"): self = .cancelled
    default: return nil
    }
  }

}
