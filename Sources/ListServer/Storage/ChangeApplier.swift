import ListProtocol
import ListStore
import TextFormats

/// Applies a push's changes to an account's rows, in order, each change id at most once: the
/// rules of a push, the same on every backend (``ItemRows`` is what a backend provides).
struct ChangeApplier<Rows: ItemRows> {
  let rows: Rows
  let validator: ItemValidator

  /// Applies `changes` in order and answers each; a change answered before gets its stored
  /// answer.
  func apply(_ changes: [PushChange], now: Int64) throws -> [PushResult] {
    var results: [PushResult] = []
    results.reserveCapacity(changes.count)
    for change in changes {
      if let stored = try rows.storedAnswer(change.changeID) {
        do {
          results.append(try PushResult.decode(JSONParser.parse(stored), position: 1))
        } catch {
          throw StorageError.unavailable(
            "the stored answer of a change does not read back (\(error))")
        }
        continue
      }
      let result = PushResult(changeID: change.changeID, outcome: try apply(change, now: now))
      try rows.storeAnswer(changeID: result.changeID, json: result.json, now: now)
      results.append(result)
    }
    return results
  }

  /// Applies one change and says what happened.
  func apply(_ change: PushChange, now: Int64) throws -> PushResult.Outcome {
    switch change.operation {
    case .add:
      let checked: ItemValidator.Checked
      do {
        checked = try validator.check(change.item ?? JSONObject(), now: now)
      } catch {
        return .rejected(message: error.message, field: error.field)
      }
      if let key = checked.uniqueKey, let existing = try rows.holder(of: key, except: nil) {
        guard validator.definition.unique?.onDuplicate == .keep else {
          let rejection = validator.duplicate(checked)
          return .rejected(message: rejection.message, field: rejection.field)
        }
        return .applied(try item(existing))
      }
      let id = try rows.nextID()
      let seq = try rows.nextSequence()
      try rows.insert(id: id, seq: seq, body: checked.body, uniqueKey: checked.uniqueKey)
      try clearOthers(checked.setOnePerAccount, except: id)
      return .applied(try item(id))
    case .update, .remove:
      guard let id = change.id.flatMap({ Self.storedID($0) }), let current = try rows.stored(id) else {
        return .conflict(nil)
      }
      if let base = change.baseVersion, Self.versionText(base) != String(current.version) {
        return .conflict(try item(id))
      }
      let seq = try rows.nextSequence()
      if change.operation == .remove {
        try rows.remove(id: id, seq: seq, now: now)
        return .applied(nil)
      }
      let merged = try Self.merge(
        change.item ?? JSONObject(), onto: current.body, validator.definition)
      let checked: ItemValidator.Checked
      do {
        checked = try validator.check(merged, now: now)
      } catch {
        return .rejected(message: error.message, field: error.field)
      }
      if let key = checked.uniqueKey, try rows.holder(of: key, except: id) != nil {
        let rejection = validator.duplicate(checked)
        return .rejected(message: rejection.message, field: rejection.field)
      }
      try rows.update(id: id, seq: seq, body: checked.body, uniqueKey: .some(checked.uniqueKey))
      try clearOthers(checked.setOnePerAccount, except: id)
      return .applied(try item(id))
    }
  }

  /// Clears each of `fields` (one-per-account flags, valid identifiers of the kind) on the
  /// account's items other than `except`: each such item gets `false`, a new version and a
  /// change sequence, as any change does.
  private func clearOthers(_ fields: [String], except: Int64) throws {
    for field in fields {
      for (id, body) in try rows.flagged(field, except: except) {
        guard var object = try JSONParser.parse(body).objectValue,
          let index = object.members.firstIndex(where: { $0.key == field })
        else { continue }
        object.members[index].value = .bool(false)
        var writer = JSONWriter(capacity: body.utf8.count + 8)
        writer.value(.object(object))
        let seq = try rows.nextSequence()
        try rows.update(
          id: id, seq: seq, body: String(decoding: writer.bytes, as: UTF8.self), uniqueKey: nil)
      }
    }
  }

  /// The item `id` as the protocol sends it, with `id` and `version`.
  private func item(_ id: Int64) throws -> JSONObject? {
    guard let current = try rows.stored(id) else { return nil }
    return try ItemBody.object(id: id, version: current.version, body: current.body)
  }

  /// The id the server stores for a wire id: its decimal digits, or nil for an id this server
  /// never gave (the item is then gone as far as a change can tell).
  static func storedID(_ id: WireID) -> Int64? {
    guard let value = WalkCursor.number(Substring(id.text)), value > 0 else { return nil }
    return value
  }

  /// A `base_version` as text: the string, or the integer's digits.
  static func versionText(_ value: JSONValue) -> String? {
    switch value {
    case .string(let text), .number(let text): text
    default: nil
    }
  }

  /// The stored item `body` with the members of `changes` put over it. A money field changed
  /// by any of its members loses its other stored members, so an amount and its minor units
  /// never disagree.
  static func merge(_ changes: JSONObject, onto body: String, _ definition: KindDefinition) throws
    -> JSONObject
  {
    guard var merged = try JSONParser.parse(body).objectValue else {
      throw StorageError.unavailable("a stored item is not a JSON object")
    }
    for field in definition.fields {
      guard case .money = field.type else { continue }
      let keys = [field.name] + field.columns
      if keys.contains(where: { changes[$0] != nil }) {
        merged.members.removeAll { keys.contains($0.key) }
      }
    }
    for member in changes.members {
      if let index = merged.members.firstIndex(where: { $0.key == member.key }) {
        merged.members[index].value = member.value
      } else {
        merged.members.append(member)
      }
    }
    return merged
  }
}
