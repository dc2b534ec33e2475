import ListPaging
import Synchronization
import Testing

@Suite struct LoadedItemsTests {
  @Test func behavesLikeAnArray() {
    var items: LoadedItems<String> = []
    #expect(items.isEmpty && items.count == 0 && items.startIndex == 0 && items.endIndex == 0)
    items.append("a")
    items.append(contentsOf: ["b", "c"])
    #expect(Array(items) == ["a", "b", "c"])
    #expect(items[1] == "b" && items.last == "c")
    #expect(items.indices == 0..<3)
    #expect(Array(items.reversed()) == ["c", "b", "a"])
    #expect(items == LoadedItems(["a", "b", "c"]))
    #expect(items != ["a", "b"])
    #expect(items.description == #"["a", "b", "c"]"#)
    #expect(LoadedItems(1...4).map { $0 * 2 } == [2, 4, 6, 8])
  }

  @Test func snapshotsDoNotSeeLaterAppends() {
    var items: LoadedItems = [1, 2, 3]
    let snapshot = items
    items.append(contentsOf: [4, 5])
    #expect(Array(snapshot) == [1, 2, 3])
    #expect(Array(items) == [1, 2, 3, 4, 5])
  }

  @Test func appendingToTheNewestSnapshotWritesInPlace() {
    var items: LoadedItems = [0]
    var snapshots: [LoadedItems<Int>] = []
    for value in 1..<50_000 {
      snapshots.append(items)
      items.append(value)
    }
    // However many snapshots are kept, the newest one keeps extending the one shared storage:
    // nothing was copied.
    #expect(snapshots.allSatisfy { $0.sharesStorage(with: items) })
    #expect(items.elementsEqual(0..<50_000))
    #expect(snapshots[1_000].count == 1_001 && snapshots[1_000].last == 1_000)
    #expect(snapshots[40_000].elementsEqual(0...40_000))
  }

  @Test(arguments: [[1], [20], [20, 20, 20, 7], [3, 7, 1, 20, 5], [5, 5, 9], [2, 40, 1, 1]])
  func itemsAreFoundWhateverThePageSizes(_ sizes: [Int]) {
    // Same-sized pages are found by division, others by a search over where pages start.
    var items = LoadedItems<Int>()
    var expected: [Int] = []
    for round in 0..<100 {
      let size = sizes[round % sizes.count]
      let values = Array(expected.count..<(expected.count + size))
      items.append(contentsOf: values)
      expected += values
    }
    #expect(Array(items) == expected)
    #expect(items.indices.allSatisfy { items[$0] == expected[$0] })
    #expect(items.last == expected.last && items[items.count / 2] == expected[expected.count / 2])
    var branch = LoadedItems(items.prefix(1_234))
    branch.append(-1)
    #expect(Array(branch) == Array(expected.prefix(1_234)) + [-1])
  }

  @Test func lastPageMayBeLargerThanTheOthers() {
    var items: LoadedItems = [0, 1]
    items.append(contentsOf: [2, 3])
    items.append(contentsOf: Array(4..<40))
    #expect(items.indices.allSatisfy { items[$0] == $0 })
  }

  @Test func appendedArraysAreKeptNotCopied() {
    let page = (0..<100).map { "item \($0)" }
    var items = LoadedItems<String>()
    items.append(contentsOf: page)
    let kept = items.withContiguousStorageIfAvailable { $0.baseAddress }
    #expect(kept == page.withUnsafeBufferPointer { $0.baseAddress })
  }

  @Test func contiguousStorageCoversOnlyASinglePage() {
    let small: LoadedItems = [1, 2, 3]
    #expect(small.withContiguousStorageIfAvailable { Array($0) } == [1, 2, 3])
    #expect(LoadedItems<Int>().withContiguousStorageIfAvailable { $0.count } == 0)
    var twoPages = LoadedItems(0..<17)
    #expect(twoPages.withContiguousStorageIfAvailable { $0.count } == 17)
    twoPages.append(17)
    #expect(twoPages.withContiguousStorageIfAvailable { $0.count } == nil)
  }

