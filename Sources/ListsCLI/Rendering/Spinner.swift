/// `⠋ Loading orders…` on stderr while a load runs, drawn only when stderr is a terminal and
/// the load has taken longer than 150 ms, so fast loads never flicker.
///
/// It draws from its own task with plain `write(2)` calls, so it needs nothing that the
/// command's thread uses; ``stop()`` erases it before the command writes anything else.
package final class Spinner {
  private let task: Task<Bool, Never>?

  /// Starts a spinner with `message` when `enabled`.
  package init(_ message: TerminalText, enabled: Bool, delay: Duration = .milliseconds(150)) {
    guard enabled else {
      task = nil
      return
    }
    task = Task.detached {
      do { try await Task.sleep(for: delay) } catch { return false }
      let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
      var index = 0
      // Hide the cursor while spinning.
      Spinner.write("\u{1B}[?25l")
      while !Task.isCancelled {
        Spinner.write("\r\u{1B}[2K\(frames[index % frames.count]) \(message)")
        index += 1
        do { try await Task.sleep(for: .milliseconds(80)) } catch { break }
      }
      return true
    }
  }

  /// Stops the spinner and erases its line (and shows the cursor again) if it was drawn.
  package func stop() async {
    guard let task else { return }
    task.cancel()
    if await task.value {
      Spinner.write("\r\u{1B}[2K\u{1B}[?25h")
    }
  }

  private static func write(_ text: TerminalText) {
    var text = text.text
    text.withUTF8 { bytes in _ = System.writeAll(System.standardError, UnsafeRawBufferPointer(bytes)) }
  }
}
