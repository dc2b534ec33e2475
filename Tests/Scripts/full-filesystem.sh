#!/usr/bin/env bash
# A really full file system (ENOSPC), which the test suite cannot make without privileges: the
# `lists` binary writes into a small tmpfs until it is full. Every write that fails must exit 74
# with one "disk is full" line and leave nothing of itself behind; every acknowledged write must
# be there; with room again (the tmpfs grown), the same writes must work.
#
# Usage: Tests/Scripts/full-filesystem.sh [--lists PATH] [--rounds N]   (needs root, for mount)
# Default binary: .build/debug/lists. Exit 0 when every check held, 1 when one failed, 69 when
# the file system cannot be made here (not root, or no tmpfs).
set -uo pipefail
cd "$(dirname "$0")/../.."

lists=.build/debug/lists
rounds=3
while (($#)); do
  case "$1" in
    --lists) lists="${2:?--lists needs a path}"; shift 2 ;;
    --rounds) rounds="${2:?--rounds needs a number}"; shift 2 ;;
    -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "full-filesystem.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
[[ -x "$lists" ]] || { echo "full-filesystem.sh: no lists binary at $lists (swift build first)" >&2; exit 66; }
command -v sqlite3 >/dev/null || { echo "full-filesystem.sh: needs the sqlite3 shell" >&2; exit 69; }

work="$(mktemp -d)"
mountpoint="$work/fs"
mkdir -p "$mountpoint"
cleanup() {
  mountpoint -q "$mountpoint" && umount "$mountpoint"
  rm -rf "$work"
}
trap cleanup EXIT
if ! mount -t tmpfs -o size=512k tmpfs "$mountpoint" 2>/dev/null; then
  echo "full-filesystem.sh: cannot mount a tmpfs here (needs root); not run" >&2
  exit 69
fi

db="$mountpoint/full.db"
failures=0
checks=0
acknowledged=0
rejected=0
fail() { echo "FAILED: $*"; failures=$((failures + 1)); }

# One round of what a full file system must do to a write: exit 74, one line saying so.
expect_full() { # label, exit code, stderr file
  checks=$((checks + 1))
  local lines
  lines=$(wc -l < "$3")
  if [[ "$2" != 74 || "$lines" != 1 ]] || ! grep -q "disk is full" "$3"; then
    fail "$1: exit $2, stderr: $(head -c 300 "$3")"
  else
    rejected=$((rejected + 1))
  fi
}

# The file is sound, the kept counts equal the real ones, and its order numbers are exactly the
# acknowledged ones (one a line in $work/expected).
expect_sound() { # label
  checks=$((checks + 1))
  local integrity counts
  integrity=$(sqlite3 "$db" 'PRAGMA integrity_check;')
  counts=$(sqlite3 "$db" "SELECT (SELECT count(*) FROM orders) = coalesce((SELECT item_count FROM list_counts WHERE account = 'default' AND list = 'orders'), 0);")
  sqlite3 "$db" 'SELECT number FROM orders ORDER BY number;' > "$work/found"
  sort "$work/expected" > "$work/expected.sorted"
  if [[ "$integrity" != ok || "$counts" != 1 ]]; then
    fail "$1: integrity '$integrity', counts agree: $counts"
  elif ! cmp -s "$work/found" "$work/expected.sorted"; then
    fail "$1: $(wc -l < "$work/found") orders found, $(wc -l < "$work/expected.sorted") acknowledged"
  fi
}

: > "$work/expected"
python3 - "$work/big.ndjson" <<'EOF'
import json, sys
with open(sys.argv[1], "w") as out:
    for i in range(20000):
        out.write(json.dumps({"number": f"BIG-{i:06d}", "total": "12.50", "currency": "EUR"}) + "\n")
EOF

# A file that exists, with a first acknowledged order.
if "$lists" --db "$db" add orders --number FIRST --total 1 --currency EUR > /dev/null 2> "$work/err"; then
  echo FIRST >> "$work/expected"
  acknowledged=1
else
  echo "full-filesystem.sh: the first add failed: $(cat "$work/err")" >&2
  exit 1
fi

size_kib=512
for round in $(seq 1 "$rounds"); do
  # An import larger than the room left: all or nothing.
  "$lists" --db "$db" import orders "$work/big.ndjson" > /dev/null 2> "$work/err"
  expect_full "round $round: import of 20,000 orders into ${size_kib} KiB" $? "$work/err"
  expect_sound "round $round, after the import"

  # Single adds until the file system is full, then a few more that must fail cleanly.
  full_seen=0
  n=0
  while ((full_seen < 3)); do
    n=$((n + 1))
    number="R$round-$(printf '%05d' "$n")-$(head -c 600 /dev/zero | tr '\0' 'x')"
    "$lists" --db "$db" add orders --number "$number" --total 1.25 --currency EUR \
      > /dev/null 2> "$work/err"
    status=$?
    if ((status == 0)); then
      echo "$number" >> "$work/expected"
      acknowledged=$((acknowledged + 1))
    else
      expect_full "round $round: add $n" $status "$work/err"
      full_seen=$((full_seen + 1))
    fi
    ((n > 100000)) && { fail "round $round: the file system never filled"; break; }
  done
  expect_sound "round $round, after filling"
  "$lists" --db "$db" doctor > /dev/null 2> "$work/err"
  status=$?
  checks=$((checks + 1))
  # doctor only reads: on a full file system it must still find the file sound.
  ((status == 0)) || fail "round $round: doctor on a full file system exited $status: $(cat "$work/err")"

  # Room again: the same kind of write works.
  size_kib=$((size_kib * 2))
  mount -o remount,size=${size_kib}k "$mountpoint" || { fail "remount"; break; }
  number="ROOM-$round"
  checks=$((checks + 1))
  if "$lists" --db "$db" add orders --number "$number" --total 1 --currency EUR > /dev/null 2> "$work/err"; then
    echo "$number" >> "$work/expected"
    acknowledged=$((acknowledged + 1))
  else
    fail "round $round: add with room again: $(cat "$work/err")"
  fi
  expect_sound "round $round, with room again"
done

found=$(sqlite3 "$db" 'SELECT count(*) FROM orders;')
echo "Full file system (tmpfs, ENOSPC): $rounds rounds, $checks checks, $failures failed;" \
  "$rejected writes refused as disk full, $acknowledged acknowledged, $found found"
((failures == 0))
