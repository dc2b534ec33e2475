import ListStore

/// `count` valid orders numbered `N-0`, `N-1`, ..., placed one millisecond apart (`N-0` first,
/// so the newest, `N-<count - 1>`, leads the list).
func orderDrafts(_ count: Int) throws -> [OrderDraft] {
  try (0..<count).map { i in
    OrderDraft(
      number: "N-\(i)", total: try Money(minorUnits: Int64(100 + i), currency: .eur),
      placedAt: Timestamp(millisecondsSince1970: Int64(1_000 + i)))
  }
}
