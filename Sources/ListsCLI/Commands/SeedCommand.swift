import CLISupport
import ListStore
import TextFormats

/// `lists seed [--count N]`: realistic demo data for every list of the account, for trying
/// things out. Each list is filled in one transaction.
package enum SeedCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let count = parsed.value(SeedSpec.count)
    let account = context.account
    let now = Timestamp.now().millisecondsSince1970
    var random = DemoRandom(seed: UInt64(bitPattern: now))

    let (favorites, addresses, orders) = try context.writing { database throws(CLIError) in
      try store { () throws(ListStoreError) in
      let addedOrders = try seedOrders(database.orders(account: account), count: count, now: now, &random)
      let favorites = try database.favorites(account: account).importItems(
        (0..<count).lazy.map { i in Demo.favorite(index: i, now: now, &random) })
      let addresses = database.addresses(account: account)
      let hadAddresses = try !addresses.isEmpty()
      let addedAddresses = try addresses.importItems(
        (0..<count).lazy.map { i in Demo.address(index: i, isDefault: i == 0 && !hadAddresses, now: now) })
      return (favorites, addedAddresses, addedOrders)
      }
    }
    context.stdout.writeLine(
      "Added \(favorites) favorites, \(addresses) addresses and \(orders) orders to account "
        + "'\(account)'. Try: \(context.command("show", "orders"))")
    return .success
  }

  /// How often seeding the orders starts over with new numbers when another process took one
  /// of them meanwhile.
  private static let numberAttempts = 5

  /// Adds `count` demo orders numbered after the highest `A-<n>` the list holds (from `A-1001`),
  /// so they never collide with what is there, whatever was added or removed before. Another
  /// process can take a number between the look and the import; the import is then rejected
  /// whole, and tried again above the new highest number.
  private static func seedOrders(
    _ orders: OrdersRepository, count: Int, now: Int64, _ random: inout DemoRandom
  ) throws(ListStoreError) -> Int {
    var attempt = 1
    while true {
      let first = try highestDemoNumber(in: orders).map { $0 + 1 } ?? 1001
      var attemptRandom = random
      do {
        let added = try orders.importItems(
          (0..<count).lazy.map { i in Demo.order(number: first + i, now: now, &attemptRandom) })
        random = attemptRandom
        return added
      } catch .importRejected(_, .duplicateItem) where attempt < numberAttempts {
        attempt += 1
      }
    }
  }

  /// The highest `n` of the orders numbered `A-<n>`, or nil when there is none from 1001 on.
  private static func highestDemoNumber(in orders: OrdersRepository) throws(ListStoreError) -> Int? {
    var highest: Int?
    do {
      try orders.export { order in
        let number = order.number.utf8
        guard number.count > 2, number.count <= 20, number.starts(with: "A-".utf8),
          let value = Int(String(order.number.dropFirst(2))), value >= 1000
        else { return }
        highest = max(highest ?? value, value)
      }
    } catch let error as ListStoreError {
      throw error
    } catch {
      throw .internalError(detail: String(describing: error))
    }
    return highest
  }
}

/// A small deterministic generator for demo data.
struct DemoRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}

/// Demo favorites, addresses and orders that look like a real shop's.
private enum Demo {
  static let products: [(ref: String, title: String)] = [
    ("kettle-steel", "Stainless steel kettle"), ("mug-blue", "Blue stoneware mug"),
    ("chair-oak", "Oak dining chair"), ("lamp-brass", "Brass desk lamp"),
    ("rug-wool", "Hand-woven wool rug"), ("pan-cast", "Cast iron pan 28 cm"),
    ("tea-sencha", "Sencha green tea, 100 g"), ("pen-fountain", "Fountain pen, fine nib"),
    ("bag-canvas", "Canvas tote bag"), ("plant-monstera", "Monstera in a clay pot"),
    ("towel-linen", "Linen tea towels, set of 3"), ("clock-wall", "Wall clock, walnut"),
    ("knife-chef", "Chef's knife 20 cm"), ("vase-glass", "Hand-blown glass vase"),
    ("blanket-merino", "Merino throw blanket"), ("book-atlas", "World atlas, 2026 edition"),
  ]
  static let notes = [nil, nil, "gift idea", "for the kitchen", "wait for the sale", nil, "in green?"]
  static let places: [(city: String, region: String?, postal: String, country: String, street: String)] = [
    ("Berlin", nil, "10115", "DE", "Invalidenstraße"), ("Paris", nil, "75003", "FR", "Rue de Bretagne"),
    ("New York", "NY", "10001", "US", "W 34th St"), ("London", nil, "SW1A 1AA", "GB", "Whitehall"),
    ("Tokyo", nil, "100-0001", "JP", "Chiyoda"), ("Madrid", nil, "28001", "ES", "Calle de Serrano"),
    ("Amsterdam", nil, "1012 AB", "NL", "Damrak"), ("Rome", nil, "00184", "IT", "Via Cavour"),
  ]
  static let labels = ["Home", "Work", "Parents", "Studio", "Cabin", "Office", "Friend", "Gym"]
  static let recipients = ["Ana Lima", "Ben Okafor", "Chen Wei", "Dora Novak", "Emil Berg", "Farah Aziz"]
  static let statuses: [OrderStatus] = [
    .delivered, .delivered, .delivered, .shipped, .paid, .pending, .cancelled, .refunded,
  ]
  static let currencies: [Currency] = [.eur, .eur, .eur, .usd, .gbp, .jpy]
  static let day: Int64 = 86_400_000

  static func order(number: Int, now: Int64, _ random: inout DemoRandom) -> OrderDraft {
    let currency = currencies[random.next(currencies.count)]
    let minor: Int64 =
      currency.minorUnitDigits == 0
      ? Int64(500 + random.next(30_000)) : Int64(299 + random.next(25_000))
    let total: Money
    do {
      total = try Money(minorUnits: minor, currency: currency)
    } catch {
      preconditionFailure("a demo amount is positive: \(minor)")
    }
    return OrderDraft(
      number: "A-\(number)", total: total, status: statuses[random.next(statuses.count)],
      placedAt: Timestamp(millisecondsSince1970: now - Int64(random.next(180)) * day - Int64(random.next(86_400)) * 1000))
  }

  static func favorite(index: Int, now: Int64, _ random: inout DemoRandom) -> FavoriteDraft {
    let product = products[index % products.count]
    let round = index / products.count
    return FavoriteDraft(
      ref: round == 0 ? product.ref : "\(product.ref)-\(round + 1)",
      title: round == 0 ? product.title : "\(product.title) (\(round + 1))",
      note: notes[random.next(notes.count)],
      addedAt: Timestamp(millisecondsSince1970: now - Int64(random.next(60 * 86_400)) * 1000))
  }

  static func address(index: Int, isDefault: Bool, now: Int64) -> AddressDraft {
    let place = places[index % places.count]
    let label = labels[index % labels.count] + (index < labels.count ? "" : " \(index / labels.count + 1)")
    return AddressDraft(
      label: label, recipient: recipients[index % recipients.count],
      line1: "\(place.street) \(index % 90 + 1)", line2: index % 3 == 1 ? "Apt \(index % 40 + 2)" : nil,
      city: place.city, region: place.region, postalCode: place.postal, country: place.country,
      phone: index % 2 == 0 ? "+49 30 \(1_000_000 + index * 7919 % 9_000_000)" : nil,
      isDefault: isDefault, createdAt: Timestamp(millisecondsSince1970: now - Int64(index) * day))
  }
}
