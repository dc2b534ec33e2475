#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a spawned child's descriptors become: the owner of a `posix_spawn_file_actions_t`.
final class FileActions {
  var raw = posix_spawn_file_actions_t()

  init() { posix_spawn_file_actions_init(&raw) }

  deinit { posix_spawn_file_actions_destroy(&raw) }

  /// The child's `descriptor` is `path`, opened with `flags` (`O_RDONLY`, `O_WRONLY`).
  func open(_ path: String, flags: Int32, as descriptor: Int32) {
    posix_spawn_file_actions_addopen(&raw, descriptor, path, flags, 0)
  }

  /// The child's `target` is the parent's `source` (which may be close-on-exec).
  func dup(_ source: Int32, to target: Int32) {
    posix_spawn_file_actions_adddup2(&raw, source, target)
  }

  /// Routes `output` to the child's `descriptor`; returns the pipe to read when it is captured.
  func route(_ output: ChildProcess.Output, to descriptor: Int32) throws -> DescriptorPipe? {
    switch output {
    case .inherit:
      if descriptor != 1 { dup(1, to: descriptor) }
      return nil
    case .discard:
      open("/dev/null", flags: O_WRONLY, as: descriptor)
      return nil
    case .standardError:
      dup(2, to: descriptor)
      return nil
    case .capture:
      let pipe = try DescriptorPipe()
      dup(pipe.write, to: descriptor)
      return pipe
    }
  }
}

/// A pipe whose two ends are close-on-exec, so a child only gets the end it is handed with
/// ``FileActions/dup(_:to:)``. Each end is closed once, by hand or when released.
final class DescriptorPipe {
  let read: Int32
  let write: Int32
  private var readIsOpen = true
  private var writeIsOpen = true

  init() throws {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw BenchError.child("pipe() failed: \(String(cString: strerror(errno)))")
    }
    (read, write) = (ends[0], ends[1])
    _ = fcntl(read, F_SETFD, FD_CLOEXEC)
    _ = fcntl(write, F_SETFD, FD_CLOEXEC)
  }

  deinit {
    closeRead()
    closeWrite()
  }

  /// Closes the reading end.
  func closeRead() {
    if readIsOpen { _ = close(read) }
    readIsOpen = false
  }

  /// Closes the writing end, so that the reader sees the end once the child is done.
  func closeWrite() {
    if writeIsOpen { _ = close(write) }
    writeIsOpen = false
  }
}
