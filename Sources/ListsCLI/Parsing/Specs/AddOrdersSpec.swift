/// `lists add orders --number N --total AMOUNT --currency CODE [--status S]
/// [--placed-at ISO8601]`.
package enum AddOrdersSpec {
  /// The statuses an order can have, in lifecycle order.
  package static let statuses = [
    "pending", "paid", "shipped", "delivered", "cancelled", "refunded",
  ]

  /// `--number N`.
  package static let number = Option<String>(
    "--number", placeholder: "number", help: "The order number, unique in the account.",
    isRequired: true)
  /// `--total AMOUNT`.
  package static let total = Option<String>(
    "--total", placeholder: "amount",
    help: "The total as an exact decimal, e.g. 19.99; no more decimals than the currency has.",
    isRequired: true)
  /// `--currency CODE`.
  package static let currency = Option<String>(
    "--currency", placeholder: "code", help: "ISO 4217 currency code, e.g. EUR.",
    isRequired: true)
  /// `--status S`, default pending.
  package static let status = Option<String>(
    "--status", placeholder: "status", help: "Where the order is.", choices: statuses,
    default: "pending")
  /// `--placed-at ISO8601`, default now.
  package static let placedAt = Option<String>(
    "--placed-at", placeholder: "iso8601",
    help: "When it was placed, ISO 8601, e.g. 2026-11-30T13:40:00Z.", defaultDescription: "now")

  /// The command.
  package static let command = CommandSpec(
    name: "orders", abstract: "Adds an order.", id: .add(.orders),
    options: [number.spec, total.spec, currency.spec, status.spec, placedAt.spec])
}
