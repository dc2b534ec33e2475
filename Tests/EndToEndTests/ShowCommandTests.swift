import Testing

/// `lists show LIST [--limit N] [--after CURSOR] [--all] [--json]`: the JSON shape of every
/// state, paging and order. (The human view is in ``ShowTableTests``.)
@Suite struct ShowCommandTests {
  /// The documented fields of each list's JSON items, with their types (`string?` may be null).
  static let itemFields: [String: [(String, String)]] = [
    "orders": [
      ("id", "int"), ("number", "string"), ("status", "string"), ("total", "string"),
      ("total_minor", "int"), ("currency", "string"), ("placed_at", "string"),
    ],
    "favorites": [
      ("id", "int"), ("ref", "string"), ("title", "string"), ("note", "string?"),
      ("added_at", "string"),
    ],
    "addresses": [
      ("id", "int"), ("label", "string"), ("recipient", "string"), ("line1", "string"),
      ("line2", "string?"), ("city", "string"), ("region", "string?"),
      ("postal_code", "string"), ("country", "string"), ("phone", "string?"),
      ("is_default", "bool"), ("created_at", "string"),
    ],
  ]

  /// The documented empty placeholders (the table in Documentation/Loader.md's Placeholders).
  static let emptyPlaceholders: [String: JSON] = [
    "favorites": placeholder(
      "No favorites yet", "Items you favorite will show up here.",
      "lists add favorites --ref REF --title TITLE"),
    "addresses": placeholder(
      "No addresses yet", "Add a shipping address to check out faster.",
      "lists add addresses --label LABEL ..."),
    "orders": placeholder(
      "No orders yet", "Orders you place will show up here.",
      "lists add orders --number NUMBER --total AMOUNT --currency CODE"),
  ]

  static let topLevelKeys = [
    "account", "error", "items", "list", "page", "placeholder", "state", "sync", "total_count",
  ]

  static func placeholder(_ title: String, _ detail: String, _ action: String) -> JSON {
    .object([("title", .string(title)), ("detail", .string(detail)), ("action", .string(action))])
  }

