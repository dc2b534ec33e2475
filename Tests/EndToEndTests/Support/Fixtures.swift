import Testing

/// Items with fixed times, so tables and JSON are the same on every run.
enum Fixtures {
  /// Three orders, newest first: A-1001 (EUR), A-1002 (JPY), A-1003 (USD).
  static let orders: [[String]] = [
    [
      "add", "orders", "--number", "A-1001", "--total", "25.90", "--currency", "EUR",
      "--status", "paid", "--placed-at", "2026-11-30T13:40:00Z",
    ],
    [
      "add", "orders", "--number", "A-1002", "--total", "1200", "--currency", "JPY",
      "--placed-at", "2026-11-29T09:05:00Z",
    ],
    [
      "add", "orders", "--number", "A-1003", "--total", "19.99", "--currency", "USD",
      "--status", "shipped", "--placed-at", "2026-11-28T18:30:00Z",
    ],
  ]

  /// Three favorites as NDJSON (`add favorites` has no time option), newest first.
  static let favorites = """
    {"ref":"mug-blue","title":"Blue stoneware mug","note":"for tea","added_at":"2026-11-30T10:00:00Z"}
    {"ref":"lamp-brass","title":"Brass desk lamp","added_at":"2026-11-29T08:15:00Z"}
    {"ref":"atlas","title":"World atlas, 2026 edition, with a foreword and a very long subtitle that does not fit","note":"gift idea","added_at":"2026-11-28T07:00:00Z"}

    """

  /// Three addresses; Work is the default.
  static let addresses: [[String]] = [
    [
      "add", "addresses", "--label", "Home", "--recipient", "Ada Lovelace", "--line1",
      "12 St James's Square", "--city", "London", "--postal-code", "SW1Y 4JH", "--country", "GB",
    ],
    [
      "add", "addresses", "--label", "Work", "--recipient", "Ada Lovelace", "--line1",
      "Invalidenstraße 116", "--line2", "3rd floor", "--city", "Berlin", "--region", "BE",
      "--postal-code", "10115", "--country", "DE", "--phone", "+49 30 1234567", "--default",
    ],
    [
      "add", "addresses", "--label", "cottage", "--recipient", "A. Lovelace", "--line1",
      "1 Lake Road", "--city", "Ambleside", "--postal-code", "LA22 0DB", "--country", "gb",
    ],
  ]

  /// ``orders`` as NDJSON: the same items, imported in one run.
  static let ordersNDJSON = """
    {"number":"A-1001","total":"25.90","currency":"EUR","status":"paid","placed_at":"2026-11-30T13:40:00Z"}
    {"number":"A-1002","total":"1200","currency":"JPY","placed_at":"2026-11-29T09:05:00Z"}
    {"number":"A-1003","total":"19.99","currency":"USD","status":"shipped","placed_at":"2026-11-28T18:30:00Z"}

    """

  /// ``addresses`` as NDJSON: the same items, imported in one run.
  static let addressesNDJSON = """
    {"label":"Home","recipient":"Ada Lovelace","line1":"12 St James's Square","city":"London","postal_code":"SW1Y 4JH","country":"GB"}
    {"label":"Work","recipient":"Ada Lovelace","line1":"Invalidenstraße 116","line2":"3rd floor","city":"Berlin","region":"BE","postal_code":"10115","country":"DE","phone":"+49 30 1234567","is_default":true}
    {"label":"cottage","recipient":"A. Lovelace","line1":"1 Lake Road","city":"Ambleside","postal_code":"LA22 0DB","country":"gb"}

    """

  /// Adds the three orders (one import; ``AddCommandTests`` checks that the `add` commands of
  /// ``orders`` give the same items).
  static func addOrders(
    to sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await install("orders", [("orders", ordersNDJSON)], in: sandbox, sourceLocation)
  }

  /// Imports the three favorites.
  static func addFavorites(
    to sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await install("favorites", [("favorites", favorites)], in: sandbox, sourceLocation)
  }

  /// Adds the three addresses (one import; ``AddCommandTests`` checks that the `add` commands
  /// of ``addresses`` give the same items).
  static func addAddresses(
    to sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await install("addresses", [("addresses", addressesNDJSON)], in: sandbox, sourceLocation)
  }

  /// Adds all nine items: orders 1–3, favorites 1–3, addresses 1–3.
  static func addEverything(
    to sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await install(
      "everything",
      [("orders", ordersNDJSON), ("favorites", favorites), ("addresses", addressesNDJSON)],
      in: sandbox, sourceLocation)
  }

  /// Adds `count` orders A-2001… one minute apart, the first the newest.
  static func addNumberedOrders(
    _ count: Int, to sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    var lines = ""
    for index in 0..<count {
      let minute = 59 - index % 60
      let hour = 23 - index / 60
      let time = "2026-10-01T\(twoDigits(hour)):\(twoDigits(minute)):00Z"
      lines +=
        #"{"number":"A-\#(2001 + index)","total":"\#(index + 1).50","currency":"EUR","#
        + #""status":"paid","placed_at":"\#(time)"}"# + "\n"
    }
    await install("numbered-\(count)", [("orders", lines)], in: sandbox, sourceLocation)
  }

  /// Imports `imports` (list, NDJSON) into the sandbox's database.
  ///
  /// A new database gets a copy of a file built once per test run by the same imports (a new
  /// file costs a migration and its `fsync`s, and most tests start from the same items); a
  /// database that exists gets the imports themselves.
  private static func install(
    _ name: String, _ imports: [(String, String)], in sandbox: Sandbox,
    _ sourceLocation: SourceLocation
  ) async {
    if sandbox.exists(sandbox.databasePath) {
      for (list, lines) in imports {
        let result = await sandbox.run(["import", list, "-"], stdin: Array(lines.utf8))
        #expect(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
      }
      return
    }
    let sendable = imports.map { ImportStep(list: $0.0, lines: $0.1) }
    let bytes = await Templates.shared.bytes(of: name) {
      guard let builder = try? Sandbox() else { return [] }
      for step in sendable {
        let result = await builder.run(["import", step.list, "-"], stdin: Array(step.lines.utf8))
        guard result.exitCode == 0 else { return Array("\(result)".utf8) }
      }
      return builder.bytes(builder.databasePath) ?? []
    }
    let isDatabase = bytes.starts(with: Array("SQLite format 3".utf8))
    #expect(
      isDatabase, "fixture \(name): \(String(decoding: bytes, as: UTF8.self))",
      sourceLocation: sourceLocation)
    #expect(
      (try? sandbox.write(bytes, to: sandbox.databasePath)) != nil, sourceLocation: sourceLocation)
  }

  private struct ImportStep: Sendable {
    var list: String
    var lines: String
  }

  private static func twoDigits(_ number: Int) -> String {
    number < 10 ? "0\(number)" : "\(number)"
  }

}
