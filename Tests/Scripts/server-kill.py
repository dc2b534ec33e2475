#!/usr/bin/env python3
"""SIGKILL trials of lists-server during pushes from several devices.

Usage: Tests/Scripts/server-kill.py [--trials N] [--devices D] [--seconds S] [--seed X] [--bin DIR]
       (default 20 trials, 4 devices, at most 240 s; DIR holds lists-server, default .build/debug)

One server file, one kind, one account. Each trial starts `lists-server serve` on the file (a
port the system picks), lets D devices push for 50-600 ms — each device a thread with its own
queue of changes (adds with a title only it uses, and removes of its items the server applied),
sent in batches of 1-20 with their change ids, a change leaving the queue only when answered —
then kills the server with SIGKILL and starts it again on the same file. A batch whose answer
was lost is sent again, with the same ids, after the restart. At the end, with the queues
drained: every change answered `applied` is answered the same when sent again (its stored
answer), every add answered `applied` and not removed is on the server exactly once, every
applied remove's item is gone, and nothing else is there. Exit status 0 when every check held.
"""

import argparse
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time

BOOKS = {"name": "books", "item": "book", "fields": [{"name": "title", "type": "text", "required": True}]}


def request(port, token, method, path, body=None):
  """One request; (status, parsed body) or None when the server is gone or the answer lost."""
  try:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    headers = {"Authorization": "Bearer " + token}
    data = None
    if body is not None:
      data = json.dumps(body).encode()
      headers["Content-Type"] = "application/json"
    connection.request(method, path, body=data, headers=headers)
    response = connection.getresponse()
    payload = response.read()
    connection.close()
    return response.status, json.loads(payload) if payload else None
  except (OSError, http.client.HTTPException, ValueError):
    return None


class Device(threading.Thread):
  """Pushes its queue while the server is up; records every answer it gets, first one kept."""

  def __init__(self, number, token, rng):
    super().__init__(daemon=True)
    self.number, self.token, self.rng = number, token, rng
    self.queue = []  # changes not answered yet, in order
    self.made = 0
    self.answers = {}  # change id -> first answer
    self.applied_adds = {}  # title -> item id
    self.removed = set()  # titles whose remove was applied
    self.port = None
    self.running = threading.Event()
    self.stop = False

  def refill(self):
    while len(self.queue) < 20:
      self.made += 1
      change_id = "d%d-c%d" % (self.number, self.made)
      removable = [t for t in self.applied_adds if t not in self.removed and t not in self.pending_titles()]
      if removable and self.rng.random() < 0.3:
        title = self.rng.choice(removable)
        self.queue.append({"change_id": change_id, "op": "remove", "id": self.applied_adds[title], "_title": title})
      else:
        title = "d%d-t%d" % (self.number, self.made)
        self.queue.append({"change_id": change_id, "op": "add", "item": {"title": title}, "_title": title})

  def pending_titles(self):
    return {change["_title"] for change in self.queue if change["op"] == "remove"}

  def push_once(self):
    batch = self.queue[: self.rng.randint(1, 20)]
    body = {"changes": [{k: v for k, v in change.items() if not k.startswith("_")} for change in batch]}
    answer = request(self.port, self.token, "POST", "/v1/lists/books", body)
    if answer is None or answer[0] != 200:
      return False
    for change, result in zip(batch, answer[1]["results"]):
      assert result["change_id"] == change["change_id"], result
      self.answers.setdefault(change["change_id"], result)
      if result["status"] == "applied":
        if change["op"] == "add":
          self.applied_adds[change["_title"]] = result["item"]["id"]
        else:
          self.removed.add(change["_title"])
    del self.queue[: len(batch)]
    return True

  def run(self):
    while not self.stop:
      if not self.running.wait(0.05):
        continue
      self.refill()
      if not self.push_once():
        time.sleep(0.01)