  /// Expects `item` to have exactly the documented fields of `list`, each of its type.
  static func expectItemShape(
    _ item: JSON, of list: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let fields = itemFields[list]!
    #expect(item.keys.sorted() == fields.map(\.0).sorted(), sourceLocation: sourceLocation)
    for (name, type) in fields {
      let actual = item[name]?.type ?? "missing"
      if type.hasSuffix("?") {
        #expect(
          actual == "null" || actual == String(type.dropLast()), "\(name) is \(actual)",
          sourceLocation: sourceLocation)
      } else {
        #expect(actual == type, "\(name) is \(actual)", sourceLocation: sourceLocation)
      }
    }
  }

  /// Expects an ISO 8601 UTC time such as `2026-11-30T13:40:00Z` or `…:00.123Z`.
  static func expectISO8601(_ text: String?, sourceLocation: SourceLocation = #_sourceLocation) {
    let pattern = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z/
    #expect(
      text.map { $0.wholeMatch(of: pattern) != nil } == true, "\(text ?? "nil")",
      sourceLocation: sourceLocation)
  }

  // MARK: JSON shapes

  @Test(arguments: ["favorites", "addresses", "orders"])
  func jsonOfContentHasExactlyTheDocumentedKeysAndTypes(list: String) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addEverything(to: sandbox)
    let result = await sandbox.run("show", list, "--json")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr == "")
    #expect(result.stdout.hasSuffix("}\n"))
    #expect(result.stdoutLines.count == 1)
    let object = try result.json()
    #expect(object.keys.sorted() == Self.topLevelKeys)
    #expect(object["list"] == .string(list))
    #expect(object["account"] == .string("default"))
    #expect(object["state"] == .string("content"))
    #expect(object["total_count"] == .number("3"))
    #expect(object["placeholder"] == .null)
    #expect(object["error"] == .null)
    #expect(
      object["page"]
        == .object([
          ("limit", .number("20")), ("count", .number("3")), ("has_more", .bool(false)),
          ("next_cursor", .null), ("previous_cursor", .null),
        ]))
    let items = try #require(object["items"]?.arrayValue)
    #expect(items.count == 3)
    for item in items {
      Self.expectItemShape(item, of: list)
      for (name, type) in Self.itemFields[list]! where name.hasSuffix("_at") && type == "string" {
        Self.expectISO8601(item[name]?.stringValue)
      }
    }
  }

  @Test func ordersAreTheREADMEsExample() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let items = try #require(
      await sandbox.run("show", "orders", "--json").json()["items"]?.arrayValue)
    let expected = try JSON.parse(
      """
      [{"id": 1, "number": "A-1001", "status": "paid", "total": "25.90", "total_minor": 2590,
        "currency": "EUR", "placed_at": "2026-11-30T13:40:00Z"},
       {"id": 2, "number": "A-1002", "status": "pending", "total": "1200", "total_minor": 1200,
        "currency": "JPY", "placed_at": "2026-11-29T09:05:00Z"},
       {"id": 3, "number": "A-1003", "status": "shipped", "total": "19.99", "total_minor": 1999,
        "currency": "USD", "placed_at": "2026-11-28T18:30:00Z"}]
      """)
    #expect(JSON.array(items) == expected)
  }

  @Test func favoritesCarryEveryFieldAsStored() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addFavorites(to: sandbox)
    let items = try #require(
      await sandbox.run("show", "favorites", "--json").json()["items"]?.arrayValue)
    let expected = try JSON.parse(
      """
      [{"id": 1, "ref": "mug-blue", "title": "Blue stoneware mug", "note": "for tea",
        "added_at": "2026-11-30T10:00:00Z"},
       {"id": 2, "ref": "lamp-brass", "title": "Brass desk lamp", "note": null,
        "added_at": "2026-11-29T08:15:00Z"},
       {"id": 3, "ref": "atlas",
        "title": "World atlas, 2026 edition, with a foreword and a very long subtitle that does not fit",
        "note": "gift idea", "added_at": "2026-11-28T07:00:00Z"}]
      """)
    #expect(JSON.array(items) == expected)
  }

  @Test func addressesCarryEveryFieldAsStored() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addAddresses(to: sandbox)
    let items = try #require(
      await sandbox.run("show", "addresses", "--json").json()["items"]?.arrayValue)
    // Default first, then by label ignoring case: Work, cottage, Home.
    let expected = try JSON.parse(
      """
      [{"id": 2, "label": "Work", "recipient": "Ada Lovelace", "line1": "Invalidenstraße 116",
        "line2": "3rd floor", "city": "Berlin", "region": "BE", "postal_code": "10115",
        "country": "DE", "phone": "+49 30 1234567", "is_default": true},
       {"id": 3, "label": "cottage", "recipient": "A. Lovelace", "line1": "1 Lake Road",
        "line2": null, "city": "Ambleside", "region": null, "postal_code": "LA22 0DB",
        "country": "GB", "phone": null, "is_default": false},
       {"id": 1, "label": "Home", "recipient": "Ada Lovelace", "line1": "12 St James's Square",
        "line2": null, "city": "London", "region": null, "postal_code": "SW1Y 4JH",
        "country": "GB", "phone": null, "is_default": false}]
      """)
    #expect(JSON.array(items.map { $0.removing("created_at") }) == expected)
    for item in items { Self.expectISO8601(item["created_at"]?.stringValue) }
  }

  @Test(arguments: ["favorites", "addresses", "orders"])
  func jsonOfAnEmptyListIsTheEmptyStateWithItsPlaceholder(list: String) async throws {
    let sandbox = try Sandbox()
    // The file exists and the other lists have items; this one is emptied.
    await Fixtures.addEverything(to: sandbox)
    #expect(await sandbox.run("clear", list, "--yes").exitCode == 0)
    let result = await sandbox.run("show", list, "--json")
    #expect(result.exitCode == 0, "\(result)")
    #expect(result.stderr == "")
    let expected = JSON.object([
      ("list", .string(list)), ("account", .string("default")), ("state", .string("empty")),
      ("items", .array([])),
      (
        "page",
        .object([
          ("limit", .number("20")), ("count", .number("0")), ("has_more", .bool(false)),
          ("next_cursor", .null), ("previous_cursor", .null),
        ])
      ),
      ("total_count", .number("0")), ("placeholder", Self.emptyPlaceholders[list]!),
      ("error", .null), ("sync", .null),
    ])
    #expect(try result.json() == expected)
  }

  @Test func aPageAfterTheLastIsContentWithNoItems() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let first = try await sandbox.run("show", "orders", "--limit", "2", "--json").json()
    let cursor = try #require(first["page"]?["next_cursor"]?.stringValue)
    // The page after the cursor held only A-1003; once it is gone, that page is past the end.
    #expect(await sandbox.run("remove", "orders", "3").exitCode == 0)
    let result = await sandbox.run("show", "orders", "--limit", "2", "--after", cursor, "--json")
    #expect(result.exitCode == 0, "\(result)")
    let object = try result.json()
    #expect(object.keys.sorted() == Self.topLevelKeys)
    #expect(object["state"] == .string("content"))
    #expect(object["items"] == .array([]))
    #expect(
      object["page"]
        == .object([
          ("limit", .number("2")), ("count", .number("0")), ("has_more", .bool(false)),
          ("next_cursor", .null), ("previous_cursor", .string(cursor)),
        ]))
    #expect(object["total_count"] == .number("2"))
    #expect(object["placeholder"] == .null)
    #expect(object["error"] == .null)

    // For people: one line saying so, not an empty table.
    let human = await sandbox.run("show", "orders", "--limit", "2", "--after", cursor)
    #expect(human.exitCode == 0, "\(human)")
    #expect(human.stdout == "No more orders after this cursor (2 orders in all).\n")
  }

  // MARK: Paging and order

  @Test func cursorsWalkEveryItemOnceNewestFirst() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addNumberedOrders(45, to: sandbox)
    var numbers: [String] = []
    var cursor: String?
    var pages: [(count: Int, hasMore: Bool)] = []
    repeat {
      var arguments = ["show", "orders", "--json"]
      if let cursor { arguments += ["--after", cursor] }
      let page = try await sandbox.run(arguments).json()
      #expect(page["total_count"] == .number("45"))
      numbers += (page["items"]?.arrayValue ?? []).compactMap { $0["number"]?.stringValue }
      cursor = page["page"]?["next_cursor"]?.stringValue
      pages.append(
        (page["page"]?["count"]?.intValue ?? -1, page["page"]?["has_more"]?.boolValue ?? false))
      #expect((cursor != nil) == pages.last!.hasMore)
    } while cursor != nil && pages.count < 10
    #expect(pages.map(\.count) == [20, 20, 5])
    #expect(pages.map(\.hasMore) == [true, true, false])
    #expect(numbers == (2001...2045).map { "A-\($0)" })
  }

  @Test func allWalksEveryPageIntoOneObject() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addNumberedOrders(45, to: sandbox)
    let object = try await sandbox.run("show", "orders", "--all", "--limit", "7", "--json").json()
    #expect(object["state"] == .string("content"))
    let numbers = object["items"]?.arrayValue?.compactMap { $0["number"]?.stringValue }
    #expect(numbers == (2001...2045).map { "A-\($0)" })
    #expect(object["page"]?["count"] == .number("45"))
    #expect(object["page"]?["has_more"] == .bool(false))
    #expect(object["page"]?["next_cursor"] == .null)
    #expect(object["total_count"] == .number("45"))
  }

  @Test(arguments: [1, 2, 500])
  func limitsFromOneToFiveHundredAreAccepted(limit: Int) async throws {
    let sandbox = try Sandbox()
    await Fixtures.addOrders(to: sandbox)
    let object = try await sandbox.run("show", "orders", "--limit", String(limit), "--json").json()
    #expect(object["page"]?["limit"] == .number(String(limit)))
    #expect(object["page"]?["count"] == .number(String(min(limit, 3))))
    #expect(object["page"]?["has_more"] == .bool(limit < 3))
  }

  @Test func ordersWithTheSameTimeAreNewestIdFirst() async throws {
    let sandbox = try Sandbox()
    for number in ["X-1", "X-2", "X-3"] {
      let result = await sandbox.run(
        "add", "orders", "--number", number, "--total", "1", "--currency", "EUR", "--placed-at",
        "2026-05-05T05:05:05Z")
      #expect(result.exitCode == 0, "\(result)")
    }
    let result = await sandbox.run(
      "add", "orders", "--number", "X-0", "--total", "1", "--currency", "EUR", "--placed-at",
      "2026-05-05T05:05:06Z")
    #expect(result.exitCode == 0, "\(result)")
    let items = try await sandbox.run("show", "orders", "--json").json()["items"]?.arrayValue ?? []
    #expect(items.compactMap { $0["number"]?.stringValue } == ["X-0", "X-3", "X-2", "X-1"])
  }

  @Test func favoritesWithTheSameTimeAreNewestIdFirst() async throws {
    let sandbox = try Sandbox()
    let lines = ["a", "b", "c"].map {
      #"{"ref":"\#($0)","title":"\#($0)","added_at":"2026-01-01T00:00:00Z"}"#
    }
    let result = await sandbox.run(
      ["import", "favorites", "-"], stdin: Array((lines.joined(separator: "\n") + "\n").utf8))
    #expect(result.exitCode == 0, "\(result)")
    let items =
      try await sandbox.run("show", "favorites", "--json").json()["items"]?.arrayValue ?? []
    #expect(items.compactMap { $0["ref"]?.stringValue } == ["c", "b", "a"])
  }

  @Test func addressesAreDefaultFirstThenLabelIgnoringCaseThenId() async throws {
    let sandbox = try Sandbox()
    await Fixtures.addAddresses(to: sandbox)
    let result = await sandbox.run(
      "add", "addresses", "--label", "home", "--recipient", "B", "--line1", "x", "--city", "y",
      "--postal-code", "1", "--country", "DE")
    #expect(result.exitCode == 0, "\(result)")
    let items =
      try await sandbox.run("show", "addresses", "--json").json()["items"]?.arrayValue ?? []
    #expect(items.compactMap { $0["id"]?.intValue } == [2, 3, 1, 4])
  }
}
