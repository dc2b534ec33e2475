import Synchronization

/// Storage shared by every ``LoadedItems`` snapshot taken from one list that grows at both
/// ends: the list's pages, each kept as the array the source returned.
///
/// Adding a page stores a reference to its array, so items are never copied, however many
/// pages come in. Pages added at the end take the entries 0, 1, 2, ...; pages added before the
/// first take the entries -1, -2, ... (a list opened in its middle and paged towards its start).
/// Each side is recorded in segments of doubling size (16, 32, 64, ... pages), allocated as the
/// list grows, so a recorded page never moves either.
///
/// Entries are written once and never again, so any number of threads may read them while one
/// thread adds beyond them. An addition claims its entry with a compare-exchange on ``used``
/// (at the end) or ``frontUsed`` (before the first): only a snapshot that reaches that end of
/// the buffer may extend it in place; any other snapshot copies the page references into a new
/// buffer, so no entry is written twice.
///
/// Inlinable, like the rest of the per-page path, so that it is specialized for the app's item
/// type instead of running generic code for every item.
@usableFromInline
final class ChunkBuffer<Item> {
  /// One page of items, and where its first item is in the buffer's own numbering of items
  /// (negative for the pages added before the first one).
  @usableFromInline
  struct Chunk {
    @usableFromInline let items: [Item]
    @usableFromInline let start: Int

    @inlinable
    init(items: [Item], start: Int) {
      self.items = items
      self.start = start
    }
  }

  /// How many entries the first segment holds; segment `k` holds `firstSegment << k`.
  @usableFromInline static var firstSegment: Int { 16 }
  /// Enough segments for any count an `Int` can hold.
  @usableFromInline static var segmentCount: Int { Int.bitWidth - 4 }

  /// How many entries from 0 up are claimed; every claimed entry is initialized before a
  /// snapshot that covers it exists.
  @usableFromInline let used: Atomic<Int>
  /// How many entries from -1 down are claimed, likewise.
  @usableFromInline let frontUsed: Atomic<Int>
  /// The segments of the entries from 0 up, then those of the entries from -1 down (entry
  /// `-1 - k` is kept as entry `k` of the second half); nil until their first entry is written.
  @usableFromInline let segments: UnsafeMutablePointer<UnsafeMutablePointer<Chunk>?>

  @inlinable
  init() {
    used = Atomic(0)
    frontUsed = Atomic(0)
    segments = .allocate(capacity: 2 * Self.segmentCount)
    segments.initialize(repeating: nil, count: 2 * Self.segmentCount)
  }

  @inlinable
  deinit {
    // The last owner is gone, so nothing is being added: every claimed entry is initialized.
    Self.release(segments, count: used.load(ordering: .acquiring))
    Self.release(segments + Self.segmentCount, count: frontUsed.load(ordering: .acquiring))
    segments.deallocate()
  }

  /// Deinitializes the first `count` entries of the side whose segments start at `side`, and
  /// frees its segments.
  @inlinable
  static func release(_ side: UnsafeMutablePointer<UnsafeMutablePointer<Chunk>?>, count: Int) {
    var segment = 0
    while segment < segmentCount, let storage = side[segment] {
      let initialized = Swift.min(count - start(of: segment), size(of: segment))
      storage.deinitialize(count: Swift.max(0, initialized))
      storage.deallocate()
      segment += 1
    }
  }

  /// The index of the first entry of `segment`.
  @inlinable
  static func start(of segment: Int) -> Int { firstSegment * ((1 &<< segment) - 1) }

  /// How many entries `segment` holds.
  @inlinable
  static func size(of segment: Int) -> Int { firstSegment &<< segment }

  /// The segment that holds position `index` of one side (0 up), and its segments' index.
  @inlinable
  static func segment(holding index: Int) -> Int {
    let group = index / firstSegment + 1
    return Int.bitWidth - 1 - group.leadingZeroBitCount
  }

  /// Where entry `index` (negative before the first page added at the end) is kept.
  @inlinable
  func slot(_ index: Int) -> (side: UnsafeMutablePointer<UnsafeMutablePointer<Chunk>?>, position: Int) {
    index >= 0 ? (segments, index) : (segments + Self.segmentCount, -1 - index)
  }

  /// The entry at `index`, which the caller's snapshot covers.
  @inlinable
  func chunk(at index: Int) -> UnsafeMutablePointer<Chunk> {
    let (side, position) = slot(index)
    let segment = Self.segment(holding: position)
    return side[segment].unsafelyUnwrapped + (position - Self.start(of: segment))
  }

  /// Records `chunk` after the first `count` entries if `count` is where the buffer ends;
  /// returns false, writing nothing, otherwise.
  @inlinable
  func append(_ chunk: Chunk, at count: Int) -> Bool {
    guard Self.claim(used, after: count) else { return false }
    write(chunk, at: count)
    return true
  }

  /// Records `chunk` before the first `frontCount` entries below 0 (as entry
  /// `-1 - frontCount`) if that is where the buffer starts; returns false, writing nothing,
  /// otherwise.
  @inlinable
  func prepend(_ chunk: Chunk, before frontCount: Int) -> Bool {
    guard Self.claim(frontUsed, after: frontCount) else { return false }
    write(chunk, at: -1 - frontCount)
    return true
  }

  /// Claims the entry after the first `count` of one side, whose claimed count is `counter`:
  /// whether `count` was where that side ended.
  @inlinable
  static func claim(_ counter: borrowing Atomic<Int>, after count: Int) -> Bool {
    counter.compareExchange(expected: count, desired: count + 1, ordering: .acquiringAndReleasing).exchanged
  }

  /// A new buffer holding the entries `range` of `source` as its entries from 0 up, each
  /// where it was in the numbering of items.
  @inlinable
  static func copying(_ range: Range<Int>, of source: ChunkBuffer?) -> ChunkBuffer {
    let buffer = ChunkBuffer()
    // Nobody else can see the new buffer yet, so claiming its entries cannot fail.
    buffer.used.store(range.count, ordering: .releasing)
    guard let source else { return buffer }
    for (index, entry) in range.enumerated() {
      buffer.write(source.chunk(at: entry).pointee, at: index)
    }
    return buffer
  }

  /// Initializes entry `index`, which the caller claimed.
  @inlinable
  func write(_ chunk: Chunk, at index: Int) {
    let (side, position) = slot(index)
    let segment = Self.segment(holding: position)
    let storage: UnsafeMutablePointer<Chunk>
    if let existing = side[segment] {
      storage = existing
    } else {
      // Only the claimer of a segment's first entry gets here, so one thread allocates it.
      storage = .allocate(capacity: Self.size(of: segment))
      side[segment] = storage
    }
    (storage + (position - Self.start(of: segment))).initialize(to: chunk)
  }
}

extension ChunkBuffer: @unchecked Sendable where Item: Sendable {}