def start_server(binary, database, extra=()):
  process = subprocess.Popen(
      [binary, "serve", "--db", database, "--listen", "127.0.0.1:0", "--threads", "4", *extra],
      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
  line = process.stdout.readline().decode()
  if not line.startswith("Listening on http://127.0.0.1:"):
    raise SystemExit("serve printed %r" % line)
  return process, int(line.rsplit(":", 1)[1])


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--trials", type=int, default=20)
  parser.add_argument("--devices", type=int, default=4)
  parser.add_argument("--seconds", type=float, default=240)
  parser.add_argument("--seed", type=int, default=None)
  parser.add_argument("--bin", default=".build/debug")
  options = parser.parse_args()
  seed = options.seed if options.seed is not None else random.randrange(1 << 30)
  rng = random.Random(seed)
  binary = os.path.join(options.bin, "lists-server")
  deadline = time.monotonic() + options.seconds
  with tempfile.TemporaryDirectory() as folder:
    database = os.path.join(folder, "server.db")
    kind = os.path.join(folder, "books.json")
    with open(kind, "w") as handle:
      json.dump(BOOKS, handle)
    subprocess.run([binary, "kinds", "add", kind, "--db", database], check=True, stdout=subprocess.DEVNULL)
    token = subprocess.run([binary, "token", "add", "alice", "--db", database], check=True,
                           stdout=subprocess.PIPE).stdout.decode().strip()
    devices = [Device(n, token, random.Random(rng.random())) for n in range(options.devices)]
    for device in devices:
      device.start()
    kills = 0
    for trial in range(options.trials):
      if time.monotonic() > deadline:
        break
      process, port = start_server(binary, database)
      for device in devices:
        device.port = port
        device.running.set()
      time.sleep(rng.uniform(0.05, 0.6))
      process.send_signal(signal.SIGKILL)
      process.wait()
      kills += 1
      for device in devices:
        device.running.clear()
    # Drain: the queues are answered on a server that is not killed.
    process, port = start_server(binary, database)
    for device in devices:
      device.stop = True
      device.join()
      device.port = port
      while device.queue:
        if not device.push_once():
          time.sleep(0.05)
    failures = []
    # Every answered change is answered the same when sent again.
    for device in devices:
      answered = sorted(device.answers)
      for start in range(0, len(answered), 100):
        ids = answered[start:start + 100]
        changes = []
        for change_id in ids:
          changes.append({"change_id": change_id, "op": "remove", "id": "0"})
        status, body = request(port, token, "POST", "/v1/lists/books", {"changes": changes})
        for change_id, result in zip(ids, body["results"]):
          if result != device.answers[change_id]:
            failures.append("change %s answered %r, first %r" % (change_id, result, device.answers[change_id]))
    # The server holds every applied add not removed, once, and nothing else.
    titles = []
    status, page = request(port, token, "GET", "/v1/lists/books?limit=500")
    while True:
      titles += [item["title"] for item in page["items"]]
      if page["next_cursor"] is None:
        break
      status, page = request(port, token, "GET", "/v1/lists/books?limit=500&cursor=" + page["next_cursor"])
    expected = sorted(t for d in devices for t in d.applied_adds if t not in d.removed)
    if sorted(titles) != expected:
      extra = sorted(set(titles) - set(expected))[:5]
      missing = sorted(set(expected) - set(titles))[:5]
      doubled = sorted(t for t in set(titles) if titles.count(t) > 1)[:5]
      failures.append("server holds %d items, expected %d (extra %s, missing %s, twice %s)"
                      % (len(titles), len(expected), extra, missing, doubled))
    process.send_signal(signal.SIGTERM)
    if process.wait(timeout=15) != 0:
      failures.append("serve did not exit 0 on SIGTERM")
    changes = sum(len(d.answers) for d in devices)
    print("server-kill: seed %d, %d kills, %d changes answered (%d applied adds, %d applied removes), %d items"
          % (seed, kills, changes, sum(len(d.applied_adds) for d in devices),
             sum(len(d.removed) for d in devices), len(titles)))
    for failure in failures[:20]:
      print("FAILED: " + failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
  sys.exit(main())
