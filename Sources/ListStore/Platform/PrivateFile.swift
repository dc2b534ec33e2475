#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files and folders made private to their owner, whatever the process's umask.
///
/// A lists database holds names, street addresses and phone numbers, so what the store creates
/// is readable by its owner alone: a new database file is `0600` (SQLite gives its `-wal` and
/// `-shm` files the database file's mode), and a new folder `0700`, as the XDG Base Directory
/// specification asks. What already exists keeps the mode its owner gave it.
package enum PrivateFile {
  /// The mode of a new database file: read and write for the owner only.
  package static let fileMode: mode_t = 0o600
  /// The mode of a new folder: the owner only.
  package static let folderMode: mode_t = 0o700

  /// Creates an empty file at `path` with mode ``fileMode``, unless something is there already
  /// (then nothing is changed and this succeeds: another process may have just created it).
  ///
  /// The mode is set with `fchmod` after the `open`, because the umask can take bits away
  /// from the mode `open` is given (a umask of `0277` would leave the owner unable to write).
  /// - Returns: `0` on success, else the `errno` of the failure.
  package static func createEmptyFile(at path: String) -> Int32 {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode)
    if descriptor < 0 { return errno == EEXIST ? 0 : errno }
    defer { close(descriptor) }
    return fchmod(descriptor, fileMode) == 0 ? 0 : errno
  }

  /// Creates the folder `path` with mode ``folderMode``.
  /// - Returns: `0` when it was made, `EEXIST` when something is there already (its mode is left
  ///   alone), else the `errno` of the failure.
  package static func createFolder(at path: String) -> Int32 {
    if mkdir(path, folderMode) != 0 { return errno }
    return chmod(path, folderMode) == 0 ? 0 : errno
  }
}
