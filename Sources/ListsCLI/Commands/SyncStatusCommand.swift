import CLISupport
import ListStore
import TextFormats

/// `lists sync status [KIND] [--json]` and `lists sync resolve KIND CHANGE_ID --discard|--retry`:
/// what each synced kind's remote is, when it last synced, what waits for it, and the changes it
/// conflicted with or refused — and forgetting one of those once the person has seen it, or
/// queueing it to be sent again.
///
/// Only reads the file (status) or changes one answered change (resolve); never the network.
package enum SyncStatusCommand {
  package static func run(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let database = try context.openForReading()
    let named = parsed.values(SyncSpec.Status.kind).first
    var kinds: [(items: KindItems, state: SyncState)] = []
    let names: [String]
    if let named {
      _ = try context.items(named: named, in: database)
      names = [named]
    } else {
      names = try store { () throws(ListStoreError) in try database.kinds().map(\.definition.name) }
    }
    for name in names {
      let items = try context.items(named: name, in: database)
      let state = try store { () throws(ListStoreError) in try items.replica.syncState() }
      if let state { kinds.append((items, state)) }
    }
    let now = database.configuration.now()
    var reports: [Report] = []
    for (items, state) in kinds {
      let changes = try store { () throws(ListStoreError) in try items.replica.syncChanges() }
      reports.append(Report(kind: items.definition.name, state: state, changes: changes, now: now))
    }
    if parsed[SyncSpec.Status.json] {
      var writer = JSONWriter(capacity: 1024)
      writer.beginObject()
      writer.key("kinds")
      writer.beginArray()
      for report in reports { report.writeJSON(into: &writer) }
      writer.endArray()
      writer.endObject()
      context.stdout.writeVerbatimLine(String(decoding: writer.bytes, as: UTF8.self))
      return .success
    }
    if reports.isEmpty {
      context.stdout.writeLine(
        named.map { "\($0) has no remote: lists sync \($0) --from URL" } ?? "No kind syncs with a remote yet.")
      return .success
    }
    for (index, report) in reports.enumerated() {
      if index > 0 { context.stdout.writeLine("") }
      report.writeLines(to: context.stdout)
    }
    return .success
  }

  package static func resolve(_ parsed: ParsedCommand, _ context: Context) throws(CLIError) -> ExitCode {
    let kind = parsed.value(SyncSpec.Resolve.kind)
    let changeID = parsed.value(SyncSpec.Resolve.change)
    let discard = parsed[SyncSpec.Resolve.discard]
    guard discard != parsed[SyncSpec.Resolve.retry] else {
      throw .usageMessage(
        discard
          ? "--discard and --retry cannot both be given."
          : "Say what to do with the change: --discard forgets it, --retry sends it again.",
        commandPath: ["sync", "resolve"])
    }
    let notFound = CLIError.other(
      "\(kind) has no conflicted or refused change '\(changeID)'; see lists sync status \(kind).", .dataError)
    if discard {
      let forgotten = try context.writing { database throws(CLIError) in
        let items = try context.items(named: kind, in: database)
        return try store { () throws(ListStoreError) in try items.replica.forgetAnsweredChange(id: changeID) }
      }
      guard forgotten else { throw notFound }
      context.stdout.writeLine("Forgot the change \(changeID) of \(kind).")
      return .success
    }
    let retry = try context.writing { database throws(CLIError) in
      let items = try context.items(named: kind, in: database)
      return try store { () throws(ListStoreError) in try items.replica.retryAnsweredChange(id: changeID) }
    }
    switch retry {
    case .queued(let newID):
      context.stdout.writeLine(
        "The change \(changeID) of \(kind) will be sent again as \(newID) by the next sync: lists sync \(kind)")
      return .success
    case .notFound: throw notFound
    case .remoteItemGone:
      throw .other(
        "The remote no longer has the item of the change \(changeID); it can only be forgotten: "
          + "lists sync resolve \(kind) \(changeID) --discard", .dataError)
    }
  }

  private static func store<T>(_ body: () throws(ListStoreError) -> T) throws(CLIError) -> T {
    do {
      return try body()
    } catch {
      throw .store(error)
    }
  }

  /// One synced kind, as status shows it.
  struct Report {
    var kind: String
    var state: SyncState
    var changes: [SyncChange]
    var now: Timestamp

    var waiting: Int { changes.filter { $0.state == .pending || $0.state == .sent }.count }
    var answered: [SyncChange] { changes.filter { $0.state == .conflict || $0.state == .rejected } }
    var label: String {
      guard let last = state.lastSuccessAt else { return "never" }
      if state.lastError != nil, (state.lastAttemptAt?.millisecondsSince1970 ?? 0) > last.millisecondsSince1970 {
        return "offline"
      }
      return "synced"
    }
    var remote: String { String(state.remoteURL.prefix { $0 != "?" }) }

    func writeLines(to out: OutputWriter) {
      out.writeLine("\(kind): \(remote)")
      out.writeLine("  state: \(label), last synced \(state.lastSuccessAt?.iso8601 ?? "never")")
      if let error = state.lastError { out.writeLine("  last error: \(error.message)") }
      out.writeLine("  \(waiting) \(waiting == 1 ? "change" : "changes") not synced yet")
      for change in answered {
        let what = change.state == .conflict ? "conflicted" : "refused"
        out.writeLine(
          "  \(change.changeID ?? "-")  \(change.operation.rawValue) of item \(change.itemID), \(what) at "
            + "\(change.answeredAt?.iso8601 ?? "?")")
        if let sent = change.sent { out.writeLine("    sent:     \(sent)") }
        if let answer = change.answer { out.writeLine("    answered: \(answer)") }
        out.writeLine("    forget it: lists sync resolve \(kind) \(change.changeID ?? "-") --discard")
        out.writeLine("    send it again: lists sync resolve \(kind) \(change.changeID ?? "-") --retry")
      }
    }

    func writeJSON(into writer: inout JSONWriter) {
      writer.beginObject()
      writer.key("kind")
      writer.string(kind)
      writer.key("remote")
      writer.string(remote)
      writer.key("state")
      writer.string(label)
      writer.key("last_synced_at")
      writer.string(state.lastSuccessAt?.iso8601)
      writer.key("pending")
      writer.int(waiting)
      writer.key("changes")
      writer.beginArray()
      for change in answered {
        writer.beginObject()
        writer.key("change_id")
        writer.string(change.changeID)
        writer.key("item_id")
        writer.int(Int(change.itemID))
        writer.key("op")
        writer.string(change.operation.rawValue)
        writer.key("state")
        writer.string(change.state == .conflict ? "conflict" : "rejected")
        writer.key("sent")
        Self.writeEmbedded(change.sent, into: &writer)
        writer.key("answer")
        Self.writeEmbedded(change.answer, into: &writer)
        writer.key("answered_at")
        writer.string(change.answeredAt?.iso8601)
        writer.endObject()
      }
      writer.endArray()
      writer.endObject()
    }

    /// A JSON object kept as text, written as the object it is (re-parsed, so a file edited by
    /// another program cannot break the output), or null.
    static func writeEmbedded(_ text: String?, into writer: inout JSONWriter) {
      guard let text, let value = try? JSONParser.parse(text) else { return writer.null() }
      writer.value(value)
    }
  }
}
