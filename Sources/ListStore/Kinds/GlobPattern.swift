/// A SQLite `GLOB` pattern, matched in Swift exactly as the `GLOB` operator matches it in the
/// table's CHECK constraint, so that a value is refused with a clear message before SQLite
/// would refuse it with a constraint error.
///
/// `*` matches any run of characters, `?` one character, `[abc]`, `[a-z]` and `[^a-z]` one
/// character of (or not of) a set; everything else matches itself, case-sensitively.
/// See https://sqlite.org/lang_expr.html#glob
struct GlobPattern: Sendable, Hashable {
  private enum Token: Sendable, Hashable {
    case any
    case one
    case set([ClosedRange<Unicode.Scalar>], negated: Bool)
    case literal(Unicode.Scalar)
  }

  private let tokens: [Token]

  /// The pattern `text`, or nil when a `[` set is never closed.
  init?(_ text: String) {
    var tokens: [Token] = []
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      switch scalar {
      case "*": tokens.append(.any)
      case "?": tokens.append(.one)
      case "[":
        var negated = false
        if index < scalars.count && scalars[index] == "^" {
          negated = true
          index += 1
        }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var first = true
        while index < scalars.count && (scalars[index] != "]" || first) {
          first = false
          let low = scalars[index]
          if index + 2 < scalars.count && scalars[index + 1] == "-" && scalars[index + 2] != "]" {
            let high = scalars[index + 2]
            guard low <= high else { return nil }
            ranges.append(low...high)
            index += 3
          } else {
            ranges.append(low...low)
            index += 1
          }
        }
        guard index < scalars.count else { return nil }
        index += 1
        tokens.append(.set(ranges, negated: negated))
      default: tokens.append(.literal(scalar))
      }
    }
    self.tokens = tokens
  }

  /// Whether the whole of `text` matches.
  func matches(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    // Classic backtracking over the last `*`: linear for patterns without stars.
    var t = 0
    var s = 0
    var star: (token: Int, scalar: Int)?
    while s < scalars.count {
      if t < tokens.count {
        switch tokens[t] {
        case .any:
          star = (t, s)
          t += 1
          continue
        case .one:
          t += 1
          s += 1
          continue
        case .set(let ranges, let negated):
          if ranges.contains(where: { $0.contains(scalars[s]) }) != negated {
            t += 1
            s += 1
            continue
          }
        case .literal(let literal):
          if literal == scalars[s] {
            t += 1
            s += 1
            continue
          }
        }
      }
      guard let last = star else { return false }
      star = (last.token, last.scalar + 1)
      t = last.token + 1
      s = last.scalar + 1
    }
    while t < tokens.count, case .any = tokens[t] { t += 1 }
    return t == tokens.count
  }
}
