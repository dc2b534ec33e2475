import Foundation
import Testing

/// `lists add favorites|addresses|orders`: exact amounts, validation with exit 65 and the
/// database untouched, idempotent favorites, and the moving default address.
@Suite struct AddCommandTests {
  struct Amount: Sendable, CustomTestStringConvertible {
    var total: String
    var currency: String
    var storedMinor: String
    var storedCurrency: String
    var json: String
    var testDescription: String { "\(total) \(currency)" }
  }

  static let amounts: [Amount] = [
    Amount(
      total: "19.99", currency: "EUR", storedMinor: "1999", storedCurrency: "EUR", json: "19.99"),
    Amount(
      total: "1200", currency: "JPY", storedMinor: "1200", storedCurrency: "JPY", json: "1200"),
    Amount(
      total: "25.9", currency: "EUR", storedMinor: "2590", storedCurrency: "EUR", json: "25.90"),
    Amount(total: "7", currency: "USD", storedMinor: "700", storedCurrency: "USD", json: "7.00"),
    Amount(total: "0.5", currency: "BHD", storedMinor: "500", storedCurrency: "BHD", json: "0.500"),
    Amount(total: "0", currency: "GBP", storedMinor: "0", storedCurrency: "GBP", json: "0.00"),
    Amount(
      total: "19.99", currency: "eur", storedMinor: "1999", storedCurrency: "EUR", json: "19.99"),
  ]

