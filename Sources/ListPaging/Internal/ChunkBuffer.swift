import Synchronization

/// Append-only storage shared by every ``LoadedItems`` snapshot taken from one growing list: the
/// list's pages, each kept as the array the source returned.
///
/// Appending a page stores a reference to its array, so items are never copied, however many
/// pages come in. The pages are recorded in segments of doubling size (16, 32, 64, ... pages),
/// allocated as the list grows, so a recorded page never moves either.
///
/// Entries below ``used`` are written once and never again, so any number of threads may read
/// them while one thread appends beyond them. An append claims its entry with a
/// compare-exchange on ``used``: only a snapshot that ends exactly where the buffer ends may
/// extend it in place; any other snapshot copies the page references into a new buffer, so no
/// entry is written twice.
///
/// Inlinable, like the rest of the per-page path, so that it is specialized for the app's item
/// type instead of running generic code for every item.
@usableFromInline
final class ChunkBuffer<Item> {
  /// One page of items, and the list index of its first item.
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

  /// How many entries are claimed; every claimed entry is initialized before a snapshot that
  /// covers it exists.
  @usableFromInline let used: Atomic<Int>
  /// The segments, nil until their first entry is written.
  @usableFromInline let segments: UnsafeMutablePointer<UnsafeMutablePointer<Chunk>?>

  @inlinable
  init() {
    used = Atomic(0)
    segments = .allocate(capacity: Self.segmentCount)
    segments.initialize(repeating: nil, count: Self.segmentCount)
  }

  @inlinable
  deinit {
    // The last owner is gone, so no append is running: every claimed entry is initialized.
    let count = used.load(ordering: .acquiring)
    var segment = 0
    while let storage = segments[segment] {
      let initialized = Swift.min(count - Self.start(of: segment), Self.size(of: segment))
      storage.deinitialize(count: Swift.max(0, initialized))
      storage.deallocate()
      segment += 1
    }
    segments.deallocate()
  }

  /// The index of the first entry of `segment`.
  @inlinable
  static func start(of segment: Int) -> Int { firstSegment * ((1 &<< segment) - 1) }

  /// How many entries `segment` holds.
  @inlinable
  static func size(of segment: Int) -> Int { firstSegment &<< segment }

  /// The entry at `index`, which the caller's snapshot covers.
  @inlinable
  func chunk(at index: Int) -> UnsafeMutablePointer<Chunk> {
    let group = index / Self.firstSegment + 1
    let segment = Int.bitWidth - 1 - group.leadingZeroBitCount
    return segments[segment].unsafelyUnwrapped + (index - Self.start(of: segment))
  }

  /// Records `chunk` after the first `count` entries if `count` is where the buffer ends;
  /// returns false, writing nothing, otherwise.
  @inlinable
  func append(_ chunk: Chunk, at count: Int) -> Bool {
    let claimed = used.compareExchange(
      expected: count, desired: count + 1, ordering: .acquiringAndReleasing
    ).exchanged
    guard claimed else { return false }
    write(chunk, at: count)
    return true
  }

  /// A new buffer holding the first `count` entries of `source` followed by `chunk`.
  @inlinable
  static func copying(_ count: Int, of source: ChunkBuffer?, appending chunk: Chunk)
    -> ChunkBuffer
  {
    let buffer = ChunkBuffer()
    // Nobody else can see the new buffer yet, so claiming its entries cannot fail.
    buffer.used.store(count + 1, ordering: .releasing)
    if let source {
      var segment = 0
      while start(of: segment) < count {
        let copied = Swift.min(count - start(of: segment), size(of: segment))
        let storage = UnsafeMutablePointer<Chunk>.allocate(capacity: size(of: segment))
        storage.initialize(from: source.segments[segment].unsafelyUnwrapped, count: copied)
        buffer.segments[segment] = storage
        segment += 1
      }
    }
    buffer.write(chunk, at: count)
    return buffer
  }

  /// Initializes entry `index`, which the caller claimed.
  @inlinable
  func write(_ chunk: Chunk, at index: Int) {
    let group = index / Self.firstSegment + 1
    let segment = Int.bitWidth - 1 - group.leadingZeroBitCount
    let storage: UnsafeMutablePointer<Chunk>
    if let existing = segments[segment] {
      storage = existing
    } else {
      // Only the claimer of a segment's first entry gets here, so one thread allocates it.
      storage = .allocate(capacity: Self.size(of: segment))
      segments[segment] = storage
    }
    (storage + (index - Self.start(of: segment))).initialize(to: chunk)
  }
}

extension ChunkBuffer: @unchecked Sendable where Item: Sendable {}
