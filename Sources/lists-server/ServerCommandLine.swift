import CLISupport

/// The command line of `lists-server` as data, read by the shared ``CommandLineParser``; its help
/// pages and usage lines come from it.
enum ServerCommandLine {
  /// `--db PATH`: the storage file, after any command's words.
  static let database = Option<String>(
    "--db", placeholder: "path", help: "The server's database file.",
    defaultDescription: "$XDG_DATA_HOME/lists/server.db, else ~/.local/share/lists/server.db",
    completion: .files)
  /// `--postgres CONNINFO` (repeatable): the PostgreSQL nodes, the first holding kinds and
  /// tokens, after any command's words.
  static let postgres = Option<String>(
    "--postgres", placeholder: "conninfo",
    help:
      "A PostgreSQL node (libpq connection string or URI), instead of --db; repeat for each node, in the same order everywhere.",
    isRepeatable: true)
  /// `--listen HOST:PORT`.
  static let listen = Option<String>(
    "--listen", placeholder: "host:port",
    help: "The numeric address and port to listen on; port 0 picks a free one.",
    default: "127.0.0.1:8080")
  /// `--threads N`.
  static let threads = Option<Int>(
    "--threads", placeholder: "n", help: "Threads that serve requests.", range: 1...256, default: 4)
  /// `--max-connections N`.
  static let maxConnections = Option<Int>(
    "--max-connections", placeholder: "n",
    help: "Connections served at once; past them a request is answered 503.",
    range: 1...100_000, default: 1024)
  /// `--keep-deleted DURATION`.
  static let keepDeleted = Option<String>(
    "--keep-deleted", placeholder: "duration",
    help:
      "How long deletions are kept for pulls since a checkpoint (30d, 12h, 15m, 90s); an older checkpoint is answered 410.",
    default: "30d")
  /// `--keep-answers DURATION`.
  static let keepAnswers = Option<String>(
    "--keep-answers", placeholder: "duration",
    help: "How long each change's answer is kept for a change sent again (30d, 12h, 15m, 90s).",
    default: "30d")
  /// `FILE`: a kind's definition.
  static let definitionFile = Argument<String>(
    "file", help: "A JSON file holding the kind's definition.", completion: .files)
  /// `ACCOUNT`: whose token.
  static let account = Argument<String>("account", help: "The account the token reaches.")
  /// `TOKEN_ID`: which token.
  static let tokenID = Argument<String>("token-id", help: "The token's id, as token list shows it.")

  /// `CONNINFO`: a PostgreSQL node joining.
  static let conninfo = Argument<String>(
    "conninfo", help: "The new node's libpq connection string or URI.")

  /// The command tree.
  static let root = CommandSpec(
    name: "lists-server", abstract: "Serves lists to every device that syncs with it.", id: nil,
    subcommands: [
      CommandSpec(
        name: "serve", abstract: "Serves the sync protocol over HTTP until SIGTERM or SIGINT.",
        id: CommandID("serve"),
        options: [
          listen.spec, threads.spec, maxConnections.spec, keepDeleted.spec, keepAnswers.spec,
        ]),
      CommandSpec(
        name: "kinds", abstract: "Lists the server's kinds.", id: CommandID("kinds"),
        subcommands: [
          CommandSpec(
            name: "add", abstract: "Adds a kind from its definition, as lists kinds add takes it.",
            id: CommandID("kinds add"), arguments: [definitionFile.spec]),
          CommandSpec(
            name: "update", abstract: "Replaces a kind's definition.",
            id: CommandID("kinds update"),
            arguments: [definitionFile.spec]),
        ]),
      CommandSpec(
        name: "token", abstract: "Makes, lists and removes the tokens of accounts.", id: nil,
        subcommands: [
          CommandSpec(
            name: "add", abstract: "Makes a token for an account and prints it, once.",
            id: CommandID("token add"),
            arguments: [account.spec]),
          CommandSpec(
            name: "list", abstract: "Lists accounts and token ids, never a token.",
            id: CommandID("token list")),
          CommandSpec(
            name: "remove", abstract: "Removes a token.", id: CommandID("token remove"),
            arguments: [tokenID.spec]),
        ]),
      CommandSpec(
        name: "nodes", abstract: "Manages the PostgreSQL nodes.", id: nil,
        subcommands: [
          CommandSpec(
            name: "add",
            abstract:
              "Joins a PostgreSQL node and moves buckets to it while servers serve; run again after a kill, it finishes.",
            id: CommandID("nodes add"), arguments: [conninfo.spec])
        ]),
    ])

  /// The parser: `--db` or `--postgres` anywhere, no help command, no `--version`.
  static let parser = CommandLineParser(
    root: root, globalOptions: [database.spec, postgres.spec], help: nil)
}
