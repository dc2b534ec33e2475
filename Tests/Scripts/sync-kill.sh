#!/usr/bin/env bash
# SIGKILL trials of `lists sync --all` against the test server (Tests/ListSyncTests/Server).
#
# Usage: Tests/Scripts/sync-kill.sh [--trials N] [--seconds S] [--bin DIR]
#        (default 24 trials, at most 120 s; DIR holds lists and lists-sync, default .build/debug)
#
# Each trial: a fresh file, a remote of 61 favorites in pages of 7, each request delayed
# 10-60 ms; `lists sync favorites --all` is killed with SIGKILL after a random 30-400 ms. Then
# the file must open and hold whole pages only: the rows are the first k remote items (k a
# multiple of 7, or all 61), each once, the stored remote cursor leads to item k (null and
# complete at the end), and list_sync_items maps exactly the rows. `lists sync --continue
# --all` must then ask for exactly the stored cursor first and end with all 61 items, no gap,
# no duplicate. Exit status 0 when every trial passed; the run stops at the time bound.
set -uo pipefail
cd "$(dirname "$0")/../.."

source Tests/Scripts/kill-trials.sh
kill_trial_options sync-kill.sh 24 120 13 "$@"

work="$(mktemp -d)"
server_pid=""
cleanup() {
  [[ -n "$server_pid" ]] && kill "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

start_test_server sync-kill.sh "$work"
url="http://127.0.0.1:$port/items"
total=61
page=7
items=$(python3 -c "import json; print(json.dumps([{'id': i, 'ref': 'r:%d' % i, 'title': 'Item %d' % i} for i in range(1, $total + 1)]))")

control() { curl -sf -X POST "http://127.0.0.1:$port/_control" -d "$1" > /dev/null; }
requests() { curl -sf "http://127.0.0.1:$port/_log" | python3 -c "import json, sys; print(len(json.load(sys.stdin)))"; }
nth_query() {
  curl -sf "http://127.0.0.1:$port/_log" | python3 -c "import json, sys; log = json.load(sys.stdin); print(log[$1]['query'] if len(log) > $1 else '')"
}
delays() { python3 -c "import json, random; print(json.dumps({'faults': [{'delay_ms': random.randint(10, 60)} for _ in range(40)]}))"; }

started=$(date +%s)
passed=0
failed=0
killed_mid=0
killed_before=0
killed_after=0
for trial in $(seq "$trials"); do
  (( $(date +%s) - started >= seconds )) && { echo "time bound reached after $((trial - 1)) trials"; break; }
  db="$work/t$trial.db"
  control "{\"items\": $items}"
  control "$(delays)"
  "$lists" --db "$db" sync favorites --from "$url" --all --limit "$page" > /dev/null 2>&1 &
  pid=$!
  sleep "$(python3 -c 'import random; print(random.uniform(0.03, 0.4))')"
  # lists runs lists-sync as its child: stop lists (so it starts nothing more), then kill the
  # child it started, if any, and lists itself, each by its id.
  kill -STOP "$pid" 2>/dev/null
  child=$(pgrep -P "$pid" 2>/dev/null || true)
  [[ -n "$child" ]] && kill -KILL $child 2>/dev/null
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  for _ in $(seq 100); do
    { [[ -z "$child" ]] || ! kill -0 $child 2>/dev/null; } && break
    sleep 0.02
  done
  problem=""
  if [[ -f "$db" ]]; then
    state=$(sqlite3 -cmd ".timeout 5000" "$db" "
      SELECT (SELECT count(*) FROM favorites),
             (SELECT count(DISTINCT ref) FROM favorites),
             (SELECT coalesce(max(CAST(substr(ref, 3) AS INTEGER)), 0) FROM favorites),
             (SELECT count(*) FROM sqlite_schema WHERE name = 'list_sync'),
             (SELECT count(*) FROM pragma_integrity_check WHERE integrity_check != 'ok');" 2>&1)
    IFS='|' read -r rows distinct highest has_state broken <<< "$state"
    cursor="" complete="" kept=0 mapped=0
    if [[ "$has_state" == 1 ]]; then
      IFS='|' read -r cursor complete kept mapped <<< "$(sqlite3 -cmd ".timeout 5000" "$db" "
        SELECT coalesce(next_cursor, ''), complete, item_count,
               (SELECT count(*) FROM list_sync_items JOIN favorites ON favorites.id = item_id)
        FROM list_sync WHERE kind = 'favorites'")"
    fi
    [[ "$broken" == 0 ]] || problem="integrity check failed"
    [[ "$rows" == "$distinct" && "$rows" == "$highest" ]] || problem="rows are not the first $rows items once each ($state)"
    (( rows % page == 0 || rows == total )) || problem="$rows rows is not whole pages"
    [[ "$kept" == "$rows" && "$mapped" == "$rows" ]] || problem="state keeps $kept items, $mapped mapped, for $rows rows"
    (( rows == 0 )) && killed_before=$((killed_before + 1))
    if (( rows == total )); then
      killed_after=$((killed_after + 1))
      [[ -z "$cursor" && "$complete" == 1 ]] || problem="all rows but cursor '$cursor' complete $complete"
    elif (( rows > 0 )); then
      [[ "$cursor" == "at $rows/+&=" && "$complete" == 0 ]] || problem="cursor '$cursor' does not lead to item $((rows + 1))"
      killed_mid=$((killed_mid + 1))
    fi
  else
    rows=0
    killed_before=$((killed_before + 1))
  fi
  if [[ -z "$problem" ]]; then
    before=$(requests)
    "$lists" --db "$db" sync favorites --from "$url" --all --continue --limit "$page" > "$work/out" 2>&1 \
      || problem="resume failed: $(cat "$work/out")"
    first=$(nth_query "$before")
    if (( rows > 0 && rows < total )); then
      expected="limit=$page&cursor=$(python3 -c "import urllib.parse; print(urllib.parse.quote('at $rows/+&=', safe=''))")"
      [[ "$first" == "$expected" ]] || problem="resume asked '$first', not '$expected'"
    fi
    final=$(sqlite3 -cmd ".timeout 5000" "$db" "SELECT count(*), count(DISTINCT ref) FROM favorites")
    [[ "$final" == "$total|$total" ]] || problem="after resume: rows|distinct = $final, not $total|$total"
  fi
  if [[ -z "$problem" ]]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "trial $trial: $problem"
  fi
  rm -f "$db" "$db-wal" "$db-shm"
done
echo "sync-kill: $passed passed, $failed failed; killed between pages $killed_mid, before the first page $killed_before, after the last $killed_after"
(( failed == 0 && passed > 0 ))
