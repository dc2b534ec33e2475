import Foundation

/// The figures of one run, in the order they were measured, printed as one JSON object or as a
/// table for people.
struct Report {
  /// One figure.
  enum Value {
    case integer(Int)
    case number(Double)
    case text(String)
    case boolean(Bool)
  }

  private(set) var entries: [(key: String, value: Value)] = []

  /// Sets `key`, keeping the place of a key set before.
  mutating func set(_ key: String, _ value: Value) {
    if let index = entries.firstIndex(where: { $0.key == key }) {
      entries[index].value = value
    } else {
      entries.append((key, value))
    }
  }

  /// Sets `key` to a number.
  mutating func set(_ key: String, _ value: Double) { set(key, .number(value)) }

  /// The value of `key` as a number, when it is one.
  func number(_ key: String) -> Double? {
    switch entries.first(where: { $0.key == key })?.value {
    case .number(let value): value
    case .integer(let value): Double(value)
    default: nil
    }
  }

  /// One JSON object, keys in measuring order, on one line.
  var json: String {
    let members = entries.map { "\"\($0.key)\": \(Self.json($0.value))" }
    return "{" + members.joined(separator: ", ") + "}"
  }

  /// The figures as a table: each ratio beside the two medians behind it and its target.
  var table: String {
    var lines: [String] = []
    func text(_ key: String) -> String {
      switch entries.first(where: { $0.key == key })?.value {
      case .integer(let value): String(value)
      case .number(let value): Self.format(value)
      case .text(let value): value
      case .boolean(let value): value ? "yes" : "no"
      case nil: "-"
      }
    }
    lines.append(
      "lists-bench: \(text("rows")) orders, a \(text("big_rows"))-order list, SQLite \(text("sqlite_version")), median of \(text("trials")) trials on the \(text("clock")) clock"
    )
    lines.append("")
    let figures = [
      Figure(
        "insert, one transaction", "insert_swift_ms", "insert_c_ms", "ms", "insert_ratio", "≤ 1.15"),
      Figure(
        "\(text("pages")) keyset pages of 50", "page_swift_ms", "page_c_ms", "ms", "page_ratio",
        "≤ 1.10"),
      Figure(
        "  same through the generic repository (by name)", "dynamic_page_ms", "page_c_ms", "ms",
        "dynamic_page_ratio", "≤ 1.5"),
      Figure(
        "books (an app's kind, typed record): insert", "kind_insert_swift_ms", "kind_insert_c_ms", "ms",
        "kind_insert_ratio", "≤ 1.15"),
      Figure(
        "  same inserts through a short-form record", "field_record_insert_ms", "field_record_insert_c_ms", "ms",
        "field_record_insert_ratio", "≤ 1.15"),
      Figure(
        "  \(text("kind_pages")) keyset pages of 50", "kind_page_swift_ms", "kind_page_c_ms", "ms",
        "kind_page_ratio", "≤ 1.10"),
      Figure(
        "  same pages through a short-form record", "field_record_page_ms", "field_record_page_c_ms", "ms",
        "field_record_page_ratio", "≤ 1.15"),
      Figure(
        "  \(text("update_rows")) updates of one field of held items, one transaction", "update_swift_ms",
        "update_c_ms", "ms", "update_ratio", "≤ 1.15"),
      Figure(
        "  same by id (reads the item before and after)", "update_by_id_ms", "update_c_ms", "ms",
        "update_by_id_ratio"),
      Figure(
        "remote pages of 100 into the cache, upsert by remote id", "sync_write_ms", "sync_write_c_ms", "ms",
        "sync_write_ratio", "≤ 1.2"),
      Figure(
        "\(text("outbox_rows")) adds to a synced kind, pending changes recorded / unsynced", "outbox_write_ms",
        "outbox_unsynced_ms", "ms", "outbox_write_ratio", "≤ 1.3"),
      Figure(
        "\(text("loader_pages")) pages via ListLoader / repository", "loader_ms",
        "loader_repository_ms", "ms", "loader_ratio", "≤ 1.10"),
      Figure(
        "  with a subscriber", "loader_subscribed_ms", "loader_repository_ms", "ms",
        "loader_subscribed_ratio", "≤ 1.10"),
      Figure(
        "  opened amid \(text("loader_around_books")) books, 20 pages each way / C", "loader_around_ms",
        "loader_around_c_ms", "ms", "loader_around_ratio", "≤ 1.10"),
      Figure(
        "last / first keyset page", "deep_last_us", "deep_head_us", "µs", "deep_over_head", "≤ 1.2"),
      Figure("  same in C", "c_deep_last_us", "c_deep_head_us", "µs", "c_deep_over_head"),
      Figure(
        "last / first OFFSET page (C)", "offset_last_us", "offset_head_us", "µs",
        "offset_deep_over_head"),
      Figure(
        "count+isEmpty big / 10 rows", "count_big_us", "count_small_us", "µs", "count_ratio",
        "≤ 1.5"),
      Figure(
        "lists show --json / sqlite3 -json", "show_cold_ms", "sqlite3_json_ms", "ms",
        "show_cold_ratio", "≤ 1.5"),
      Figure(
        "lists show books --json / sqlite3 -json (an app's kind)", "show_books_cold_ms",
        "sqlite3_books_json_ms", "ms", "show_books_cold_ratio", "≤ 1.5"),
      Figure(
        "page walk, 2 threads at once / 1 (throughput)", "read_two_threads_ms",
        "read_one_thread_ms", "ms", "read_scaling"),
      Figure("  same in C (what the cores allow)", "", "", "", "c_read_scaling"),
      Figure("  the store's scaling / C's", "", "", "", "read_scaling_over_c", "≥ 0.95"),
      Figure(
        "first page of --where status=shipped / C", "filter_page_us", "c_filter_page_us", "µs",
        "filter_page_ratio", "≤ 1.2"),
      Figure(
        "  same through the generic repository (by name)", "filter_page_dynamic_us", "c_filter_page_dynamic_us",
        "µs", "filter_page_dynamic_ratio"),
      Figure(
        "\(text("search_deep_page"))th / first page of that filter", "search_deep_last_us",
        "search_deep_head_us", "µs", "search_deep_over_head", "≤ 1.3"),
      Figure(
        "first page of a search (FTS5) / C", "search_page_us", "c_search_page_us", "µs",
        "search_page_ratio", "≤ 1.2"),
      Figure(
        "import with / without a search index", "fts_insert_ms", "plain_insert_ms", "ms",
        "fts_insert_overhead", "≤ 2.0"),
      Figure(
        "export peak RSS, big / small list", "export_rss_mib", "export_rss_small_mib", "MiB",
        "export_rss_over_small", "≤ 32 MiB, ≤ 1.25"),
      Figure(
        "loader walk (maxItems \(text("loader_rss_max_items"))) peak RSS, big / small list", "loader_rss_mib",
        "loader_rss_small_mib", "MiB", "loader_rss_over_small", "≤ 1.25"),
    ]
    let header = ["figure", "measured", "against", "ratio", "target"]
    var cells = [header]
    for figure in figures {
      cells.append([
        figure.label, "\(text(figure.measured)) \(figure.unit)",
        "\(text(figure.against)) \(figure.unit)",
        text(figure.ratio), figure.target,
      ])
    }
    if number("sqlite3_json_ms") != nil {
      cells.append([
        "sqlite3 -json, 20 rows (child)", "\(text("sqlite3_json_ms")) ms",
        "\(text("sqlite3_json_rss_mib")) MiB", "", "",
      ])
    }
    if number("sync_pages_per_s") != nil {
      cells.append(["sync walk, pages of 100 from the local server", "\(text("sync_pages_per_s")) pages/s", "", "", ""])
    }
    if number("push_changes_per_s") != nil {
      cells.append([
        "push of 10,000 edits, batches of 100, to the local server", "\(text("push_changes_per_s")) changes/s", "", "", "",
      ])
    }
    if number("push_100k_over_1k") != nil {
      cells.append([
        "push of 100,000 waiting removes / of 1,000, batches of 100 to lists-server",
        "\(text("push_100k_per_s")) changes/s", "\(text("push_1k_per_s")) changes/s", text("push_100k_over_1k"), "≥ 0.8",
      ])
    }
    if number("export_ms") != nil {
      cells.append(["lists export, big list (child)", "\(text("export_ms")) ms", "", "", ""])
    }
    if number("server_get_over_floor") != nil {
      cells.append([
        "lists-server pages of 100 / its libmicrohttpd floor (wrk)", "\(text("server_get_pages_per_s")) /s",
        "\(text("server_floor_pages_per_s")) /s", text("server_get_over_floor"), "≤ 1.5",
      ])
      cells.append([
        "lists-server pushes of 100 adds, synchronous=FULL", "\(text("server_push_changes_per_s")) changes/s", "", "", "",
      ])
      cells.append([
        "one-change push p99 at half of \(text("server_push_max_per_s")) /s", "\(text("server_push_p99_ms")) ms", "", "",
        "≤ 10 ms",
      ])
    }
    if number("pg_push_over_floor") != nil {
      cells.append([
        "lists-server one-change push on a PostgreSQL node / its SQL over libpq, 1 client",
        "\(text("pg_push_per_s")) /s", "\(text("pg_floor_push_per_s")) /s", text("pg_push_over_floor"), "≤ 1.5",
      ])
    }
    if number("pg_accounts_p99_ratio") != nil {
      cells.append([
        "page GET p99, \(text("pg_accounts")) / \(text("pg_small_accounts")) accounts of 10 items on 2 nodes",
        "\(text("pg_page_p99_big_ms")) ms", "\(text("pg_page_p99_small_ms")) ms", text("pg_accounts_p99_ratio"), "≤ 1.2",
      ])
    }
    if number("bucket_move_pause_s") != nil {
      cells.append([
        "nodes add under pushes: longest bucket pause / longest push", "\(text("bucket_move_pause_s")) s",
        "\(text("bucket_move_push_max_ms")) ms", "", "≤ 1 s",
      ])
      cells.append([
        "nodes add of \(text("nodes_add_items")) items: time / per million items", "\(text("nodes_add_s")) s",
        "\(text("nodes_add_s_per_million_items")) s", "", "",
      ])
    }
    if number("notify_latency_ms") != nil {
      cells.append([
        "change notification, median / max", "\(text("notify_latency_ms")) ms",
        "\(text("notify_latency_max_ms")) ms", "", "≤ 100 ms",
      ])
    }
    if number("edit_seen_ms") != nil {
      cells.append([
        "edit by another program seen by a loader of 10 pages, median / max", "\(text("edit_seen_ms")) ms",
        "\(text("edit_seen_max_ms")) ms", "", "< 55 ms",
      ])
    }
    if number("read_while_locked_ms") != nil {
      cells.append([
        "page of 20 while a writer holds the lock, median / max",
        "\(text("read_while_locked_ms")) ms", "\(text("read_while_locked_max_ms")) ms", "",
        "< 5 ms",
      ])
    }
    let widths = (0..<header.count).map { column in cells.map { $0[column].count }.max() ?? 0 }
    for row in cells {
      let padded = row.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + padding : padding + cell
      }
      lines.append(padded.joined(separator: "  "))
    }
    lines.append("")
    lines.append(
      "measured: Swift (the store), the loader, lists, the big list or two threads; against: C, the repository, sqlite3, the small list or one thread."
    )
    if entries.contains(where: { $0.key == "lists_binary" }) {
      lines.append(
        "lists: \(text("lists_binary")) (Swift runtime linked statically: \(text("lists_static")))")
    }
    return lines.joined(separator: "\n")
  }

  /// One line of the table: a ratio and the two medians it divides.
  private struct Figure {
    var label: String
    var measured: String
    var against: String
    var unit: String
    var ratio: String
    var target = ""

    init(
      _ label: String, _ measured: String, _ against: String, _ unit: String, _ ratio: String,
      _ target: String = ""
    ) {
      (self.label, self.measured, self.against, self.unit, self.ratio, self.target) =
        (label, measured, against, unit, ratio, target)
    }
  }

  private static func json(_ value: Value) -> String {
    switch value {
    case .integer(let value): return String(value)
    case .number(let value): return format(value)
    case .boolean(let value): return value ? "true" : "false"
    case .text(let value):
      var escaped = "\""
      for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": escaped += "\\\""
        case "\\": escaped += "\\\\"
        case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
        default: escaped.unicodeScalars.append(scalar)
        }
      }
      return escaped + "\""
    }
  }

  /// A number with the digits that matter: three decimals at most, four significant digits for
  /// small values (so a positive figure never prints as 0). Valid JSON.
  static func format(_ value: Double) -> String {
    if value >= 100 { return String(format: "%.1f", value) }
    if value >= 1 { return String(format: "%.3f", value) }
    return String(format: "%.4g", value)
  }
}
