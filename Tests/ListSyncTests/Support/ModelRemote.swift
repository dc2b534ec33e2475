import Foundation
import ListStore
import ListStoreTesting
import ListSync
import TestSupport
import TextFormats

/// The remote of a model run (``SyncModelTests``): the Python test remote, whose data the test
/// edits behind the protocol and whose requests it can fail, or `lists-server`, whose data a
/// fourth device (the writer) changes through the protocol.
enum ModelRemote {
  case test(TestRemote)
  case server(ServerProcess, token: String, writer: ListsDatabase, books: KindItems, sync: KindSync)

  /// `lists-server` with the account `model`, its writer on `writer`.
  static func server(_ server: ServerProcess, writer: ListsDatabase) throws -> ModelRemote {
    guard let token = server.tokens["model"] else { throw ServerTestError("the server has no token of model") }
    let books = try Books.register(writer)
    let sync = Books.sync(books, try client(of: server, token: token))
    return .server(server, token: token, writer: writer, books: books, sync: sync)
  }

  private static func client(of server: ServerProcess, token: String) throws -> RemoteClient {
    try RemoteClient(
      RemoteConfiguration(
        url: server.url(), headers: [try RemoteHeader(name: "Authorization", value: "Bearer " + token)], pageSize: 7,
        retry: .never))
  }

  /// A client of a device: pages of 7, no retries.
  func client() throws -> RemoteClient {
    switch self {
    case .test(let remote): try makeClient(remote.url(), pageSize: 7, retry: .never)
    case .server(let server, let token, _, _, _): try Self.client(of: server, token: token)
    }
  }

  /// The URL a device syncs with.
  var url: String {
    switch self {
    case .test(let remote): remote.url()
    case .server(let server, _, _, _, _): server.url()
    }
  }

  /// The headers `lists-sync` is handed (`LISTS_SYNC_HEADERS`): the token for the server.
  var handedHeaders: String {
    switch self {
    case .test: ""
    case .server(let server, let token, _, _, _): "http://127.0.0.1:\(server.port) Authorization: Bearer \(token)"
    }
  }

  /// The writer's books (the server's fourth device).
  var writerBooks: KindItems {
    guard case .server(_, _, _, let books, _) = self else { preconditionFailure("only the server has a writer") }
    return books
  }

  /// The writer's sync.
  var writerSync: KindSync {
    guard case .server(_, _, _, _, let sync) = self else { preconditionFailure("only the server has a writer") }
    return sync
  }

  /// Fails the next request as `fault` says (the test remote only; the server's requests are
  /// not failed).
  func fault(_ fault: [String: Any]) async throws {
    if case .test(let remote) = self { try await remote.control(faults: [fault]) }
  }

  /// Gives the remote's kind the field `note` (the server; the test remote takes any member).
  func addNote() async throws {
    guard case .server(let server, _, let writer, _, _) = self else { return }
    let definition = #"{"name": "books", "item": "book", "fields": [{"name": "title", "type": "text", "required": true, "max_length": 300}, {"name": "pages", "type": "integer", "min": 1}, {"name": "note", "type": "text"}]}"#
    let file = server.folder + "/books-note.json"
    try definition.write(toFile: file, atomically: true, encoding: .utf8)
    let updated = try await server.command(["kinds", "update", file])
    guard updated.status == 0 else { throw ServerTestError("kinds update: \(updated.stderr)") }
    // The writer's items are read through the changed kind from now on (``edit``, ``delete``).
    _ = try writer.updateKind(try KindDefinition(json: definition))
  }

  /// An item of the remote changed by someone else: its `pages` set to `pages`; the title, or
  /// nil when the remote has no item.
  func edit(pages: Int, random: inout SplitMix) async throws -> String? {
    switch self {
    case .test(let remote):
      var items = try await remote.state().items
      guard !items.isEmpty else { return nil }
      let index = Int(random.next() % UInt64(items.count))
      items[index]["pages"] = pages
      items[index]["version"] = ((items[index]["version"] as? Int) ?? 1) + 1
      try await remote.control(items: items)
      return items[index]["title"] as? String
    case .server:
      return try await writerChanges(random: &random) { books, id in
        _ = try await books.update(id: id, setting: ["pages": .integer(Int64(pages))])
      }
    }
  }

  /// An item of the remote deleted by someone else; its title, or nil when the remote has none.
  func delete(random: inout SplitMix) async throws -> String? {
    switch self {
    case .test(let remote):
      var items = try await remote.state().items
      guard !items.isEmpty else { return nil }
      let gone = items.remove(at: Int(random.next() % UInt64(items.count)))
      try await remote.control(items: items)
      return gone["title"] as? String
    case .server:
      return try await writerChanges(random: &random) { books, id in try await books.remove(ids: [id]) }
    }
  }

  /// The writer pulls, `change`s an item it picks, and pushes; the item's title, or nil when it
  /// has none.
  private func writerChanges(
    random: inout SplitMix, _ change: (KindItems, Int64) async throws -> Void
  ) async throws -> String? {
    guard case .server(_, _, let writer, _, let sync) = self else { return nil }
    // Read through the kind as it is now (a field may have been added since).
    let books = try writer.items(of: "books")
    let current = Books.sync(books, sync.client)
    _ = try? await current.all()
    let titles = try Books.titles(books)
    guard !titles.isEmpty else { return nil }
    let title = titles[Int(random.next() % UInt64(titles.count))]
    try await change(books, try await PushTests.id(of: title, in: books))
    _ = try? await current.push()
    return title
  }

  /// Lets the writer's own changes settle before the devices' quiet syncs.
  func quiet() async throws {
    guard case .server(_, _, let writer, _, let sync) = self else { return }
    let books = try writer.items(of: "books")
    let current = Books.sync(books, sync.client)
    _ = try await current.push()
    try await current.all()
  }

  /// The remote's items: each title with its pages and note, as `pages|note` (`-` for none).
  func items() async throws -> [(title: String, shown: String)] {
    switch self {
    case .test(let remote):
      return try await remote.state().items.map { item in
        (
          item["title"] as? String ?? "?",
          "\((item["pages"] as? Int).map(String.init) ?? "-")|\(item["note"] as? String ?? "-")"
        )
      }
    case .server(let server, let token, _, _, _):
      let client = try Self.client(of: server, token: token)
      var found: [(String, String)] = []
      var cursor: String?
      var number = 1
      repeat {
        let page = try await client.fetchPage(number: number, cursor: cursor)
        for item in page.items {
          var title = "?"
          var pages = "-"
          var note = "-"
          if case .string(let text)? = item.object["title"] { title = text }
          if case .number(let literal)? = item.object["pages"] { pages = literal }
          if case .string(let text)? = item.object["note"] { note = text }
          found.append((title, pages + "|" + note))
        }
        cursor = page.nextCursor
        number += 1
      } while cursor != nil && number < 1_000
      return found
    }
  }

  /// Whether no change id was applied twice: the test remote counts them; the server's answers
  /// are stored by change id, and a change applied twice would show as an item twice.
  func eachChangeAppliedOnce() async throws -> Bool {
    guard case .test(let remote) = self else { return true }
    return try await remote.state().applied.values.allSatisfy { $0 == 1 }
  }
}
