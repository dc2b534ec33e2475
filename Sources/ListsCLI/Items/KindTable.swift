import ListStore

/// The human table of any kind, made from its definition's `show` columns: headers, alignment,
/// and each value as people read it (money as `€25.90`, times as `2026-11-30 13:40`).
package struct KindTable: Sendable {
  /// The table's columns, in the definition's `show` order.
  package let columns: [TableColumn]
  /// Where each column's value comes from.
  private let sources: [Source]

  private enum Source: Sendable {
    case id
    case addedAt
    case field(index: Int, FieldType)
  }

  /// The table of `definition`'s items.
  package init(_ definition: KindDefinition) {
    var columns: [TableColumn] = []
    var sources: [Source] = []
    for name in definition.shownFields {
      if name == "id" {
        columns.append(TableColumn("ID", alignment: .right, minimumWidth: 2))
        sources.append(.id)
      } else if let index = definition.fields.firstIndex(where: { $0.name == name }) {
        let field = definition.fields[index]
        columns.append(Self.column(named: name, type: field.type))
        sources.append(.field(index: index, field.type))
      } else {
        // The implicit added_at.
        columns.append(Self.column(named: name, type: .timestamp))
        sources.append(.addedAt)
      }
    }
    self.columns = columns
    self.sources = sources
  }

  /// `placed_at` → `PLACED`, `is_default` → `DEFAULT`, `postal_code` → `POSTAL CODE`.
  private static func column(named name: String, type: FieldType) -> TableColumn {
    var words = name.split(separator: "_").map { $0.uppercased() }
    if type == .timestamp, words.count > 1, words.last == "AT" { words.removeLast() }
    if type == .bool, words.count > 1, words.first == "IS" { words.removeFirst() }
    let header = words.joined(separator: " ")
    switch type {
    case .timestamp: return TableColumn(header, minimumWidth: 16)
    case .date: return TableColumn(header, minimumWidth: 10)
    case .money: return TableColumn(header, alignment: .right, minimumWidth: 8)
    case .integer: return TableColumn(header, alignment: .right, minimumWidth: max(header.count, 2))
    case .text, .bool, .enumeration: return TableColumn(header, minimumWidth: max(header.count, 6))
    }
  }

  /// The item's cells, unescaped (the table escapes them).
  package func row(_ item: DynamicItem) -> [String] {
    sources.map { source in
      switch source {
      case .id: String(item.id)
      case .addedAt: item.addedAt?.displayString ?? ""
      case .field(let index, _): Self.text(item.values[index])
      }
    }
  }

  /// A value as people read it; nothing for no value.
  package static func text(_ value: FieldValue) -> String {
    switch value {
    case .null: ""
    case .text(let text): text
    case .integer(let number): String(number)
    case .bool(let flag): flag ? "yes" : ""
    case .timestamp(let time): time.displayString
    case .date(let day): day.iso8601
    case .money(let money): money.formatted
    }
  }
}
