/// The items of a list, as a collection whose copies are O(1) snapshots and whose appends are
/// amortized O(1).
///
/// A snapshot is a shared buffer and a count. Appending to the snapshot that ends where the
/// buffer ends writes in place, after the items every other snapshot sees; appending to any
/// other snapshot copies first. So a loader can publish its state on every transition, and a
/// slow consumer can keep thousands of states of a list of 50,000 items, without copying them.
///
/// For example:
///
/// ```swift
/// var items: LoadedItems = [1, 2]
/// let snapshot = items        // O(1)
/// items.append(contentsOf: [3, 4])
/// // snapshot is still [1, 2]; items is [1, 2, 3, 4], written into the same buffer.
/// ```
///
/// Snapshots may be read from any number of threads while one of them is appended to.
public struct LoadedItems<Item>: RandomAccessCollection {
  private var buffer: ItemBuffer<Item>?
  /// The number of items in this snapshot.
  public private(set) var count: Int

  /// Creates an empty collection; it allocates nothing until the first append.
  public init() {
    buffer = nil
    count = 0
  }

  /// Creates a collection holding `elements`, in order.
  public init(_ elements: some Sequence<Item>) {
    self.init()
    append(contentsOf: Array(elements))
  }

  /// The position of the first item: always 0.
  public var startIndex: Int { 0 }

  /// The position after the last item: always ``count``.
  public var endIndex: Int { count }

  /// The item at `position`, which must be less than ``count``.
  public subscript(position: Int) -> Item {
    precondition(position >= 0 && position < count, "LoadedItems index out of range")
    // A non-empty snapshot always has a buffer.
    return buffer.unsafelyUnwrapped.element(at: position)
  }

  /// Adds `item` at the end.
  public mutating func append(_ item: Item) {
    append(contentsOf: CollectionOfOne(item))
  }

  /// Adds `items` at the end, in order.
  ///
  /// Amortized O(`items.count`): this snapshot extends the shared buffer in place when it ends
  /// where the buffer ends and there is room, and otherwise moves to a new buffer of at least
  /// twice the size.
  public mutating func append(contentsOf items: some Collection<Item>) {
    let added = items.count
    guard added > 0 else { return }
    if let buffer, buffer.append(contentsOf: items, at: count) {
      count += added
      return
    }
    // Room for as many items again: appends stay amortized O(1), and a branch copied from an
    // old snapshot is sized by what it holds, not by the buffer it came from.
    let capacity = (count + added) * 2
    buffer = ItemBuffer.copying(count, from: buffer, appending: items, minimumCapacity: capacity)
    count += added
  }

  /// Calls `body` with the items in contiguous memory, which they always are.
  public func withContiguousStorageIfAvailable<R>(
    _ body: (UnsafeBufferPointer<Item>) throws -> R
  ) rethrows -> R? {
    guard let buffer else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
    return try buffer.withItems(count: count, body)
  }
}

extension LoadedItems: Sendable where Item: Sendable {}

extension LoadedItems: ExpressibleByArrayLiteral {
  /// Creates a collection holding the literal's items.
  public init(arrayLiteral elements: Item...) {
    self.init(elements)
  }
}

extension LoadedItems: Equatable where Item: Equatable {
  /// Whether both hold equal items in the same order.
  public static func == (lhs: LoadedItems, rhs: LoadedItems) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }
}

extension LoadedItems: CustomStringConvertible {
  /// The items, written like an array.
  public var description: String { Array(self).description }
}
