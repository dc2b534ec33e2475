#!/usr/bin/env python3
"""Hostile requests against lists-server at full size: it answers each, stays up, and its memory
stays bounded.

Usage: Tests/Scripts/server-hostile.py [--bin DIR] [--idle N] [--seconds S]
       (DIR holds lists-server, default .build/debug; N idle connections, default 10,000;
       at most S seconds in all, default 300)

Starts `lists-server serve` on a fresh file on 127.0.0.1 (a port the system picks) and sends, one
after another: a body of 100 MB streamed without a length, a body announced at 100 MB, a body
cut short, header fields of 1 MiB, a header that never ends, bad UTF-8, JSON nested 100,000
deep, a push of 101 changes, a query of 1 MB — each answered with its status (or, for what
never ends, the connection closed by the server) — then N idle connections at once (past
`--max-connections` refused with 503), and after each step a page of the list answered 200.
The server's resident memory is read from /proc after each step: it must stay under 256 MiB
and the process must never die. Exit status 0 when every check held.
"""

import argparse
import http.client
import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time

BOOKS = {"name": "books", "item": "book", "fields": [{"name": "title", "type": "text", "required": True}]}
RSS_LIMIT_MIB = 256


def resident_mib(pid):
  with open(f"/proc/{pid}/status") as status:
    for line in status:
      if line.startswith("VmRSS:"):
        return int(line.split()[1]) / 1024
  return 0.0


class OutOfTime(Exception):
  pass


def raw(port, data, read_timeout=10.0, chunks=None):
  """Sends `data` (then each of `chunks`, if any, stopping as soon as an answer has come) on a
  new connection; the status of the answer, or None when the server closed the connection
  without one (or could not be reached)."""
  try:
    connection = socket.create_connection(("127.0.0.1", port), timeout=read_timeout)
  except OSError:
    return None
  try:
    answer = b""
    try:
      connection.sendall(data)
      for chunk in chunks or []:
        connection.sendall(chunk)
    except OSError:
      pass  # the server answered and closed while we were still sending
    while b"\r\n" not in answer:
      part = connection.recv(4096)
      if not part:
        break
      answer += part
    line = answer.split(b"\r\n", 1)[0].split()
    return int(line[1]) if len(line) >= 2 and line[1].isdigit() else None
  except OSError:
    return None
  finally:
    connection.close()


