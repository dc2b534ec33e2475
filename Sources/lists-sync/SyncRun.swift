import ListPaging
import ListStore
import ListSync
import CLISupport
import ExitCodeTable
import ListProtocol
import TextFormats

/// One run of `lists-sync`, the child `lists sync` and a stale `lists show` start: it is the
/// only executable that links the network stack.
///
/// Arguments (made by `lists`, not typed by people) are ``SyncCommandLine``'s: `--db PATH
/// --account NAME [--busy-timeout MS] [--no-color] [--all] [--continue] [--limit N] [--quiet]
/// [--watch] KIND URL`; anything else, or a number that is not one, is refused (64). `show --events` writes the
/// sync's events itself, from the state this run leaves: one writer, one shape.
/// Headers come in `LISTS_SYNC_HEADERS`, lines `ORIGIN Name: value` that `lists` filtered to
/// the remote's origin; a line of any other origin is refused (64) and nothing is sent.
struct SyncRun {
  var database = ""
  var account = "default"
  var busyTimeout: Int32 = 5000
  var kind = ""
  var url = ""
  var all = false
  var resume = false
  var quiet = false
  var watch = false
  var pageSize = 100

  /// The run `arguments` (without the program name) ask for, or nil when ``SyncCommandLine``
  /// refuses them.
  init?(_ arguments: [String]) {
    guard let parsed = SyncCommandLine.parse(arguments) else { return nil }
    database = parsed.value(SyncCommandLine.database)
    account = parsed.value(SyncCommandLine.account)
    busyTimeout = Int32(parsed.value(SyncCommandLine.busyTimeout))
    kind = parsed.value(SyncCommandLine.kind)
    url = parsed.value(SyncCommandLine.url)
    all = parsed[SyncCommandLine.all]
    resume = parsed[SyncCommandLine.resume]
    quiet = parsed[SyncCommandLine.quiet]
    watch = parsed[SyncCommandLine.watch]
    pageSize = parsed.value(SyncCommandLine.limit)
  }

  /// The URL without its query, for messages: a query may hold a token.
  var shownURL: String { String(url.prefix { $0 != "?" }) }

