import Testing

@testable import ListPaging

/// Pages added before the first (a list opened in its middle, paged towards its start).
extension LoadedItemsTests {
  @Test func prependingToTheNewestSnapshotWritesInPlace() {
    var items: LoadedItems = [100, 101]
    var snapshots: [LoadedItems<Int>] = []
    for start in stride(from: 98, through: 0, by: -2) {
      snapshots.append(items)
      items.prepend([start, start + 1])
    }
    // The newest snapshot keeps extending the one shared storage towards the start.
    #expect(snapshots.allSatisfy { $0.sharesStorage(with: items) })
    #expect(Array(items) == Array(0...101))
    #expect(Array(snapshots[0]) == [100, 101])
    #expect(Array(snapshots[10]) == Array(80...101))
  }

  @Test(arguments: [[50], [50, 50, 20], [7, 50, 50], [3, 1, 9, 4]])
  func itemsAreFoundAfterPagesAddedAtBothEnds(_ sizes: [Int]) {
    // Same-sized pages are found by division, others by a search over where pages start; the
    // pages before the first are numbered below it.
    var items = LoadedItems<Int>()
    var expected: [Int] = []
    var low = 0
    var high = 0
    for round in 0..<40 {
      let size = sizes[round % sizes.count]
      if round % 3 == 1 {
        let page = Array((low - size)..<low)
        items.prepend(page)
        expected = page + expected
        low -= size
      } else {
        let page = Array(high..<(high + size))
        items.append(contentsOf: page)
        expected += page
        high += size
      }
    }
    #expect(Array(items) == expected)
    #expect(items.indices.allSatisfy { items[$0] == expected[$0] })
    #expect(items.first == low && items.last == high - 1)
  }

  @Test func prependingToAnOlderSnapshotCopiesOnlyThePageReferences() {
    var items: LoadedItems = [3, 4]
    items.prepend([1, 2])
    let older = items
    items.prepend([0])
    var other = older
    other.prepend([-1])
    // The older snapshot no longer starts where the storage does: it got a buffer of its own,
    // and neither list sees the other's first page.
    #expect(!other.sharesStorage(with: items))
    #expect(Array(items) == [0, 1, 2, 3, 4])
    #expect(Array(other) == [-1, 1, 2, 3, 4])
    #expect(Array(older) == [1, 2, 3, 4])
    other.append(contentsOf: [5])
    #expect(Array(other) == [-1, 1, 2, 3, 4, 5] && other[0] == -1 && other[5] == 5)
  }

  @Test func droppingPagesKeepsTheRestInOrder() {
    var items: LoadedItems = [10, 11]
    items.prepend([8, 9])
    items.prepend([6, 7])
    items.append(contentsOf: [12, 13])
    #expect(Array(items.pages(1..<3)) == [8, 9, 10, 11])
    #expect(Array(items.pages(0..<1)) == [6, 7])
    #expect(items.pages(2..<4).withContiguousStorageIfAvailable { Array($0) } == nil)
    #expect(items.pages(3..<4).withContiguousStorageIfAvailable { Array($0) } == [12, 13])
  }
}
