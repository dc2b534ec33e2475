import ListStore

/// The human table of any kind: the columns its definition's `show` names (every field when it
/// names none), and the cells of one ``DynamicItem`` under them.
///
/// `id` and `added_at` may be named beside the fields. Numbers, money and `id` are flush right;
/// money reads `€12.50`, timestamps `2026-11-30 13:40`, booleans `yes`, an absent value nothing.
package struct KindTable: Sendable {
  /// What one column shows.
  private enum Source: Sendable {
    case id
    case addedAt
    case field(index: Int, type: FieldType)
  }

  /// The columns, in the order of the definition's `show`.
  package let columns: [TableColumn]
  private let sources: [Source]

  /// The table of `definition`'s items.
  package init(_ definition: KindDefinition) {
    var columns: [TableColumn] = []
    var sources: [Source] = []
    for name in definition.shownFields {
      let header = name.uppercased().split(separator: "_").joined(separator: " ")
      if name == "id" {
        columns.append(TableColumn("ID", alignment: .right, minimumWidth: 2))
        sources.append(.id)
      } else if name == "added_at" && definition.hasImplicitAddedAt {
        columns.append(TableColumn("ADDED", minimumWidth: 16))
        sources.append(.addedAt)
      } else if let index = definition.fields.firstIndex(where: { $0.name == name }) {
        let type = definition.fields[index].type
        switch type {
        case .integer, .money:
          columns.append(TableColumn(header, alignment: .right, minimumWidth: 6))
        case .timestamp: columns.append(TableColumn(header, minimumWidth: 16))
        case .text, .bool, .enumeration: columns.append(TableColumn(header, minimumWidth: 6))
        }
        sources.append(.field(index: index, type: type))
      }
    }
    self.columns = columns
    self.sources = sources
  }

  /// The cells of `item`, one per column, unescaped (the table escapes them).
  package func cells(of item: DynamicItem) -> [String] {
    sources.map { source in
      switch source {
      case .id: String(item.id)
      case .addedAt: item.addedAt?.displayString ?? ""
      case .field(let index, _): index < item.values.count ? Self.text(of: item.values[index]) : ""
      }
    }
  }

  /// How a value reads in a table cell.
  private static func text(of value: FieldValue) -> String {
    switch value {
    case .null: ""
    case .text(let text): text
    case .integer(let number): String(number)
    case .bool(let flag): flag ? "yes" : "no"
    case .timestamp(let time): time.displayString
    case .money(let money): money.formatted
    }
  }
}