def page(port, token):
  """The status of a page of the list, or None when no connection could be made."""
  try:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/v1/lists/books?limit=5", headers={"Authorization": "Bearer " + token})
    status = connection.getresponse().status
    connection.close()
    return status
  except (OSError, http.client.HTTPException):
    return None


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument("--bin", default=".build/debug")
  parser.add_argument("--idle", type=int, default=10_000)
  parser.add_argument("--seconds", type=int, default=300)
  options = parser.parse_args()
  deadline = time.monotonic() + options.seconds
  server_binary = os.path.join(options.bin, "lists-server")
  soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
  wanted = options.idle + 256
  if soft < wanted:
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
  idle_count = min(options.idle, resource.getrlimit(resource.RLIMIT_NOFILE)[0] - 256)

  folder = tempfile.mkdtemp(prefix="lists-hostile-")
  database = os.path.join(folder, "server.db")
  kind_file = os.path.join(folder, "books.json")
  with open(kind_file, "w") as file:
    json.dump(BOOKS, file)
  subprocess.run([server_binary, "kinds", "add", kind_file, "--db", database], check=True, capture_output=True)
  token = subprocess.run(
    [server_binary, "token", "add", "alice", "--db", database], check=True, capture_output=True, text=True
  ).stdout.strip()
  server = subprocess.Popen(
    [server_binary, "serve", "--db", database, "--listen", "127.0.0.1:0"],
    stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
  port = int(server.stdout.readline().strip().rsplit(":", 1)[1])
  failures = []
  peak = 0.0
  header = f"Authorization: Bearer {token}\r\nHost: 127.0.0.1\r\n"

  def check(name, got, wanted, page_wanted=(200,)):
    nonlocal peak
    alive = server.poll() is None
    rss = resident_mib(server.pid) if alive else 0.0
    peak = max(peak, rss)
    listed = page(port, token) if alive else None
    good = got in wanted and alive and listed in page_wanted and rss < RSS_LIMIT_MIB
    print(f"{'ok  ' if good else 'FAIL'} {name}: {got} (wanted {sorted(wanted, key=str)}), "
          f"then a page {listed}, {rss:.1f} MiB resident")
    if not good:
      failures.append(name)
    if time.monotonic() > deadline:
      failures.append("out of time")
      raise OutOfTime

  post = f"POST /v1/lists/books HTTP/1.1\r\n{header}Content-Type: application/json\r\n"
  try:
    megabyte = b" " * (1 << 20)
    streamed = [b"100000\r\n" + megabyte + b"\r\n"] * 100 + [b"0\r\n\r\n"]
    check("100 MB streamed without a length", raw(port, (post + "Transfer-Encoding: chunked\r\n\r\n").encode(), chunks=streamed), {413})
    check("a body announced at 100 MB", raw(port, (post + "Content-Length: 104857600\r\n\r\n").encode()), {413})
    check("a body cut short", raw(port, (post + "Content-Length: 1000\r\nConnection: close\r\n\r\n{\"changes\"").encode(), read_timeout=40), {None, 400, 408})
    check("header fields of 1 MiB", raw(port, (f"GET /v1/lists/books HTTP/1.1\r\n{header}X-Big: " + "a" * (1 << 20) + "\r\n\r\n").encode()), {431, None})
    check("a header that never ends (closed after the idle timeout)", raw(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n", read_timeout=40), {None})
    bad_utf8 = b'{"changes": [{"change_id": "c1", "op": "add", "item": {"title": "\xff\xfe"}}]}'
    check("bad UTF-8", raw(port, (post + f"Content-Length: {len(bad_utf8)}\r\n\r\n").encode() + bad_utf8), {400})
    deep = b"[" * 100_000
    check("JSON nested 100,000 deep", raw(port, (post + f"Content-Length: {len(deep)}\r\n\r\n").encode() + deep), {400})
    many = json.dumps({"changes": [{"change_id": f"c{n}", "op": "add", "item": {"title": f"T{n}"}} for n in range(101)]}).encode()
    check("a push of 101 changes", raw(port, (post + f"Content-Length: {len(many)}\r\n\r\n").encode() + many), {413})
    check("a query of 1 MB", raw(port, (f"GET /v1/lists/books?limit=" + "9" * (1 << 20) + f" HTTP/1.1\r\n{header}\r\n").encode()), {431, 414, None})
    # N idle connections at once; past --max-connections (1,024) each is refused.
    idle = []
    for _ in range(idle_count):
      try:
        idle.append(socket.create_connection(("127.0.0.1", port), timeout=10))
      except OSError:
        break
    opened = len(idle)
    refused = raw(port, f"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    # With every connection the server takes open and its listen queue full, one more may not
    # connect at all: refused or not, the server must stay up and bounded.
    check(f"{opened} idle connections open, one more request", refused, {503, None}, (503, None))
    for connection in idle:
      connection.close()
    time.sleep(1)
    check("the idle connections closed, a request", raw(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"), {200})
  except OutOfTime:
    pass
  finally:
    server.terminate()
    try:
      code = server.wait(timeout=15)
    except subprocess.TimeoutExpired:
      server.kill()
      code = None
  print(f"peak resident memory {peak:.1f} MiB (limit {RSS_LIMIT_MIB}); SIGTERM exit {code}")
  if code != 0:
    failures.append("exit after SIGTERM")
  if failures:
    print("failed: " + ", ".join(failures))
    return 1
  print("every hostile request answered; the server stayed up with bounded memory")
  return 0


if __name__ == "__main__":
  sys.exit(main())
