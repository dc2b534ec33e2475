/// A counting semaphore for the programs the tests run: at most ``limit`` at once.
///
/// The suite shares two cores with every other test target; running all its programs at once
/// would only make them, and the timing-sensitive unit tests beside them, slower. A few at
/// once pay off: a write spends most of its time waiting for `fsync`, not on a core.
actor ProcessSlots {
  /// The slots every run of the tests shares.
  static let shared = ProcessSlots(limit: 4)

  /// How many programs may run at once.
  let limit: Int
  private var available: Int
  private var waiters: [CheckedContinuation<Void, Never>] = []

  init(limit: Int) {
    self.limit = limit
    available = limit
  }

  /// Waits for a free slot and takes it.
  func acquire() async {
    if available > 0 {
      available -= 1
      return
    }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Gives a slot back, to the longest waiter if there is one.
  func release() {
    if waiters.isEmpty {
      available += 1
    } else {
      waiters.removeFirst().resume()
    }
  }
}
