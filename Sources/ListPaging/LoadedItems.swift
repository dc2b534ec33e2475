/// The items of a list, as a collection whose copies are O(1) snapshots and whose appends never
/// copy items.
///
/// A snapshot is a shared buffer of pages and a count. Appending to the snapshot that ends
/// where the buffer ends records the new page in place, after the pages every other snapshot
/// sees; appending to any other snapshot first copies the page references (never the items).
/// So a loader can publish its state on every transition, and a slow consumer can keep
/// thousands of states of a list of 50,000 items, without copying them.
///
/// For example:
///
/// ```swift
/// var items: LoadedItems = [1, 2]
/// let snapshot = items        // O(1)
/// items.append(contentsOf: [3, 4])
/// // snapshot is still [1, 2]; items is [1, 2, 3, 4], and both share one buffer.
/// ```
///
/// Each appended collection is kept as one array (an appended `Array` is kept as it is). Access
/// by index is O(1) when every appended page but the last has the same size, as a source's
/// pages do, and O(log pages) otherwise; iteration is O(1) per item. Snapshots may be read from
/// any number of threads while one of them is appended to.
public struct LoadedItems<Item>: RandomAccessCollection {
  @usableFromInline var buffer: ChunkBuffer<Item>?
  @usableFromInline var storedCount: Int
  /// The snapshot's pages are the buffer's entries `-frontCount ..< chunkCount`.
  @usableFromInline var chunkCount: Int
  /// How many of the snapshot's pages were added before the buffer's entry 0.
  @usableFromInline var frontCount: Int
  /// Where the snapshot's first item is in the buffer's numbering of items.
  @usableFromInline var firstStart: Int
  /// When positive, every page but the last holds exactly this many items, so the page of an
  /// index is found by a division.
  @usableFromInline var uniformChunkSize: Int

  /// Creates an empty collection; it allocates nothing until the first append.
  @inlinable
  public init() {
    buffer = nil
    storedCount = 0
    chunkCount = 0
    frontCount = 0
    firstStart = 0
    uniformChunkSize = 0
  }

  /// Creates a collection holding `elements`, in order.
  @inlinable
  public init(_ elements: some Sequence<Item>) {
    self.init()
    append(contentsOf: Array(elements))
  }

  /// The number of items in this snapshot.
  @inlinable
  public var count: Int { storedCount }

  /// The position of the first item: always 0.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position after the last item: always ``count``.
  @inlinable
  public var endIndex: Int { storedCount }

  /// How many pages the snapshot holds.
  @inlinable
  var pageCount: Int { frontCount + chunkCount }

  /// The item at `position`, which must be less than ``count``.
  @inlinable
  public subscript(position: Int) -> Item {
    precondition(position >= 0 && position < storedCount, "LoadedItems index out of range")
    // A non-empty snapshot always has a buffer, and its entries never change.
    let chunk = buffer.unsafelyUnwrapped.chunk(at: chunkIndex(containing: position))
    return chunk.pointee.items[position + firstStart - chunk.pointee.start]
  }

  /// The buffer entry of the page holding `position`.
  @inlinable
  func chunkIndex(containing position: Int) -> Int {
    if uniformChunkSize > 0 {
      // The last page may be larger than the others; everything past them is in it.
      return Swift.min(position / uniformChunkSize, pageCount - 1) - frontCount
    }
    let buffer = self.buffer.unsafelyUnwrapped
    let target = position + firstStart
    var low = -frontCount
    var high = chunkCount - 1
    while low < high {
      let middle = (low + high + 1) >> 1
      if buffer.chunk(at: middle).pointee.start <= target {
        low = middle
      } else {
        high = middle - 1
      }
    }
    return low
  }

  /// Adds `item` at the end.
  @inlinable
  public mutating func append(_ item: Item) {
    append(contentsOf: CollectionOfOne(item))
  }

  /// Adds `items` at the end, in order, as one page.
  ///
  /// O(1) for an `Array` (it is kept, not copied) when this snapshot ends where its shared
  /// buffer ends, as the newest snapshot of a growing list does. Appending to an older
  /// snapshot first copies its page references into a buffer of its own.
  @inlinable
  public mutating func append(contentsOf items: some Collection<Item>) {
    let page = Array(items)
    guard !page.isEmpty else { return }
    let chunk = ChunkBuffer<Item>.Chunk(items: page, start: firstStart + storedCount)
    if pageCount == 0 {
      uniformChunkSize = page.count
    } else if uniformChunkSize > 0,
      buffer.unsafelyUnwrapped.chunk(at: chunkCount - 1).pointee.items.count != uniformChunkSize
    {
      uniformChunkSize = 0
    }
    if let buffer, buffer.append(chunk, at: chunkCount) {
      // Extended in place.
    } else {
      ownBuffer()
      _ = buffer.unsafelyUnwrapped.append(chunk, at: chunkCount)
    }
    chunkCount += 1
    storedCount += page.count
  }

