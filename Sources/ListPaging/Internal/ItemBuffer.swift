import Synchronization

/// Append-only storage shared by every ``LoadedItems`` snapshot taken from one growing list.
///
/// Slots below ``used`` are written once and never again, so any number of threads may read
/// them while one thread appends beyond them. An append claims its slots with a
/// compare-exchange on ``used``: only a snapshot that ends exactly where the buffer ends may
/// extend it in place; any other snapshot copies into a new buffer, so no slot is written twice.
final class ItemBuffer<Item> {
  /// How many slots were allocated.
  let capacity: Int
  /// How many slots are claimed; every claimed slot is initialized before a snapshot that
  /// covers it exists.
  private let used: Atomic<Int>
  private let base: UnsafeMutablePointer<Item>

  /// Allocates room for `capacity` items, none of them initialized.
  init(capacity: Int) {
    precondition(capacity > 0, "ItemBuffer needs a positive capacity, got \(capacity)")
    self.capacity = capacity
    self.used = Atomic(0)
    self.base = .allocate(capacity: capacity)
  }

  deinit {
    // The last owner is gone, so no append is running: every claimed slot is initialized.
    base.deinitialize(count: used.load(ordering: .acquiring))
    base.deallocate()
  }

  /// The item in slot `index`, which the caller's snapshot covers.
  @inline(__always)
  func element(at index: Int) -> Item {
    base[index]
  }

  /// Calls `body` with the first `count` slots, which the caller's snapshot covers.
  func withItems<R>(count: Int, _ body: (UnsafeBufferPointer<Item>) throws -> R) rethrows -> R {
    try body(UnsafeBufferPointer(start: base, count: count))
  }

  /// Writes `items` after the first `count` slots if `count` is where the buffer ends and there
  /// is room; returns false, writing nothing, otherwise.
  func append(contentsOf items: some Collection<Item>, at count: Int) -> Bool {
    let added = items.count
    guard added <= capacity - count else { return false }
    let claimed = used.compareExchange(
      expected: count, desired: count + added, ordering: .acquiringAndReleasing
    ).exchanged
    guard claimed else { return false }
    Self.initialize(base + count, from: items, count: added)
    return true
  }

  /// A new buffer holding the first `count` items of `source` followed by `items`, with room to
  /// grow so that appends stay amortized O(1).
  static func copying(
    _ count: Int, from source: ItemBuffer?, appending items: some Collection<Item>,
    minimumCapacity: Int
  ) -> ItemBuffer {
    let added = items.count
    let capacity = max(count + added, minimumCapacity, 16)
    let buffer = ItemBuffer(capacity: capacity)
    // Nobody else can see the new buffer yet, so claiming its slots cannot fail.
    buffer.used.store(count + added, ordering: .releasing)
    if let source, count > 0 {
      (buffer.base).initialize(from: source.base, count: count)
    }
    initialize(buffer.base + count, from: items, count: added)
    return buffer
  }

  private static func initialize(
    _ start: UnsafeMutablePointer<Item>, from items: some Collection<Item>, count: Int
  ) {
    let slots = UnsafeMutableBufferPointer(start: start, count: count)
    var (rest, written) = slots.initialize(from: items)
    // A collection whose count lies would leave claimed slots uninitialized; deinit would then
    // destroy garbage, so stop here instead.
    precondition(written == count && rest.next() == nil, "collection count changed while copying")
  }
}

extension ItemBuffer: @unchecked Sendable where Item: Sendable {}
