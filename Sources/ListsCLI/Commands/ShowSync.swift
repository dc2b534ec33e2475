import CLISupport
import ListPaging
import ListProtocol
import ListStore
import TextFormats

/// `show`'s network side for a kind with a remote: a refresh by `lists-sync` when the cache
/// is older than `--max-age` or was never synced (none with `--offline`), then the cached rows
/// with the rules of ``CombinedLoadState``: rows are never hidden by the remote (a failure is
/// one notice line and exit 0), nothing cached and never synced is `loading`, the server's empty
/// answer is `empty`, nothing cached and a failed remote is the error placeholder with
/// `Retry: lists sync KIND` and the remote's exit code.
///
/// A kind without a remote costs one query on the connection `show` already opened.
package enum ShowSync {
  /// `--max-age` and `--offline`.
  package struct Options {
    /// The oldest cache shown without a refresh, in milliseconds.
    var maxAge: Int64
    /// Never touch the network.
    var offline: Bool
  }

  /// What the sync side adds to one `show`.
  package struct View: Sendable {
    /// The stored sync state (after the refresh, when one ran).
    var state: SyncState
    /// `fresh`, `stale`, `offline` or `never`.
    var label: String
    /// The remote's failure that decides what shows: this run's, or the last one when cached
    /// rows are shown without a refresh.
    var failure: LoadError?
    /// The stored last error, for the JSON `sync` object.
    var lastError: LoadError?
    /// The exit status of a failed refresh.
    var exitCode: ExitCode?
    /// The person's changes the remote has not answered, and those it conflicted or refused.
    var changes = SyncChangeCounts()

    /// The lines `show` adds under the list for the person's changes: `2 changes not synced
    /// yet.`, and where the remote conflicted or refused, where to see them.
    func changeNotices(kind: String) -> [String] {
      SyncStatus(pending: changes.pending, conflicts: changes.conflicts, rejected: changes.rejected)
        .notices(seeAlso: "lists sync status \(kind)")
    }
  }

  /// Reads `--max-age` and `--offline`.
  static func options(_ parsed: ParsedCommand) throws(CLIError) -> Options {
    let text = parsed.value(ShowSpec.maxAge)
    guard let maxAge = DurationText.milliseconds(text, allowingZero: true) else {
      throw .usageMessage(
        "'\(TerminalEscaping.escape(text))' is not a duration; use a number with s, m, h or d, such as 5m.",
        commandPath: ["show"])
    }
    return Options(maxAge: maxAge, offline: parsed[ShowSpec.offline])
  }

  /// The sync state of `kind`, after a refresh when it is due; nil for a kind without a remote.
  /// Returns whether the cache changed, so that `show` loads its page again.
  ///
  /// - Throws: 64 when a refresh is due and `LISTS_SYNC_HEADERS` holds a line naming no origin
  ///   (nothing is sent then).
  static func refreshIfDue(
    kind: String, _ options: Options, _ database: ListsDatabase?, _ context: Context, events: Bool
  ) async throws(CLIError) -> (view: View, changed: Bool)? {
    guard var result = try await refresh(kind: kind, options, database, context, events: events),
      let items = try? database?.items(of: kind, account: context.account)
    else { return nil }
    // After the refresh, which pushed first: what still waits, conflicted or was refused.
    do {
      result.view.changes = try items.replica.syncChangeCounts()
    } catch {
      throw .store(error)
    }
    return result
  }

  private static func refresh(
    kind: String, _ options: Options, _ database: ListsDatabase?, _ context: Context, events: Bool
  ) async throws(CLIError) -> (view: View, changed: Bool)? {
    guard let database else { return nil }
    let found: SyncState?
    do {
      found = try database.syncState(ofKind: kind, account: context.account)
    } catch .syncStateDamaged(let kind, let account, let detail) {
      // Damage the file holds (a stored value lists never writes): one line and 74, never a
      // refresh to a URL the file chose with credentials in it.
      throw .store(.syncStateDamaged(kind: kind, account: account, detail: detail))
    } catch {
      return nil
    }
    guard let state = found, let items = try? database.items(of: kind, account: context.account) else { return nil }
    let now = database.configuration.now().millisecondsSince1970
    // Checked: a stored time far off, or after now, is a cache to refresh, never a trap.
    let age = state.lastSuccessAt.map { now.subtractingReportingOverflow($0.millisecondsSince1970) }
    let due = age.map { $0.overflow || $0.partialValue < 0 || $0.partialValue > options.maxAge } ?? true
    guard due && !options.offline else {
      var view = View(state: state, label: state.hasSynced ? (due ? "stale" : "fresh") : "never")
      // The last attempt failed after the last success: the cached rows show with the notice.
      // Never synced, nothing was tried now: `loading`, with the stored error in `sync`.
      if let failure = state.lastError {
        view.lastError = failure
        if state.hasSynced {
          view.failure = failure
          view.label = "offline"
        }
      }
      return (view, false)
    }
    // Only the headers of the stored remote's origin: the file chose the URL, not the person.
    let headers = try SyncHeaders(remoteURL: state.remoteURL, environment: SyncCommand.environmentHeaders())
    if events { context.stderr.writeLine(#"{"event":"remote_loading","page":1}"#) }
    context.stderr.flush()
    let spinner = Spinner("Syncing \(kind)…", enabled: context.stderrIsTerminal && !events)
    let status = try? SyncCommand.runChild(
      kind: kind, url: state.remoteURL, options: ["--quiet"], headers: headers, context)
    await spinner.stop()
    let after = (try? items.replica.syncState()) ?? state
    guard status == .success else {
      let failure = after.lastError ?? LoadError(kind: .unknown, message: "the sync failed.", isRetryable: true)
      if events {
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        writer.key("event")
        writer.string("remote_failed")
        writer.key("page")
        writer.int(after.lastErrorPage ?? 1)
        writer.key("kind")
        writer.string(failure.kind.rawValue)
        writer.key("message")
        writer.string(failure.message)
        writer.key("retryable")
        writer.bool(failure.isRetryable)
        writer.endObject()
        context.stderr.writeVerbatimLine(String(decoding: writer.bytes, as: UTF8.self))
      }
      let label = after.hasSynced ? "offline" : "never"
      return (
        View(state: after, label: label, failure: failure, lastError: failure, exitCode: status ?? .software), false
      )
    }
    if events {
      context.stderr.writeLine(#"{"event":"remote_loaded","page":1,"count":\#(after.itemCount)}"#)
    }
    return (View(state: after, label: "fresh"), true)
  }

  /// The loader's state as the two-source rules make it: the remote failure as a notice with
  /// cached rows, `loading` before the first answer, the error placeholder with nothing cached.
  static func combine<Item>(_ state: ListState<Item>, _ view: View) -> ListState<Item> {
    let remote = RemoteLoadState(
      status: view.failure.map { .failed(page: view.state.lastErrorPage ?? 1, error: $0) } ?? .idle,
      hasSynced: view.state.hasSynced, endReached: view.state.isComplete, nextPage: view.state.nextPage)
    let combined = CombinedLoadState(local: state, remote: remote)
    var shown = state
    shown.phase = combined.phase
    if let error = combined.error, shown.phase == .error { shown.error = error }
    if let notice = combined.remoteNotice { shown.refresh = .failed(notice) }
    return shown
  }

  /// Makes `catalog` say what a remote failure means for `kind`.
  static func configure(_ catalog: inout PlaceholderCatalog, kind: String, _ view: View) {
    let since = view.state.lastSuccessAt.map(shortTime)
    catalog.setError(list: kind) { error in
      Placeholder(title: "Couldn't load \(kind)", detail: error.message, action: "Retry: lists sync \(kind)")
    }
    catalog.setNotice(list: kind) { notice in
      CombinedLoadState<Int>.offlineNotice(items: kind, since: since, reason: reason(notice.error.kind))
    }
  }

  /// `14:05` for a time today (UTC), else `2026-11-30 14:05`.
  private static func shortTime(_ time: Timestamp) -> String {
    let shown = time.displayString
    let today = Timestamp.now().displayString
    return shown.prefix(10) == today.prefix(10) ? String(shown.suffix(5)) : shown
  }

  /// A few words on why the remote failed, for the notice.
  private static func reason(_ kind: ErrorKind) -> String {
    switch kind {
    case .unreachable: "server unreachable"
    case .timeout: "the server did not answer in time"
    case .connectionLost: "the connection dropped"
    case .serverError: "server error"
    case .rateLimited: "rate limited by the server"
    case .refused: "refused by the server"
    case .rejected: "the server sent an item this kind rejects"
    default: "the server's answer was not understood"
    }
  }

  /// The `sync` object of `show --json`, or null.
  static func writeJSON(_ view: View?, into writer: inout JSONWriter) {
    guard let view else { return writer.null() }
    writer.beginObject()
    writer.key("remote")
    writer.string(String(view.state.remoteURL.prefix { $0 != "?" }))
    writer.key("state")
    writer.string(view.label)
    writer.key("last_synced_at")
    writer.string(view.state.lastSuccessAt?.iso8601)
    writer.key("error")
    if let failure = view.lastError {
      failure.writeJSON(into: &writer)
    } else {
      writer.null()
    }
    writer.key("pending")
    writer.int(view.changes.pending)
    writer.key("conflicts")
    writer.int(view.changes.conflicts)
    writer.key("rejected")
    writer.int(view.changes.rejected)
    writer.endObject()
  }
}
