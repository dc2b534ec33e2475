#!/usr/bin/env python3
"""A small remote for ListSync's tests: pages of items, with faults chosen per request.

Started by the tests as `python3 remote_server.py`: it binds 127.0.0.1 on a port the system
picks, prints that port on its first stdout line, and exits when its stdin reaches end of file
(the test process closed it or died) or after five minutes, whichever comes first.

Protocol (the README's Sync section): `GET /items?limit=N[&cursor=C]` answers
`{"items": [...], "next_cursor": "..." | null}`. Cursors are `"at <offset>/+&="`, so a client
that does not percent-encode them is caught (`+` would arrive as a space, `&` would split).

Control, for the test only:
- `POST /_control` with `{"items": [...], "faults": [...]}` replaces the data set (when `items`
  is given) and queues faults, one for each of the next requests in order; `{}` or `null`
  means no fault for that request. A fault is an object with one of:
  `status` (+ optional `retry_after`, sent as `Retry-After`), `delay_ms`, `reset`, `truncate`,
  `bad_json`, `missing` (`"items"`, `"next_cursor"` or `"id"` with `index`), `wrong_type`
  (`"items"` or `"next_cursor"`), `empty`, `change` (new items, applied before answering),
  `redirect` (a Location, relative or absolute; the request's query is appended to one
  without a query), `repeat_cursor` (answers with the request's own cursor as next_cursor),
  `extra_items` (n: the page holds n items more than `limit` asked for), `cursor_bytes` (n: a
  `next_cursor` of n bytes) and `body` (a text answered verbatim with 200, for ids such as `-0`
  or `18446744073709551616` that Python's JSON would rewrite).
- `POST /items` with `{"changes": [...]}` is a push (see `apply_change`); faults on it:
  `status` (answered before applying), `after_apply_status` (applied, then that status),
  `drop_after_apply` (applied, then the connection reset: the answer is lost), `delay_ms`
  (before applying), `delay_after_apply_ms` (applied, then that wait before answering; with
  `after_apply_status` or `drop_after_apply` in the same fault, the wait comes first) and
  `bad_json`. `{"reject_titles": [...]}` in a control makes adds and updates with those titles
  rejected.
- `{"checkpoints": true}` in a control makes the remote offer checkpoints (the README's Sync section):
  the last page of a walk carries `"checkpoint": "cp <n>"`, and `GET /items?limit=N&since=cp <n>`
  walks only the items added or changed after it, its first page carrying `"deleted"`: the ids
  removed after it. Every change of the data set counts: a control's `items` (compared with the
  items before, by id), an applied push, a fault's `change`.
- `{"expire_checkpoints": true}` in a control makes every checkpoint given so far too old:
  `since` one of them is answered `410` with `{"error": "checkpoint_expired"}`.
- `GET /_state` returns the items and, per change id, how many times it was applied.
- `GET /_log` returns every request so far (control requests excepted) as
  `[{"path", "query", "authorization", "headers"}]`, `headers` holding every header the request
  carried (names in lower case).
"""

import json
import os
import signal
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LIFETIME_S = 300
MAX_LIMIT = 500

lock = threading.Lock()
state = {"items": [], "faults": [], "log": []}


def cursor_for(offset, since=None):
  return ("at %d/+&=" % offset) if since is None else ("since %d at %d/+&=" % (since, offset))


def offset_from(cursor):
  """The offset and the since-sequence (or None) a cursor carries, or None for a bad cursor."""
  since = None
  if cursor.startswith("since "):
    head, _, cursor = cursor[6:].partition(" ")
    if not head.isdigit():
      return None
    since = int(head)
  if not cursor.startswith("at ") or not cursor.endswith("/+&="):
    return None
  digits = cursor[3:-4]
  return (int(digits), since) if digits.isdigit() else None


