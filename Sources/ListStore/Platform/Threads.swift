#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The store's raw threads, in one place: POSIX threads are imported differently by Glibc and
/// Darwin (an optional or a non-optional `pthread_t`, an optional or a non-optional argument to
/// the start routine), and this is the only file of `ListStore` that calls `pthread_*`.
enum Threads {
  /// Starts `body` on a new detached thread named `name` (up to 15 bytes on Linux).
  ///
  /// - Returns: false when the system could not start a thread; `body` is then not run.
  static func startDetached(named name: String, _ body: @escaping () -> Void) -> Bool {
    let context = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
    #if canImport(Glibc)
      var thread = pthread_t()
      let started = pthread_create(
        &thread, nil, { context in Start.run(context!) }, context)
      if started == 0 { pthread_detach(thread) }
    #elseif canImport(Darwin)
      var thread: pthread_t?
      let started = pthread_create(
        &thread, nil, { context in Start.run(context) }, context)
      if started == 0, let thread { pthread_detach(thread) }
    #endif
    if started != 0 { Unmanaged<Start>.fromOpaque(context).release() }
    return started == 0
  }

  /// A number that tells the calling thread apart from every other running thread.
  static func currentID() -> UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }

  /// Blocks the calling thread for `duration`, at least a millisecond.
  static func sleep(for duration: Duration) {
    let microseconds =
      duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
    usleep(useconds_t(clamping: max(microseconds, 1_000)))
  }

  /// What a new thread runs: it names itself, then runs the body.
  private final class Start {
    let name: String
    let body: () -> Void

    init(name: String, body: @escaping () -> Void) {
      self.name = name
      self.body = body
    }

    static func run(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
      let start = Unmanaged<Start>.fromOpaque(context).takeRetainedValue()
      nameCurrentThread(start.name)
      start.body()
      return nil
    }
  }

  /// Names the calling thread, so `top -H`, a debugger and a test can find it.
  private static func nameCurrentThread(_ name: String) {
    #if canImport(Glibc)
      // pthread_setname_np is a GNU extension Swift's Glibc does not import; the thread's
      // `comm` file is the kernel's own way (proc(5)).
      let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
      if file >= 0 {
        _ = name.withCString { Glibc.write(file, $0, strlen($0)) }
        _ = Glibc.close(file)
      }
    #elseif canImport(Darwin)
      _ = pthread_setname_np(name)
    #endif
  }
}
