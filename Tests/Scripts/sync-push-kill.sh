#!/usr/bin/env bash
# SIGKILL trials of a push, `lists sync favorites`, while another process keeps writing, against
# the test server (Tests/ListSyncTests/Server).
#
# Usage: Tests/Scripts/sync-push-kill.sh [--engine] [--trials N] [--seconds S] [--bin DIR]
#        (default 30 trials, at most 200 s; DIR holds lists and lists-sync, default .build/debug)
#
# With --engine the process killed is the app's sync engine, `lists sync favorites --watch`
# (which pushes 200 ms after each write and pulls at its start), killed after 20-1500 ms.
#
# Each trial: a fresh file and server, 5 remote favorites synced once. A writer then adds, edits
# and removes favorites (at most 40 writes, each acknowledged one logged) while `lists sync
# favorites` is started 1-3 times and killed with SIGKILL (it and its lists-sync) after 20-500
# ms (one kill in three within 20-40 ms), its push given one fault at random (a delay before or
# after the server applies, the answer dropped or a 500 after applying, or none) and the request
# after it a delay. Each kill is classed from the server's log and state and the file: before
# any push arrived, in flight (not applied), applied by the server but still 'sent' in the file,
# after the answer was applied (or the sync had ended by itself). With the writer done and no
# fault left queued, `lists sync favorites` must succeed (3 tries); then the file passes
# integrity_check, its outbox is empty (nothing pending, sent, conflicted or rejected), every
# acknowledged add not removed is in the file and on the server once with its last acknowledged
# title, every acknowledged remove in neither, each change id was applied once, and file and
# server hold the same (ref, title) pairs. A failed trial's file, the server's log and state, its
# steps and writes go to /tmp/push-kill-failures/. Exit status 0 when every trial passed.
set -uo pipefail
cd "$(dirname "$0")/../.."

# --engine: the killed process is the app's sync engine, `lists sync favorites --watch`.
engine=0 arguments=()
for argument in "$@"; do [[ "$argument" == --engine ]] && engine=1 || arguments+=("$argument"); done
source Tests/Scripts/kill-trials.sh
kill_trial_options sync-push-kill.sh 30 200 24 ${arguments[@]+"${arguments[@]}"}

