#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a full-screen command (`lists browse`) asks of the terminal device: raw mode and its
/// undoing, the size in rows and columns, and waiting for a key with a timeout.
///
/// Beside ``System``, the only other file of `ListsCLI` that touches the C library.
package enum TerminalDevice {
  /// The settings of a terminal as they were before raw mode, to put back.
  package struct SavedMode: @unchecked Sendable {
    // `termios` is a plain C struct of integers; sending a copy between threads is safe.
    fileprivate var settings: termios
  }

  /// Puts the terminal on `descriptor` in raw mode — no echo, no line editing, no signals from
  /// Ctrl-C or Ctrl-Z (they arrive as bytes), no output processing — and returns what to
  /// restore; nil when `descriptor` is not a terminal.
  package static func enterRawMode(_ descriptor: Int32) -> SavedMode? {
    var original = termios()
    guard tcgetattr(descriptor, &original) == 0 else { return nil }
    var raw = original
    // What cfmakeraw(3) does, spelled out: it is not in every C library's headers alike.
    raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
    raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
    raw.c_cflag |= tcflag_t(CS8)
    // Reads return what is there, even nothing: the caller waits with `poll` first.
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 0
      bytes[Int(VTIME)] = 0
    }
    guard tcsetattr(descriptor, TCSAFLUSH, &raw) == 0 else { return nil }
    return SavedMode(settings: original)
  }

  /// Puts back the settings `saved` (`tcsetattr(3)`), after the output written so far drained.
  package static func restore(_ saved: SavedMode, on descriptor: Int32) {
    var settings = saved.settings
    _ = tcsetattr(descriptor, TCSADRAIN, &settings)
  }

  /// The size of the terminal on `descriptor` (`ioctl(TIOCGWINSZ)`), or nil; `rows` is 0 when
  /// the terminal gives its width only.
  package static func size(_ descriptor: Int32) -> (rows: Int, columns: Int)? {
    #if canImport(Darwin)
      // TIOCGWINSZ is _IOR('t', 104, struct winsize) there, a macro Swift does not import.
      let request = UInt(0x4008_7468)
    #else
      let request = UInt(TIOCGWINSZ)
    #endif
    var size = winsize()
    guard ioctl(descriptor, request, &size) == 0, size.ws_col > 0 else {
      return nil
    }
    return (Int(size.ws_row), Int(size.ws_col))
  }

  /// Waits up to `milliseconds` for `descriptor` to have bytes to read (`poll(2)`); true when
  /// it has, or when it reached its end or failed (a read then says so).
  package static func waitForInput(_ descriptor: Int32, milliseconds: Int32) -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    let ready = poll(&request, 1, milliseconds)
    if ready < 0 { return errno != EINTR }
    return ready > 0
  }
}
