import CLISupport

/// `lists sync KIND --from URL [--all] [--continue] [--header "Name: value"]... [--limit N]`.
package enum SyncSpec {
  /// The kind the remote feeds.
  package static let kind = Argument<String>("kind", help: "The kind the remote's items are of.")
  /// `--from URL`.
  package static let from = Option<String>(
    "--from", placeholder: "url",
    help: "The remote list: GET URL?limit=N[&cursor=C] answers {\"items\": [...], \"next_cursor\": ...}, "
      + "and POST URL takes the changes made here. Needed the first time; afterwards the stored URL.")
  /// `--limit N`: items per request.
  package static let limit = Option<Int>(
    "--limit", placeholder: "n", help: "Items asked for per request.", range: 1...500, default: 100)
  /// `--all`.
  package static let all = Flag("--all", help: "Fetch every page, not only the first.")
  /// `--continue`.
  package static let resume = Flag(
    "--continue",
    help: "Go on from the stored remote cursor instead of refreshing (with --all: to the last page).")
  /// `--watch`.
  package static let watch = Flag(
    "--watch",
    help: "Keep the kind in step with its remote until interrupted: send each change soon after it is made "
      + "(by any program), fetch every minute, and back off while the remote is down.")
  /// `--header "Name: value"`, repeatable.
  package static let header = Option<String>(
    "--header", placeholder: "name: value",
    help: "A header sent with every request to this URL's origin only, such as Authorization; @FILE reads "
      + "\"Name: value\" lines from FILE. Its value is never printed or stored.",
    isRepeatable: true)

  /// `sync status [KIND] [--json]`.
  package enum Status {
    /// The kind, or every synced kind when not given.
    package static let kind = Argument<String>(
      "kind", help: "The kind whose sync to show; every synced kind when not given.", isRequired: false,
      completion: .lists)
    /// `--json`.
    package static let json = Flag("--json", help: "Print one JSON object.")
    /// The command.
    package static let command = CommandSpec(
      name: "status", abstract: "Shows each synced kind's remote, when it last synced, and its changes.",
      discussion: "For every synced kind (or the one named): the remote, the state, when it last synced, how "
        + "many changes wait, and every change the remote conflicted with or refused: the item, what was "
        + "sent, what the remote answered and when.",
      id: .syncStatus, arguments: [kind.spec], options: [json.spec])
  }

  /// `sync resolve KIND CHANGE_ID --discard | --retry`.
  package enum Resolve {
    /// The kind.
    package static let kind = Argument<String>("kind", help: "The kind the change is of.")
    /// The change.
    package static let change = Argument<String>("change-id", help: "The change's id, as sync status shows it.")
    /// `--discard`.
    package static let discard = Flag(
      "--discard", help: "Forget the conflicted or refused change; the item stays as the remote has it.")
    /// `--retry`.
    package static let retry = Flag(
      "--retry", help: "Send the change again, as a new change on top of the remote's item, at the next sync.")
    /// The command.
    package static let command = CommandSpec(
      name: "resolve", abstract: "Forgets a change the remote conflicted with or refused, or sends it again.",
      discussion: "Exactly one of --discard and --retry. A change to an item the remote no longer has can only "
        + "be forgotten (65).",
      id: .syncResolve, arguments: [kind.spec, change.spec], options: [discard.spec, retry.spec])
  }

  /// The command.
  package static let command = CommandSpec(
    name: "sync", abstract: "Sends the changes made here to a remote list, then fetches it into the file.",
    discussion: "Every change not synced yet is sent first, in the order it was made, each exactly once; "
      + "then the first page (every page with --all) is written, each in one transaction with the cursor "
      + "that follows it. Nothing made here is removed by a fetch; a complete walk removes what the remote "
      + "no longer holds. Exit 69 unreachable, 75 timeout or 5xx/429 (retried first), 76 the remote broke "
      + "the protocol, 77 refused (401/403), 65 an item the kind rejects or a change the remote refused or "
      + "conflicted with.",
    id: .sync, arguments: [kind.spec], options: [from.spec, all.spec, resume.spec, watch.spec, header.spec, limit.spec],
    subcommands: [Status.command, Resolve.command])
}