work="$(mktemp -d)"
failures=/tmp/push-kill-failures
server_pid="" writer_pid=""
cleanup() { kill $writer_pid $server_pid 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

# The checks, in Python. `classify PORT FROM DB STATE`: where the kill landed, from the server's
# log from request FROM on, its state before (STATE) and after, and the file (a push of changes
# all applied before, a resend, is classed by the file alone). `check PORT DB WRITES`: the
# acknowledged and the failed writes' counts, then each problem found.
cat > "$work/check.py" <<'PY'
import collections, json, sqlite3, sys, urllib.request
def get(port, path):
  return json.load(urllib.request.urlopen("http://127.0.0.1:%s%s" % (port, path), timeout=10))
def open_db(path):
  return sqlite3.connect("file:%s?mode=ro" % path, uri=True, timeout=10)
def classify(port, start, db, before):
  posts = [e for e in get(port, "/_log")[int(start):] if e.get("method") == "POST"]
  if not posts:
    return "before"
  ids = [c.get("change_id") for c in posts[-1]["changes"] or []]
  new = [i for i in ids if i not in json.load(open(before))["applied"]]
  if new and not any(i in get(port, "/_state")["applied"] for i in new):
    return "flight"
  sent = open_db(db).execute("SELECT count(*) FROM list_changes WHERE state = 'sent' AND change_id IN (%s)"
                             % ",".join("?" * len(ids)), ids).fetchone()[0]
  return "applied" if sent else "answer"
def check(port, db, writes):
  problems, expected, unsure, titles = [], {}, set(), collections.defaultdict(set)
  expect = lambda ok, message: ok or problems.append(message)
  lines = [line.split() for line in open(writes)]
  for word in lines:
    if word[0] == "unknown":  # the command failed: it may or may not have been made
      unsure.add(word[2]); titles[word[2]].update(word[3:])
    else:
      expected[word[1]] = word[2] if word[0] != "remove" else None
  con = open_db(db)
  integrity = con.execute("PRAGMA integrity_check").fetchall()
  expect(integrity == [("ok",)], "integrity_check: %s" % integrity)
  outbox = con.execute("SELECT state, op, count(*) FROM list_changes GROUP BY state, op").fetchall()
  expect(not outbox, "outbox not empty (state, op, count): %s" % outbox)
  local = con.execute("SELECT ref, title FROM favorites WHERE account = 'default'").fetchall()
  state = get(port, "/_state")
  remote = [(item.get("ref"), item.get("title")) for item in state["items"]]
  for ref in sorted(set(expected) | unsure):
    here = [t for r, t in local if r == ref]
    there = [t for r, t in remote if r == ref]
    if ref in unsure:
      expect(len(here) < 2 and len(there) < 2 and set(here + there) <= titles[ref] | {expected.get(ref)},
             "%s (a write unacknowledged): file %s, server %s" % (ref, here, there))
    else:
      expect(here == there == ([expected[ref]] if expected[ref] else []),
             "%s: expected %s, file %s, server %s" % (ref, expected[ref] or "removed", here, there))
  twice = {i: n for i, n in state["applied"].items() if n != 1}
  expect(not twice, "change ids applied more than once: %s" % twice)
  here, there = collections.Counter(local), collections.Counter(remote)
  expect(here == there, "file and server differ: only in the file %s, only on the server %s"
         % (sorted((here - there).elements()), sorted((there - here).elements())))
  print(len(lines) - sum(word[0] == "unknown" for word in lines), len(unsure))
  print("\n".join(problems))
if sys.argv[1] == "classify":
  print(classify(*sys.argv[2:]))
else:
  check(*sys.argv[2:])
PY

# One server a trial (it lives five minutes at most; a fresh one also holds no faults nor
# answers): it exits when its stdin closes, a fifo held open by this script as fd 9.
start_server() {
  if [[ -n "$server_pid" ]]; then exec 9>&-; kill "$server_pid" 2>/dev/null; wait "$server_pid"; fi
  start_test_server sync-push-kill.sh "$work"
}
control() { curl -sf -X POST "http://127.0.0.1:$port/_control" -d "$1" > /dev/null; }
requests() { curl -sf "http://127.0.0.1:$port/_log" | python3 -c "import json, sys; print(len(json.load(sys.stdin)))"; }
run() { timeout -s KILL 60 "$lists" --db "$db" "$@"; } # a hang fails the trial, in bound
millis() { printf '%d.%03d' $(($1 / 1000)) $(($1 % 1000)); }
# Each request (GET or POST) takes the next queued fault: the faults queued at request `mark`
# that no request took yet are taken by GETs of the first page, so none is left over.
queued=0 mark=0
drain() {
  ((queued > 0)) || return 0
  local left=$((queued - ($(requests) - mark)))
  ((left > 0)) && for _ in $(seq "$left"); do curl -s "http://127.0.0.1:$port/items?limit=1&drain=1" > /dev/null; done
  queued=0
}

# The writer: at most 40 writes until $work/stop exists; logs "add REF TITLE", "edit REF
# TITLE", "remove REF" when acknowledged (exit 0), "unknown <the same>" when not.
writer() {
  local -A id_of=()
  local live=() n i ref title out
  for n in $(seq 40); do
    [[ -e "$work/stop" ]] && break
    i=$((RANDOM % 10))
    if ((i < 2 && ${#live[@]} > 0)); then
      ref=${live[RANDOM % ${#live[@]}]} title="T$1-$n-edit"
      run --busy-timeout 20000 edit favorites "${id_of[$ref]}" --title "$title" > /dev/null 2>&1 \
        && echo "edit $ref $title" || echo "unknown edit $ref $title"
    elif ((i < 3 && ${#live[@]} > 0)); then
      i=$((RANDOM % ${#live[@]})) ref=${live[i]}
      run --busy-timeout 20000 remove favorites "${id_of[$ref]}" > /dev/null 2>&1 \
        && echo "remove $ref" || echo "unknown remove $ref"
      live=("${live[@]:0:i}" "${live[@]:i+1}")
    else
      ref="w$1-$n" title="T$1-$n"
      if out=$(run --busy-timeout 20000 add favorites --ref "$ref" --title "$title" 2>&1); then
        id_of[$ref]=$(sed -n 's/.*(id \([0-9]*\)).*/\1/p' <<< "$out") live+=("$ref")
        echo "add $ref $title"
      else
        echo "unknown add $ref $title"
      fi
    fi
    sleep "$(millis $((20 + RANDOM % 100)))"
  done >> "$work/writes"
}

# One push killed with SIGKILL after 20-500 ms; counts where it landed.
declare -A kills=([before]=0 [flight]=0 [applied]=0 [answer]=0 [ended]=0)
kill_one() {
  local fault="{}" push_ms=$((100 + RANDOM % 400)) next_ms=$((50 + RANDOM % 300)) after_ms start pid child status where
  drain
  # A sync takes some 40 ms: the push's fault and a delay of the request after it (the page,
  # or the push again) make most kills land inside it.
  case $((RANDOM % 5)) in
    0) fault="{\"delay_ms\": $push_ms}" ;;
    1) fault="{\"delay_after_apply_ms\": $push_ms}" ;;
    2) fault='{"drop_after_apply": true}' ;;
    3) fault='{"after_apply_status": 500}' ;;
  esac
  start=$(requests)
  curl -sf "http://127.0.0.1:$port/_state" > "$work/before.json"
  control "{\"faults\": [$fault, {\"delay_ms\": $next_ms}]}"
  queued=2 mark=$start
  if ((engine)); then
    # The watch takes the place of lists (one process): it pushes at its start and 200 ms after
    # each of the writer's writes.
    "$lists" --db "$db" sync favorites --watch > /dev/null 2>&1 &
    pid=$!
    after_ms=$((20 + RANDOM % 1481))
  else
    "$lists" --db "$db" sync favorites > /dev/null 2>&1 &
    pid=$!
    # One kill in three within 20-40 ms, the others within 20-500 ms: the push starts some 25 ms in.
    after_ms=$((RANDOM % 3 ? 20 + RANDOM % 481 : 20 + RANDOM % 21))
  fi
  sleep "$(millis "$after_ms")"
  # lists runs lists-sync as its child: stop lists (so it starts nothing more), then kill the
  # child it started, if any, and lists itself, each by its id.
  kill -STOP "$pid" 2>/dev/null
  child=$(pgrep -P "$pid" 2>/dev/null || true)
  [[ -n "$child" ]] && kill -KILL $child 2>/dev/null
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  status=$?
  for _ in $(seq 100); do # until the child is gone or a zombie (pid 1 may be slow to reap it)
    [[ -n "$child" ]] && ps -o stat= -p "${child//$'\n'/,}" | grep -qv '^Z' || break
    sleep 0.02
  done
  sleep 0.05 # a request the killed process had sent reaches the server's log
  where=ended
  ((status == 137)) && where=$(python3 "$work/check.py" classify "$port" "$start" "$db" "$work/before.json")
  kills[$where]=$((kills[$where] + 1))
  echo "sync with faults $fault, {\"delay_ms\": $next_ms}, killed after $after_ms ms: exit $status, $where" >> "$work/steps"
  # The server's threads the kill left waiting are done before the next step.
  [[ "$fault" == *'"delay_ms"'* ]] && ((push_ms > next_ms)) && next_ms=$push_ms
  sleep "$(millis "$next_ms")"
}

items=$(python3 -c "import json; print(json.dumps([{'id': i, 'ref': 's%d' % i, 'title': 'Start %d' % i} for i in range(1, 6)]))")
started=$(date +%s)
passed=0 failed=0 acknowledged=0 unacknowledged=0
for trial in $(seq "$trials"); do
  (( $(date +%s) - started >= seconds )) && { echo "time bound reached after $((trial - 1)) trials"; break; }
  db="$work/t$trial.db"
  : > "$work/writes"; : > "$work/steps"; rm -f "$work/stop"
  start_server
  queued=0 mark=0
  control "{\"items\": $items}"
  problem=""
  run sync favorites --from "http://127.0.0.1:$port/items" > "$work/out" 2>&1 \
    || problem="first sync failed: $(cat "$work/out")"
  if [[ -z "$problem" ]]; then
    writer "$trial" &
    writer_pid=$!
    sleep "$(millis $((100 + RANDOM % 300)))"
    for _ in $(seq $((1 + RANDOM % 3))); do
      kill_one
      sleep "$(millis $((RANDOM % 300)))"
    done
    touch "$work/stop" && wait "$writer_pid"
    writer_pid=""
    drain
    for try in 1 2 3; do
      run sync favorites > "$work/out" 2>&1
      status=$?
      echo "final sync $try: exit $status $(tr '\n' ' ' < "$work/out")" >> "$work/steps"
      ((status == 0)) && break
    done
    ((status == 0)) || problem="the sync after the kills failed 3 times: $(tr '\n' ' ' < "$work/out"); "
    found=$(python3 "$work/check.py" check "$port" "$db" "$work/writes" 2>&1)
    read -r acked unsure <<< "$(head -n 1 <<< "$found")"
    acknowledged=$((acknowledged + ${acked:-0})) unacknowledged=$((unacknowledged + ${unsure:-0}))
    problem+=$(tail -n +2 <<< "$found" | paste -sd ';' -)
  fi
  [[ -z "$problem" ]] && passed=$((passed + 1))
  if [[ -n "$problem" ]]; then
    failed=$((failed + 1))
    echo "trial $trial: $problem"
    kept="$failures/$(date -d "@$started" +%Y%m%d-%H%M%S)-trial-$trial"
    mkdir -p "$failures"
    for file in "$db" "$db-wal" "$db-shm"; do [[ -f "$file" ]] && cp "$file" "$kept.db${file#"$db"}"; done
    curl -s "http://127.0.0.1:$port/_log" > "$kept.log.json"; curl -s "http://127.0.0.1:$port/_state" > "$kept.state.json"
    cp "$work/steps" "$kept.steps" && cp "$work/writes" "$kept.writes" && echo "  kept in $kept.*"
  fi
  rm -f "$db" "$db-wal" "$db-shm"
done
echo "sync-push-kill$( ((engine)) && echo ' --engine'): $passed passed, $failed failed; kills before sending ${kills[before]}, in flight ${kills[flight]}," \
  "after the server applied ${kills[applied]}, after the answer ${kills[answer]} (syncs ended before the kill ${kills[ended]});" \
  "$acknowledged acknowledged writes$( ((unacknowledged)) && echo ", $unacknowledged failed")"
(( failed == 0 && passed > 0 ))