def set_items(items):
  """Replaces the data set, counting each added, changed and removed item as one change for the
  checkpoints. Called with the lock held."""
  before = {json.dumps(item.get("id")): item for item in state["items"]}
  after = {json.dumps(item.get("id")) for item in items}
  for item in items:
    key = json.dumps(item.get("id"))
    if before.get(key) != item:
      touch(item.get("id"))
  for key, item in before.items():
    if key not in after:
      touch(item.get("id"), deleted=True)
  state["items"] = items


def touch(item_id, deleted=False):
  """Counts one change of the item `item_id`. Called with the lock held."""
  state["seq"] = state.get("seq", 0) + 1
  key = json.dumps(item_id)
  state.setdefault("seqs", {})[key] = state["seq"]
  tombstones = state.setdefault("tombstones", {})
  if deleted:
    tombstones[key] = (state["seq"], item_id)
  else:
    tombstones.pop(key, None)


class Handler(BaseHTTPRequestHandler):
  protocol_version = "HTTP/1.1"
  # Headers and body go out in two writes; with Nagle's algorithm the body would wait for the
  # client's delayed ACK of the headers (40 ms a request).
  disable_nagle_algorithm = True

  def log_message(self, format, *args):  # quiet: the tests read /_log instead
    pass

  def send_json(self, status, value, extra_headers=()):
    body = json.dumps(value).encode()
    self.send_response(status)
    self.send_header("Content-Type", "application/json")
    self.send_header("Content-Length", str(len(body)))
    for name, header_value in extra_headers:
      self.send_header(name, header_value)
    self.end_headers()
    self.wfile.write(body)

  def do_POST(self):
    length = int(self.headers.get("Content-Length", "0"))
    body = self.rfile.read(length)
    if self.path != "/_control":
      return self.push(body)
    control = json.loads(body or b"{}")
    with lock:
      if "items" in control:
        set_items(control["items"])
      if "checkpoints" in control:
        state["checkpoints"] = bool(control["checkpoints"])
      if "reject_titles" in control:
        state["reject_titles"] = control["reject_titles"]
      if "expire_checkpoints" in control:
        state["expire_before"] = state.get("seq", 0) + 1 if control["expire_checkpoints"] else 0
      state["faults"].extend(control.get("faults", []))
    self.send_json(200, {"ok": True})

  def push(self, body):
    """`POST /items` with `{"changes": [...]}`: each change applied once by its change_id."""
    parts = urlsplit(self.path)
    with lock:
      fault = state["faults"].pop(0) if state["faults"] else None
      try:
        changes = json.loads(body)["changes"]
      except (ValueError, KeyError, TypeError):
        changes = None
      state["log"].append(
          {"path": parts.path, "query": parts.query, "method": "POST",
           "authorization": self.headers.get("Authorization"),
           "headers": {name.lower(): value for name, value in self.headers.items()},
           "changes": changes})
    fault = fault or {}
    if "delay_ms" in fault:
      time.sleep(fault["delay_ms"] / 1000)
    if "status" in fault:
      return self.send_json(fault["status"], {"error": "fault %d" % fault["status"]})
    if parts.path != "/items" or not isinstance(changes, list) or len(changes) > 100:
      return self.send_json(400, {"error": "not a push"})
    with lock:
      results = [apply_change(change) for change in changes]
    if "delay_after_apply_ms" in fault:
      time.sleep(fault["delay_after_apply_ms"] / 1000)
    if "after_apply_status" in fault:
      return self.send_json(fault["after_apply_status"], {"error": "failed after applying"})
    if fault.get("drop_after_apply"):
      self.close_connection = True
      self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
      self.connection.close()
      return
    answer = {"results": results}
    if fault.get("bad_json"):
      return self.send_cut(json.dumps(answer).encode()[:10], reset=False)
    self.send_json(200, answer)

  def do_GET(self):
    parts = urlsplit(self.path)
    if parts.path == "/_log":
      with lock:
        log = list(state["log"])
      return self.send_json(200, log)
    if parts.path == "/_state":
      with lock:
        snapshot = {"items": list(state["items"]), "applied": dict(state.get("applied", {}))}
      return self.send_json(200, snapshot)
    with lock:
      state["log"].append(
          {"path": parts.path, "query": parts.query,
           "authorization": self.headers.get("Authorization"),
           "headers": {name.lower(): value for name, value in self.headers.items()}})
      fault = state["faults"].pop(0) if state["faults"] else None
      if fault and "change" in fault:
        set_items(fault["change"])
      items = list(state["items"])
      seqs = dict(state.get("seqs", {}))
      tombstones = list(state.get("tombstones", {}).values())
      current_seq = state.get("seq", 0)
      checkpoints = state.get("checkpoints", False)
    fault = fault or {}

    if "delay_ms" in fault:
      time.sleep(fault["delay_ms"] / 1000)
    if "redirect" in fault:
      location = fault["redirect"]
      if "?" not in location and parts.query:
        location += "?" + parts.query
      self.send_response(302)
      self.send_header("Location", location)
      self.send_header("Content-Length", "0")
      self.end_headers()
      return
    if "status" in fault:
      headers = [("Retry-After", str(fault["retry_after"]))] if "retry_after" in fault else []
      return self.send_json(fault["status"], {"error": "fault %d" % fault["status"]}, headers)
    if "body" in fault:
      body = fault["body"].encode()
      self.send_response(200)
      self.send_header("Content-Type", "application/json")
      self.send_header("Content-Length", str(len(body)))
      self.end_headers()
      self.wfile.write(body)
      return
    if parts.path != "/items":
      return self.send_json(404, {"error": "no such path"})

    query = parse_qs(parts.query, keep_blank_values=True)
    try:
      limit = int(query["limit"][0])
    except (KeyError, ValueError):
      return self.send_json(400, {"error": "limit is required"})
    if not 1 <= limit <= MAX_LIMIT:
      return self.send_json(400, {"error": "limit out of range"})
    offset, since = 0, None
    if "cursor" in query:
      parsed = offset_from(query["cursor"][0])
      if parsed is None:
        return self.send_json(400, {"error": "bad cursor"})
      offset, since = parsed
    elif "since" in query:
      token = query["since"][0]
      if not checkpoints or not token.startswith("cp ") or not token[3:].isdigit():
        return self.send_json(400, {"error": "bad checkpoint"})
      since = int(token[3:])
      if since < state.get("expire_before", 0):
        return self.send_json(410, {"error": "checkpoint_expired"})
    if since is not None:
      items = [item for item in items if seqs.get(json.dumps(item.get("id")), 0) > since]

    page_items = [dict(item) for item in items[offset:offset + limit]]
    following = offset + limit
    next_cursor = cursor_for(following, since) if following < len(items) else None
    walk_members = {}
    if since is not None and offset == 0:
      walk_members["deleted"] = [item_id for seq, item_id in sorted(tombstones, key=lambda t: t[0]) if seq > since]
    if checkpoints and next_cursor is None:
      walk_members["checkpoint"] = "cp %d" % current_seq
    for extra in range(fault.get("extra_items", 0)):
      page_items.append({"id": "extra-%d" % extra, "title": "Extra %d" % extra})
    if "cursor_bytes" in fault:
      next_cursor = "c" * fault["cursor_bytes"]
    if fault.get("repeat_cursor"):
      next_cursor = query.get("cursor", [cursor_for(0)])[0]
    if fault.get("empty"):
      page_items, next_cursor = [], None
    page = {"items": page_items, "next_cursor": next_cursor}
    page.update(walk_members)
    missing = fault.get("missing")
    if missing == "id":
      page_items[fault.get("index", 0)].pop("id", None)
    elif missing in ("items", "next_cursor"):
      page.pop(missing)
    wrong = fault.get("wrong_type")
    if wrong == "items":
      page["items"] = {"not": "an array"}
    elif wrong == "next_cursor":
      page["next_cursor"] = 17

    body = json.dumps(page).encode()
    if fault.get("bad_json"):
      body = body[: len(body) // 2]
    if fault.get("reset") or fault.get("truncate"):
      return self.send_cut(body, reset=bool(fault.get("reset")))
    self.send_response(200)
    self.send_header("Content-Type", "application/json")
    self.send_header("Content-Length", str(len(body)))
    self.end_headers()
    self.wfile.write(body)

  def send_cut(self, body, reset):
    """Announces the whole body, sends part of it, then ends the connection.

    `reset` ends it with a TCP reset (SO_LINGER 0): the connection dropped mid-body.
    Otherwise the whole body is sent with a Content-Length 100 bytes larger and the
    connection is closed cleanly: a truncated body.
    """
    announced = len(body) if reset else len(body) + 100
    sent = body[: len(body) // 2] if reset else body
    self.send_response(200)
    self.send_header("Content-Type", "application/json")
    self.send_header("Content-Length", str(announced))
    self.end_headers()
    self.wfile.write(sent)
    self.wfile.flush()
    self.close_connection = True
    if reset:
      self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
      self.connection.close()
    else:
      self.connection.shutdown(socket.SHUT_WR)


def apply_change(change):
  """Applies one change of a push, or answers a change id seen before as the first time.

  Items carry `version` (an integer, 1 when added, one more for each change); an update or
  remove whose `base_version` is not the item's is a conflict; an add or update whose title is
  one of `reject_titles` is rejected. Every application is counted in `applied` by change id.
  Called with the lock held.
  """
  change_id = change.get("change_id")
  answers = state.setdefault("answers", {})
  if change_id in answers:
    return answers[change_id]
  op = change.get("op")
  items = state["items"]
  found = [item for item in items if "id" in change and item.get("id") == change["id"]]
  current = found[0] if found else None
  values = change.get("item") or {}
  if op in ("add", "update") and values.get("title") in state.get("reject_titles", []):
    answer = {"change_id": change_id, "status": "rejected",
              "error": {"message": "this title is not allowed", "field": "title"}}
  elif op == "add":
    state["next_id"] = state.get("next_id", 1000) + 1
    item = dict(values)
    item["id"] = state["next_id"]
    item["version"] = 1
    items.append(item)
    touch(item["id"])
    answer = {"change_id": change_id, "status": "applied", "item": dict(item)}
  elif current is None:
    answer = {"change_id": change_id, "status": "applied" if op == "remove" else "conflict", "item": None}
  elif "base_version" in change and change["base_version"] != current.get("version"):
    answer = {"change_id": change_id, "status": "conflict", "item": dict(current)}
  elif op == "update":
    for key, value in values.items():
      if value is None:
        current.pop(key, None)
      else:
        current[key] = value
    current["version"] = current.get("version", 0) + 1
    touch(current["id"])
    answer = {"change_id": change_id, "status": "applied", "item": dict(current)}
  else:
    items.remove(current)
    touch(current["id"], deleted=True)
    answer = {"change_id": change_id, "status": "applied", "item": None}
  answers[change_id] = answer
  applied = state.setdefault("applied", {})
  applied[change_id] = applied.get(change_id, 0) + 1
  return answer


def exit_with_parent():
  """Ends the server when stdin closes: the test that started it is done or gone."""
  while sys.stdin.buffer.read(1):
    pass
  os._exit(0)


def main():
  # A child inherits its parent's blocked signals; unblock them so that the test can end it.
  signal.pthread_sigmask(signal.SIG_SETMASK, [])
  server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
  server.daemon_threads = True
  threading.Thread(target=exit_with_parent, daemon=True).start()
  threading.Timer(LIFETIME_S, lambda: os._exit(0)).start()
  print(server.server_address[1], flush=True)
  server.serve_forever()


if __name__ == "__main__":
  main()
