import CLISupport
import ListServer
import ListStore
import TextFormats

/// The commands that are not `serve`: kinds and tokens.
enum Commands {
  /// Runs `command` on `storage`, printing through `print`.
  static func run(_ command: ParsedCommand, storage: any ListStorage, print: (String) -> Void)
    throws(ServerError)
  {
    let now = Timestamp.now().millisecondsSince1970
    switch command.id?.name {
    case "kinds":
      for kind in try checked({ () throws(StorageError) in try storage.kinds() }) {
        print(TerminalEscaping.escape(kind.name) + "\n")
      }
    case "kinds add", "kinds update":
      let definition = try readDefinition(command.value(ServerCommandLine.definitionFile))
      try checked { () throws(StorageError) in
        if command.id?.name == "kinds add" {
          try storage.addKind(definition, now: now)
        } else {
          try storage.updateKind(definition, now: now)
        }
      }
      print("\(command.id?.name == "kinds add" ? "Added" : "Updated") kind \(definition.name).\n")
    case "token add":
      let account = command.value(ServerCommandLine.account)
      guard account.utf8.count <= 200, HTTPHeaderSyntax.isValue(account) else {
        throw ServerError("An account is 1 to 200 bytes without control characters.", .usage)
      }
      let token = "lst_" + randomHex(bytes: 32)
      let id = randomHex(bytes: 6)
      try checked { () throws(StorageError) in
        try storage.addToken(
          id: id, account: account, tokenHash: sha256Hex(Array(token.utf8)), now: now)
      }
      print(token + "\n")
    case "token list":
      for record in try checked({ () throws(StorageError) in try storage.tokens() }) {
        print(
          "\(record.id)  \(TerminalEscaping.escape(record.account))  \(Timestamp(millisecondsSince1970: record.createdAt).iso8601)\n"
        )
      }
    case "token remove":
      let id = command.value(ServerCommandLine.tokenID)
      try checked { () throws(StorageError) in try storage.removeToken(id: id) }
      print("Removed token \(TerminalEscaping.escape(id)).\n")
    default:
      throw ServerError("Unknown command.", .usage)
    }
  }

  /// The definition in the file at `path`, checked as `lists kinds add` checks it.
  static func readDefinition(_ path: String) throws(ServerError) -> KindDefinition {
    let bytes: [UInt8]
    switch System.readFile(path, limit: 1 << 20) {
    case .success(let read): bytes = read
    case .failure(let problem):
      throw ServerError(
        "Cannot read '\(path)': \(problem.reason).", problem.isMissing ? .noInput : .ioError)
    }
    do {
      let definition = try KindDefinition(json: String(decoding: bytes, as: UTF8.self))
      try definition.validate()
      return definition
    } catch {
      throw ServerError("The definition in '\(path)' is not valid: \(error.message)", .dataError)
    }
  }

  /// Runs a storage call, turning its error into the command's.
  static func checked<T>(_ body: () throws(StorageError) -> T) throws(ServerError) -> T {
    do {
      return try body()
    } catch {
      throw ServerError(error.description, exitCode(of: error))
    }
  }

  /// The exit status of a storage error.
  static func exitCode(of error: StorageError) -> ExitCode {
    switch error {
    case .unavailable, .bucketMoved: .ioError
    case .schemaTooNew, .migrationChanged: .config
    case .conflict, .notFound, .badRequest: .dataError
    }
  }

  /// `count` random bytes as lowercase hex.
  static func randomHex(bytes count: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for _ in 0..<count {
      let byte = UInt8.random(in: 0...255, using: &generator)
      text += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
    }
    return String(decoding: text, as: UTF8.self)
  }
}
