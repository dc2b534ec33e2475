/// Finds the word a user probably meant: "Did you mean 'orders'?" for `orderz`.
package enum NearMiss {
  /// The one candidate close to `input`, or nil when none is close or several are equally close.
  ///
  /// Closeness is the optimal-string-alignment (restricted Damerau–Levenshtein) distance,
  /// ignoring case and leading dashes: insertions, deletions, substitutions and swaps of two
  /// neighbours each cost 1. A candidate of `n` characters is close when the distance is at
  /// most `max(1, ⌈n / 3⌉)` — one typo in a short word, two in `orders`, three in `favorites`.
  package static func suggestion(for input: String, among candidates: [String]) -> String? {
    let typed = normalized(input)
    var best: (candidate: String, distance: Int)?
    var isTied = false
    for candidate in candidates {
      let target = normalized(candidate)
      let limit = max(1, (target.count + 2) / 3)
      let distance = editDistance(typed, target)
      guard distance <= limit else { continue }
      if let current = best, distance >= current.distance {
        if distance == current.distance && current.candidate != candidate { isTied = true }
        continue
      }
      best = (candidate, distance)
      isTied = false
    }
    if isTied { return nil }
    return best?.candidate ?? abbreviated(typed, among: candidates)
  }

  /// The one candidate that `typed` abbreviates — at least three characters, the same first
  /// one, the rest in order (`favs` for `favorites`, `addr` for `addresses`) — or nil.
  private static func abbreviated(_ typed: [Unicode.Scalar], among candidates: [String]) -> String? {
    guard typed.count >= 3 else { return nil }
    let matches = candidates.filter { candidate in
      let target = normalized(candidate)
      guard target.first == typed.first, target.count > typed.count else { return false }
      var remaining = typed[...]
      for scalar in target where scalar == remaining.first { remaining.removeFirst() }
      return remaining.isEmpty
    }
    return matches.count == 1 ? matches[0] : nil
  }

  /// The optimal-string-alignment distance between `a` and `b`.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }

  private static func normalized(_ word: String) -> [Unicode.Scalar] {
    Array(word.drop { $0 == "-" }.lowercased().unicodeScalars)
  }
}