  /// Syncs; returns the exit status.
  func run(
    headerLines: String?, stdout: @escaping @Sendable (String) -> Void, stderr: @escaping (String) -> Void
  ) async -> Int32 {
    func fail(_ message: String, _ code: Int32) -> Int32 {
      // Quiet (for `show`): the failure is in the sync state, shown as `show` decides.
      // Messages quote the server's values and the file's: escaped like every error of `lists`.
      if !quiet { stderr(ErrorRenderer.render(message: message)) }
      return code
    }
    /// A classified failure's line, and its kind's exit code.
    func fail(_ error: some ClassifiedError) -> Int32 {
      fail(error.message, ExitCode(failureOf: error.kind).rawValue)
    }
    var headers: [RemoteHeader] = []
    do {
      let origin = try RemoteOrigin(url: url)
      for (lineOrigin, field) in try HeaderHandoff.originLines(headerLines ?? "") {
        guard lineOrigin == origin else {
          return fail("a header for \(lineOrigin) was handed over for a remote of \(origin); nothing was sent.", ExitCode.usage.rawValue)
        }
        headers.append(try RemoteHeader(name: field.name, value: field.value))
      }
    } catch let error as RemoteOrigin.Problem {
      return fail(error.message, ExitCode.usage.rawValue)
    } catch let error as HeaderHandoff.Problem {
      return fail(error.message, ExitCode.usage.rawValue)
    } catch let error as RemoteError {
      return fail(error)
    } catch {
      return fail("\(error)", ExitCode.software.rawValue)
    }
    let items: KindItems
    let client: RemoteClient
    do {
      let database = try ListsDatabase(
        path: database, configuration: ListsDatabase.Configuration(busyTimeoutMilliseconds: busyTimeout))
      items = try database.items(of: kind, account: account)
      client = try RemoteClient(RemoteConfiguration(url: url, headers: headers, pageSize: pageSize))
    } catch let error as ListStoreError {
      return fail(error)
    } catch let error as RemoteError {
      return fail(error)
    } catch {
      return fail("\(error)", ExitCode.software.rawValue)
    }
    let sync = KindSync(items: items, client: client)
    if watch { return await Self.watch(sync, kind: kind, stdout: stdout) }
    var pages = 0
    var added = 0
    var last: SyncState?
    // The person's changes first. The pull runs whatever the push did; the exit status is the
    // first failure's.
    var status: Int32 = 0
    func push() async {
      do throws(SyncError) {
        let pushed = try await sync.push()
        if pushed.sent > 0 {
          if !quiet { stdout(TerminalEscaping.escape(pushSummary(pushed)) + "\n") }
        }
        if pushed.conflicts + pushed.rejected > 0 {
          status = fail(Self.answeredSummary(pushed, kind: kind), 65)
        }
      } catch {
        status = fail(error)
      }
    }
    await push()
    do throws(SyncError) {
      let record = { (outcome: RemotePageOutcome) in
        pages += 1
        added += outcome.added
        last = outcome.state
      }
      if all {
        try await sync.all(resume: resume, progress: record)
      } else if resume, let outcome = try await sync.next() {
        record(outcome)
      } else if !resume {
        record(try await sync.refresh())
      }
    } catch {
      // One error line: the first failure's, whose exit status this is. The pull's own failure
      // is kept in the sync state (`show --json`) all the same.
      return status != 0 ? status : fail(error)
    }
    // The first pull from a remote makes the items that were here before it pending adds: they
    // are sent now, so that the sync does not end with changes it could have sent.
    if status == 0, ((try? items.replica.syncChangeCounts().pending) ?? 0) > 0 { await push() }
    guard !quiet else { return status }
    let plural = kind
    let state = last ?? (try? items.replica.syncState()) ?? nil
    var line = "Synced \(pages) page\(pages == 1 ? "" : "s") of \(plural) from \(shownURL): "
    line += "\(state?.itemCount ?? 0) cached (\(added) new)"
    if let state, !state.isComplete {
      line += "; more pages follow: lists sync \(kind) --from \(shownURL) --continue --all"
    }
    stdout(TerminalEscaping.escape(line + ".") + "\n")
    return status
  }

  /// `Sent 3 changes of books to URL: all applied.`, or how many were applied, conflicted and
  /// refused.
  func pushSummary(_ pushed: PushOutcome) -> String {
    let noun = pushed.sent == 1 ? "change" : "changes"
    var line = "Sent \(pushed.sent) \(noun) of \(kind) to \(shownURL): "
    if pushed.applied == pushed.sent {
      line += pushed.sent == 1 ? "applied." : "all applied."
    } else {
      var parts = ["\(pushed.applied) applied"]
      if pushed.conflicts > 0 { parts.append("\(pushed.conflicts) conflicted") }
      if pushed.rejected > 0 { parts.append("\(pushed.rejected) refused") }
      let waiting = pushed.sent - pushed.applied - pushed.conflicts - pushed.rejected
      if waiting > 0 { parts.append("\(waiting) still waiting") }
      line += parts.joined(separator: ", ") + "."
    }
    return line
  }

  /// The error line of a push the remote answered with conflicts or refusals.
  static func answeredSummary(_ pushed: PushOutcome, kind: String) -> String {
    var parts: [String] = []
    if pushed.conflicts > 0 {
      parts.append("\(pushed.conflicts) \(pushed.conflicts == 1 ? "change" : "changes") conflicted with the server")
    }
    if pushed.rejected > 0 {
      parts.append("\(pushed.rejected) \(pushed.rejected == 1 ? "change was" : "changes were") refused by the server")
    }
    return parts.joined(separator: " and ") + ": lists sync status \(kind)"
  }
}
