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

  /// Adds the three orders.
  static func addOrders(
    to sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    for arguments in orders { succeed(await sandbox.run(arguments), sourceLocation) }
  }

  /// Imports the three favorites.
  static func addFavorites(
    to sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    succeed(
      await sandbox.run(["import", "favorites", "-"], stdin: Array(favorites.utf8)),
      sourceLocation)
  }

  /// Adds the three addresses.
  static func addAddresses(
    to sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    for arguments in addresses { succeed(await sandbox.run(arguments), sourceLocation) }
  }

  /// Adds all nine items.
  static func addEverything(
    to sandbox: Sandbox, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await addOrders(to: sandbox, sourceLocation: sourceLocation)
    await addFavorites(to: sandbox, sourceLocation: sourceLocation)
    await addAddresses(to: sandbox, sourceLocation: sourceLocation)
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
      lines += #"{"number":"A-\#(2001 + index)","total":"\#(index + 1).50","currency":"EUR","#
        + #""status":"paid","placed_at":"\#(time)"}"# + "\n"
    }
    succeed(
      await sandbox.run(["import", "orders", "-"], stdin: Array(lines.utf8)), sourceLocation)
  }

  private static func twoDigits(_ number: Int) -> String {
    number < 10 ? "0\(number)" : "\(number)"
  }

  private static func succeed(_ result: RunResult, _ sourceLocation: SourceLocation) {
    #expect(result.exitCode == 0, "\(result)", sourceLocation: sourceLocation)
  }
}
