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
    case field(index: Int, FieldDisplay)
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
        columns.append(Self.column(named: name, field))
        sources.append(.field(index: index, field.displayed))
      } else {
        // The implicit added_at.
        columns.append(Self.column(named: name, FieldDefinition(name, .timestamp)))
        sources.append(.addedAt)
      }
    }
    self.columns = columns
    self.sources = sources
  }

  /// `placed_at` → `PLACED`, `is_default` → `DEFAULT`, `postal_code` → `POSTAL CODE`.
  private static func column(named name: String, _ field: FieldDefinition) -> TableColumn {
    var words = name.split(separator: "_").map { $0.uppercased() }
    if field.type == .timestamp, words.count > 1, words.last == "AT" { words.removeLast() }
    if field.type == .bool, words.count > 1, words.first == "IS" { words.removeFirst() }
    let header = words.joined(separator: " ")
    let shown = field.tableColumn
    return TableColumn(
      header, alignment: shown.rightAligned ? .right : .left,
      minimumWidth: shown.fitsHeader ? max(header.count, shown.minimumWidth) : shown.minimumWidth)
  }

  /// The item's cells, unescaped (the table escapes them).
  package func row(_ item: DynamicItem) -> [String] {
    sources.map { source in
      switch source {
      case .id: String(item.id)
      case .addedAt: item.addedAt?.displayString ?? ""
      case .field(let index, let display): display.text(item.values[index])
      }
    }
  }
}
