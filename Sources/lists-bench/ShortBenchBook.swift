import ListStore

/// ``BenchBook``'s kind declared in the short form (``FieldRecord``): each field once, beside its
/// property, with no `init(row:)`, draft type or `bind` — the path `field_record_page_ratio` and
/// `field_record_insert_ratio` time against C.
struct ShortBenchBook: FieldRecord {
  /// Where a book is; its raw value is the enum field's text.
  enum Status: String, CaseIterable, Sendable { case want, reading, done }

  var id: Int64 = 0
  var title = ""
  var author: String?
  var pages: Int64?
  var price: Money?
  var status = Status.want
  var finishedAt: Timestamp?
  var signed = false
  var addedAt = Timestamp(millisecondsSince1970: 0)

  static let fields = RecordFields<ShortBenchBook>(
    name: "books", item: "book",
    .text("title", \.title, maxLength: 300, required: true),
    .text("author", \.author),
    .integer("pages", \.pages, min: 1),
    .money("price", \.price),
    .enumeration("status", \.status, default: .want),
    .timestamp("finished_at", \.finishedAt),
    .bool("signed", \.signed),
    .addedAt(\.addedAt),
    unique: UniqueRule(["title", "author"]), show: ["title", "author", "status"], search: ["title", "author"])
}

/// What ``Checksum/fold(_:books:)`` reads of a book, the same on either record type.
protocol ChecksummedBook {
  var id: Int64 { get }
  var price: Money? { get }
  var addedAt: Timestamp { get }
  var pages: Int64? { get }
  /// The status's place among `want`, `reading`, `done`.
  var statusIndex: Int { get }
  var title: String { get }
}

extension BenchBook: ChecksummedBook {
  var statusIndex: Int { status.rawValue }
}

extension ShortBenchBook: ChecksummedBook {
  var statusIndex: Int {
    switch status {
    case .want: 0
    case .reading: 1
    case .done: 2
    }
  }
}
