import TextFormats

/// An item as the protocol sends it: `id` (a string), `version`, then its stored members.
enum ItemBody {
  /// The JSON text of item `id` at `version`, whose stored members are `body` (a JSON object
  /// this server wrote): `{"id":"ID","version":V,` and the members, without parsing them.
  static func text(id: Int64, version: Int64, body: String) -> String {
    let head = "{\"id\":\"\(id)\",\"version\":\(version)"
    return body.utf8.count <= 2 ? head + "}" : head + "," + body.dropFirst()
  }

  /// The JSON object of item `id` at `version`, whose stored members are `body`.
  static func object(id: Int64, version: Int64, body: String) throws -> JSONObject {
    guard let stored = try JSONParser.parse(body).objectValue else {
      throw StorageError.unavailable("a stored item is not a JSON object")
    }
    var object = JSONObject([
      JSONObject.Member(key: "id", value: .string(String(id))),
      JSONObject.Member(key: "version", value: .number(String(version))),
    ])
    object.members.append(contentsOf: stored.members)
    return object
  }
}