  @Test(arguments: amounts)
  func amountsAreStoredExactlyInMinorUnits(amount: Amount) async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run(
      "add", "orders", "--number", "A-1", "--total", amount.total, "--currency", amount.currency)
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      await sandbox.sqlite("SELECT total_minor, currency FROM orders")
        == "\(amount.storedMinor)|\(amount.storedCurrency)\n")
    let item = try await sandbox.run("show", "orders", "--json").json()["items"]?.arrayValue?.first
    #expect(item?["total"] == .string(amount.json))
    #expect(item?["total_minor"] == .number(amount.storedMinor))
    #expect(item?["currency"] == .string(amount.storedCurrency))
  }

  @Test func addingAnOrderSaysWhatWasAdded() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run(Fixtures.orders[0])
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stdout == "Added order 'A-1001' (id 1): €25.90, paid.\n")
    #expect(result.stderr == "")
  }

  struct Rejection: Sendable, CustomTestStringConvertible {
    var name: String
    var arguments: [String]
    var line: String
    var testDescription: String { name }
  }

  static func order(_ changes: [String: String]) -> [String] {
    var options = [
      ("--number", "B-1"), ("--total", "10.00"), ("--currency", "EUR"), ("--status", "paid"),
      ("--placed-at", "2026-01-01T00:00:00Z"),
    ]
    options = options.map { ($0.0, changes[$0.0] ?? $0.1) }
    return ["add", "orders"] + options.flatMap { [$0.0, $0.1] }
  }

  static let rejections: [Rejection] = [
    Rejection(
      name: "too many decimals for EUR", arguments: order(["--total": "19.999"]),
      line: "Error: Amount '19.999' has more decimals than EUR allows (2)."),
    Rejection(
      name: "decimals for JPY", arguments: order(["--total": "1200.5", "--currency": "JPY"]),
      line: "Error: Amount '1200.5' has more decimals than JPY allows (0)."),
    Rejection(
      name: "not a number", arguments: order(["--total": "12,50"]),
      line: "Error: Amount '12,50' is not a decimal number such as 12.50."),
    Rejection(
      name: "negative", arguments: order(["--total": "-1"]),
      line: "Error: Amount '-1' is negative."),
    Rejection(
      name: "unknown currency", arguments: order(["--currency": "EURO"]),
      line: "Error: 'EURO' is not an ISO 4217 currency code; use a code such as EUR, USD or JPY."),
    Rejection(
      name: "unknown status", arguments: order(["--status": "lost"]),
      line: "Error: Invalid value 'lost' for '--status'. Expected one of: pending, paid, "
        + "shipped, delivered, cancelled, refunded."),
    Rejection(
      name: "misspelt status", arguments: order(["--status": "payed"]),
      line: "Error: Invalid value 'payed' for '--status'. Did you mean 'paid'?"),
    Rejection(
      name: "not a time", arguments: order(["--placed-at": "yesterday"]),
      line: "Error: 'yesterday' is not an ISO 8601 time; use a form such as 2026-11-30T13:40:00Z."),
    Rejection(
      name: "no such day", arguments: order(["--placed-at": "2026-02-30T00:00:00Z"]),
      line: "Error: '2026-02-30T00:00:00Z' is not an ISO 8601 time; use a form such as "
        + "2026-11-30T13:40:00Z."),
    Rejection(
      name: "empty number", arguments: order(["--number": ""]),
      line: "Error: Invalid value '' for '--number': must not be empty."),
    Rejection(
      name: "duplicate number", arguments: order(["--number": "A-1002"]),
      line: "Error: An order numbered 'A-1002' already exists; give the new order another number."),
    Rejection(
      name: "country not two letters",
      arguments: [
        "add", "addresses", "--label", "x", "--recipient", "y", "--line1", "z", "--city", "c",
        "--postal-code", "1", "--country", "Germany",
      ],
      line: "Error: The country must be a two-letter ISO 3166 code such as DE, got 'Germany'."),
    Rejection(
      name: "empty favorite title",
      arguments: ["add", "favorites", "--ref", "r", "--title", ""],
      line: "Error: Invalid value '' for '--title': must not be empty."),
  ]

  @Test(arguments: rejections)
  func badDataIsExit65WithOneLineAndNothingWritten(rejection: Rejection) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)
    let result = await sandbox.run(rejection.arguments)
    expectError(result, code: 65, line: rejection.line)
    expectNoCrash(result)
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
  }

  @Test func statusDefaultsToPendingAndPlacedAtToNow() async throws {
    let sandbox = try Sandbox()
    let start = Int(Date().timeIntervalSince1970 * 1000)
    let result = await sandbox.run(
      "add", "orders", "--number", "N-1", "--total", "5", "--currency", "EUR")
    let end = Int(Date().timeIntervalSince1970 * 1000)
    #expect(result.exitCode == 0, "\(result)")
    let row = await sandbox.sqlite("SELECT status, placed_at FROM orders")
    let fields = row.dropLast().split(separator: "|")
    #expect(fields.first == "pending")
    let placedAt = try #require(fields.last.flatMap { Int($0) })
    #expect(placedAt >= start - 1000 && placedAt <= end + 1000)
  }

  @Test func placedAtWithAnOffsetIsStoredInUTC() async throws {
    let sandbox = try Sandbox()
    let result = await sandbox.run(
      "add", "orders", "--number", "N-1", "--total", "5", "--currency", "EUR", "--placed-at",
      "2026-11-30T14:40:00+01:00")
    #expect(result.exitCode == 0, "\(result)")
    #expect(await sandbox.sqlite("SELECT placed_at FROM orders") == "1796046000000\n")
    let item = try await sandbox.run("show", "orders", "--json").json()["items"]?.arrayValue?.first
    #expect(item?["placed_at"] == .string("2026-11-30T13:40:00Z"))
  }

  @Test func theSameNumberInAnotherAccountIsAnotherOrder() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let result = await sandbox.run(["--account", "work"] + Fixtures.orders[0])
    #expect(result.exitCode == 0, "\(result)")
    #expect(
      await sandbox.sqlite(
        "SELECT account, number FROM orders WHERE number = 'A-1001' ORDER BY account")
        == "default|A-1001\nwork|A-1001\n")
  }

  @Test func favoritingAgainSucceedsAndChangesNothing() async throws {
    let sandbox = try Sandbox()
    let first = await sandbox.run(
      "add", "favorites", "--ref", "P-1", "--title", "Blue mug", "--note", "for tea")
    #expect(first.exitCode == 0, "\(first)")
    #expect(first.stdout == "Added favorite 'P-1' (id 1).\n")
    let rows = await sandbox.sqlite("SELECT * FROM favorites")
    let before = FileSnapshot(sandbox.databasePath, in: sandbox)

    let again = await sandbox.run("add", "favorites", "--ref", "P-1", "--title", "Other title")
    #expect(again.exitCode == 0, "\(again)")
    #expect(again.stdout == "Already a favorite: 'P-1' (id 1); nothing changed.\n")
    #expect(again.stderr == "")
    #expect(FileSnapshot(sandbox.databasePath, in: sandbox) == before)
    #expect(await sandbox.sqlite("SELECT * FROM favorites") == rows)
  }

  @Test func aNoteIsOptional() async throws {
    let sandbox = try Sandbox()
    #expect(await sandbox.run("add", "favorites", "--ref", "a", "--title", "A").exitCode == 0)
    #expect(await sandbox.sqlite("SELECT ref, title, note IS NULL FROM favorites") == "a|A|1\n")
  }

  @Test func defaultMovesToTheAddressAddedWithDefault() async throws {
    let sandbox = try Sandbox()
    func add(_ label: String, default isDefault: Bool) async -> RunResult {
      await sandbox.run(
        [
          "add", "addresses", "--label", label, "--recipient", "Ada", "--line1", "1 Road",
          "--city", "Town", "--postal-code", "1000", "--country", "DE",
        ] + (isDefault ? ["--default"] : []))
    }
    let home = await add("Home", default: true)
    #expect(home.stdout == "Added address 'Home' (id 1), now the default.\n")
    let work = await add("Work", default: true)
    #expect(work.stdout == "Added address 'Work' (id 2), now the default.\n")
    #expect(await sandbox.sqlite("SELECT label FROM addresses WHERE is_default = 1") == "Work\n")
    let other = await add("Other", default: false)
    #expect(other.stdout == "Added address 'Other' (id 3).\n")
    #expect(await sandbox.sqlite("SELECT label FROM addresses WHERE is_default = 1") == "Work\n")
    let items = try await sandbox.run("show", "addresses", "--json").json()["items"]?.arrayValue
    #expect(items?.compactMap { $0["is_default"]?.boolValue } == [true, false, false])
    #expect(items?.first?["label"] == .string("Work"))
  }

  @Test func addCommandsStoreWhatTheImportedFixturesHold() async throws {
    let added = try Sandbox()
    for arguments in Fixtures.orders + Fixtures.addresses {
      let result = await added.run(arguments)
      #expect(result.exitCode == 0, "\(result)")
    }
    let imported = try Sandbox()
    await Fixtures.addOrders(to: imported)
    await Fixtures.addAddresses(to: imported)
    for list in ["orders", "addresses"] {
      let viaAdd = try await added.run("export", list).stdoutLines.map { try JSON.parse($0) }
      let viaImport = try await imported.run("export", list).stdoutLines.map { try JSON.parse($0) }
      #expect(viaAdd.count == 3)
      #expect(
        viaAdd.map { $0.removing("created_at") } == viaImport.map { $0.removing("created_at") })
    }
  }

  @Test func everyAddressFieldIsStored() async throws {
    let sandbox = try Sandbox()
    for arguments in Fixtures.addresses { #expect(await sandbox.run(arguments).exitCode == 0) }
    #expect(
      await sandbox.sqlite(
        "SELECT label, recipient, line1, line2, city, region, postal_code, country, phone, "
          + "is_default FROM addresses WHERE id = 2")
        == "Work|Ada Lovelace|Invalidenstraße 116|3rd floor|Berlin|BE|10115|DE|+49 30 1234567|1\n")
  }
}