  /// Adds `items` before the first item, in order, as one page.
  ///
  /// O(1) when this snapshot starts where its shared buffer starts, as the newest snapshot of
  /// a list paged towards its start does; otherwise its page references are copied first.
  @inlinable
  mutating func prepend(_ items: [Item]) {
    guard !items.isEmpty else { return }
    guard pageCount > 0 else { return append(contentsOf: items) }
    let chunk = ChunkBuffer<Item>.Chunk(items: items, start: firstStart - items.count)
    // Every page but the last of the snapshot keeps one size only if the new first has it.
    if pageCount == 1 {
      uniformChunkSize = items.count
    } else if items.count != uniformChunkSize {
      uniformChunkSize = 0
    }
    if let buffer, buffer.prepend(chunk, before: frontCount) {
      // Extended in place.
    } else {
      ownBuffer()
      _ = buffer.unsafelyUnwrapped.prepend(chunk, before: 0)
    }
    frontCount += 1
    firstStart -= items.count
    storedCount += items.count
  }

  /// Copies this snapshot's page references into a buffer of its own, as its entries from 0.
  @inlinable
  mutating func ownBuffer() {
    buffer = ChunkBuffer.copying(-frontCount..<chunkCount, of: buffer)
    chunkCount = pageCount
    frontCount = 0
  }

  /// The items of pages `range` (counted from 0, in list order), in a buffer of their own;
  /// the pages' arrays are shared, never copied.
  @inlinable
  func pages(_ range: Range<Int>) -> LoadedItems {
    var result = LoadedItems()
    for index in range {
      result.append(contentsOf: buffer.unsafelyUnwrapped.chunk(at: index - frontCount).pointee.items)
    }
    return result
  }

  /// `items` as a page before these; no page is copied.
  @inlinable
  func prepending(_ items: [Item]) -> LoadedItems {
    var result = self
    result.prepend(items)
    return result
  }

  /// Whether this snapshot and `other` read the same storage, as snapshots of one growing list
  /// do; appending to one of them in place keeps it so.
  @inlinable
  public func sharesStorage(with other: LoadedItems) -> Bool {
    buffer === other.buffer
  }

  /// Calls `body` with the items in contiguous memory when they came in one page; returns nil
  /// otherwise.
  @inlinable
  public func withContiguousStorageIfAvailable<R>(
    _ body: (UnsafeBufferPointer<Item>) throws -> R
  ) rethrows -> R? {
    guard let buffer else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
    guard pageCount == 1 else { return nil }
    return try buffer.chunk(at: -frontCount).pointee.items.withUnsafeBufferPointer(body)
  }

  /// Returns an iterator over the items, page by page.
  @inlinable
  public func makeIterator() -> Iterator {
    Iterator(self)
  }

  /// Iterates over the items of a snapshot in O(1) per item.
  public struct Iterator: IteratorProtocol {
    @usableFromInline let items: LoadedItems
    @usableFromInline var chunk: Int
    @usableFromInline var offset = 0
    @usableFromInline var current: [Item] = []

    @inlinable
    init(_ items: LoadedItems) {
      self.items = items
      chunk = -items.frontCount
    }

    /// The next item, or nil after the last.
    @inlinable
    public mutating func next() -> Item? {
      while offset == current.count {
        guard chunk < items.chunkCount else { return nil }
        current = items.buffer.unsafelyUnwrapped.chunk(at: chunk).pointee.items
        chunk += 1
        offset = 0
      }
      offset += 1
      return current[offset - 1]
    }
  }
}

extension LoadedItems: Sendable where Item: Sendable {}

extension LoadedItems.Iterator: Sendable where Item: Sendable {}

extension LoadedItems: ExpressibleByArrayLiteral {
  /// Creates a collection holding the literal's items.
  @inlinable
  public init(arrayLiteral elements: Item...) {
    self.init(elements)
  }
}

extension LoadedItems: Equatable where Item: Equatable {
  /// Whether both hold equal items in the same order.
  @inlinable
  public static func == (lhs: LoadedItems, rhs: LoadedItems) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}

extension LoadedItems: CustomStringConvertible {
  /// The items, written like an array.
  public var description: String { Array(self).description }
}