  @Test func appendingToAnOlderSnapshotCopiesAndLeavesOthersIntact() {
    var newest: LoadedItems = [1, 2, 3]
    var older = newest
    newest.append(4)
    older.append(40)
    #expect(Array(newest) == [1, 2, 3, 4])
    #expect(Array(older) == [1, 2, 3, 40])
    #expect(!newest.sharesStorage(with: older))
    var third = older
    third.append(contentsOf: [50, 60])
    older.append(41)
    #expect(Array(older) == [1, 2, 3, 40, 41])
    #expect(Array(third) == [1, 2, 3, 40, 50, 60])
  }

  @Test func appendingNothingChangesNothing() {
    var items: LoadedItems = [1]
    let before = items
    items.append(contentsOf: [])
    #expect(items.count == 1 && items.sharesStorage(with: before))
    var empty = LoadedItems<Int>()
    empty.append(contentsOf: [])
    #expect(empty.isEmpty)
  }

  @Test func everyItemIsReleasedExactlyOnce() {
    let counter = LifeCounter()
    do {
      var items = LoadedItems<Tracked>()
      var kept: [LoadedItems<Tracked>] = []
      for round in 0..<200 {
        items.append(contentsOf: (0..<3).map { Tracked(round * 3 + $0, counter) })
        if round.isMultiple(of: 7) { kept.append(items) }
        if round.isMultiple(of: 11) {
          // A branch copies the shared items and adds its own.
          var branch = kept[kept.count / 2]
          branch.append(Tracked(-1, counter))
          kept.append(branch)
        }
      }
      #expect(counter.created == 600 + 19)
      #expect(counter.alive == 600 + 19)
      #expect(items.map(\.value) == Array(0..<600))
      kept.removeAll()
      #expect(counter.alive == 600)
    }
    #expect(counter.alive == 0)
  }

  @Test func concurrentReadersOfOldSnapshotsWhileAppending() async {
    let published = Shared<[LoadedItems<Int>]>([[]])
    let batches = 400
    let mismatches = await withTaskGroup(of: Int.self) { group in
      group.addTask {
        var items = LoadedItems<Int>()
        for batch in 0..<batches {
          items.append(contentsOf: (batch * 50)..<(batch * 50 + 50))
          published.update { $0.append(items) }
        }
        return 0
      }
      for reader in 0..<3 {
        group.addTask {
          var mismatches = 0
          for round in 0..<batches {
            // The newest snapshot shares the buffer the writer is appending to right now; an
            // older one is read while its buffer may be copied away from.
            let (newest, older) = published.update {
              ($0[$0.count - 1], $0[(round * 7 + reader) % $0.count])
            }
            for snapshot in [newest, older] {
              for position in snapshot.indices.suffix(60) where snapshot[position] != position {
                mismatches += 1
              }
            }
          }
          return mismatches
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
    for snapshot in published.value.enumerated() where snapshot.offset.isMultiple(of: 25) {
      #expect(snapshot.element.elementsEqual(0..<snapshot.offset * 50))
    }
    #expect(published.value.last?.count == batches * 50)
  }

  @Test func concurrentAppendsToOneSnapshotEachKeepTheirOwnItems() async {
    var base: LoadedItems = [0, 1, 2]
    for round in 0..<200 {
      let start = base
      let results = await withTaskGroup(of: (Int, [Int]).self) { group in
        for writer in 1...4 {
          group.addTask {
            var copy = start
            copy.append(contentsOf: [round * 100 + writer, -writer])
            return (writer, Array(copy))
          }
        }
        return await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
      }
      for writer in 1...4 {
        #expect(results[writer] == Array(start) + [round * 100 + writer, -writer])
      }
      #expect(Array(start) == Array(base))
      base.append(round)
    }
  }
}

/// Counts how many ``Tracked`` objects exist.
private final class LifeCounter: Sendable {
  private let counts = Mutex((created: 0, released: 0))

  var created: Int { counts.withLock { $0.created } }
  var alive: Int { counts.withLock { $0.created - $0.released } }

  func born() { counts.withLock { $0.created += 1 } }
  func died() { counts.withLock { $0.released += 1 } }
}

/// An item whose lifetime is counted.
private final class Tracked: Sendable {
  let value: Int
  private let counter: LifeCounter

  init(_ value: Int, _ counter: LifeCounter) {
    self.value = value
    self.counter = counter
    counter.born()
  }

  deinit { counter.died() }
}
