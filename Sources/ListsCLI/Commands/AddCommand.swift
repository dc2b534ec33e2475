import ListStore
import TextFormats

/// `lists add favorites|addresses|orders ...`: validates and adds one item.
package enum AddCommand {
  package static func run(_ list: ListKind, _ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    // Everything is checked before the file is touched: a rejected command writes nothing.
    switch list {
    case .favorites:
      let draft = FavoriteDraft(
        ref: parsed.value(AddFavoritesSpec.ref), title: parsed.value(AddFavoritesSpec.title),
        note: parsed[AddFavoritesSpec.note])
      let (favorite, added) = try context.writing { database throws(CLIError) in
        try store { () throws(ListStoreError) in
          try database.favorites(account: context.account).addIfMissing(draft)
        }
      }
      context.stdout.writeLine(
        added
          ? "Added favorite \(quoted(favorite.ref)) (id \(favorite.id))."
          : "Already a favorite: \(quoted(favorite.ref)) (id \(favorite.id)); nothing changed.")
    case .addresses:
      let draft = AddressDraft(
        label: parsed.value(AddAddressesSpec.label),
        recipient: parsed.value(AddAddressesSpec.recipient),
        line1: parsed.value(AddAddressesSpec.line1), line2: parsed[AddAddressesSpec.line2],
        city: parsed.value(AddAddressesSpec.city), region: parsed[AddAddressesSpec.region],
        postalCode: parsed.value(AddAddressesSpec.postalCode),
        country: parsed.value(AddAddressesSpec.country), phone: parsed[AddAddressesSpec.phone],
        isDefault: parsed[AddAddressesSpec.makeDefault])
      let address = try context.writing { database throws(CLIError) in
        try store { () throws(ListStoreError) in
          try database.addresses(account: context.account).add(draft)
        }
      }
      context.stdout.writeLine(
        "Added address \(quoted(address.label)) (id \(address.id))"
          + (address.isDefault ? ", now the default." : "."))
    case .orders:
      let draft = try store { () throws(ListStoreError) in try orderDraft(parsed) }
      let order = try context.writing { database throws(CLIError) in
        try store { () throws(ListStoreError) in
          try database.orders(account: context.account).add(draft)
        }
      }
      context.stdout.writeLine(
        "Added order \(quoted(order.number)) (id \(order.id)): \(order.total.formatted), \(order.status).")
    }
    return .success
  }

  /// The order the options describe; the currency code is taken in any case (`eur` is EUR).
  private static func orderDraft(_ parsed: ParsedCommand) throws(ListStoreError) -> OrderDraft {
    let currency = try Currency(code: uppercased(parsed.value(AddOrdersSpec.currency)))
    let total = try Money(parsing: parsed.value(AddOrdersSpec.total), currency: currency)
    let status = try OrderStatus(parsing: parsed.value(AddOrdersSpec.status))
    let placedAt = try parsed[AddOrdersSpec.placedAt].map { text throws(ListStoreError) in
      try Timestamp(iso8601: text)
    }
    return OrderDraft(number: parsed.value(AddOrdersSpec.number), total: total, status: status, placedAt: placedAt)
  }

  /// ASCII letters uppercased, everything else as it is.
  static func uppercased(_ text: String) -> String {
    String(decoding: text.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
  }

  private static func quoted(_ text: String) -> String {
    "'" + TerminalEscaping.escape(text) + "'"
  }
}

/// Runs a store call, turning its error into the command's error.
func store<T>(_ body: () throws(ListStoreError) -> T) throws(CLIError) -> T {
  do {
    return try body()
  } catch {
    throw .store(error)
  }
}
