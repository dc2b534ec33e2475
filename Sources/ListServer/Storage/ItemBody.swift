import TextFormats

/// An item as the protocol sends it: `id` (a string), `version`, then its stored members.
enum ItemBody {
  /// Appends the JSON object of item `id` at `version`, whose stored members are `body` (the
  /// UTF-8 of a JSON object this server wrote): `{"id":"ID","version":V,` and the members,
  /// copied without parsing them.
  static func append(
    id: Int64, version: Int64, body: UnsafeBufferPointer<UInt8>, to json: inout [UInt8]
  ) {
    json += #"{"id":""#.utf8
    json.appendDecimal(Int(id))
    json += #"","version":"#.utf8
    json.appendDecimal(Int(version))
    if body.count <= 2 {
      json.append(UInt8(ascii: "}"))
    } else {
      json.append(UInt8(ascii: ","))
      json += body.dropFirst()
    }
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
