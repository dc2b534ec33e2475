/// A count on stderr that updates in place while a long command runs (`Importing… 12000
/// orders`), only when stderr is a terminal. Redrawn at most ten times a second.
package final class Progress {
  private let stderr: OutputWriter
  private let isEnabled: Bool
  private let verb: String
  private let noun: String
  private var count = 0
  private var lastDraw: UInt64 = 0
  private var drawn = false

  /// A progress line for `context`'s stderr, e.g. verb `Importing`, noun `orders`.
  package init(context: Context, verb: String, noun: String) {
    self.stderr = context.stderr
    self.isEnabled = context.stderrIsTerminal
    self.verb = verb
    self.noun = noun
  }

  /// Counts one more item.
  package func advance() {
    count += 1
    guard isEnabled, count & 0x3ff == 0 else { return }
    let now = System.monotonicNanoseconds()
    guard now - lastDraw > 100_000_000 else { return }
    lastDraw = now
    drawn = true
    stderr.write("\r\u{1B}[2K\(verb)… \(count) \(noun)")
    stderr.flush()
  }

  /// Clears the line, if one was drawn.
  package func finish() {
    guard drawn else { return }
    stderr.write("\r\u{1B}[2K")
    stderr.flush()
  }
}
