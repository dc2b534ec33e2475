#!/usr/bin/env bash
# The long reliability run: the tests of Tests/ReliabilityTests with more trials and longer
# contention, for about N minutes, then their figures.
#
# Usage: Tests/Scripts/reliability.sh [--minutes N] [--seed S] [--mutation-files F]
#        (default 5 minutes, 150 files)
#
# Each test repeats its trials for its share of the time (crash: import 25 %, first open 10 %,
# clear 10 %; contention: writers 25 %, racing first opens 5 %, first writes 10 %; full disk 10 %; the hostile
# file and input cases run once). The run is killed if it takes more than twice its time plus
# five minutes. Then Tests/Scripts/full-filesystem.sh fills a real tmpfs (when run as root),
# and Tests/Scripts/mutation.sh edits F files at random (bookkeeping, kind definitions, sync
# state; every class of edits, 22 commands on each),
# Tests/Scripts/sync-kill.sh kills `lists sync --all` 20 times, and
# Tests/Scripts/sync-push-kill.sh kills a push (`lists sync favorites`) 20 trials long, and the
# sync engine (`lists sync favorites --watch`) 10 trials long, while another process writes,
# each within its time bound, Tests/Scripts/server-kill.py kills lists-server 20 times during
# pushes from 4 devices, and Tests/Scripts/server-hostile.py sends it hostile requests at full
# size (100 MB bodies, 10,000 idle connections).
# Exit status: 0 when all seven passed.
set -uo pipefail
cd "$(dirname "$0")/../.."

minutes=5
seed=""
mutation_files=150
while (($#)); do
  case "$1" in
    --minutes) minutes="${2:?--minutes needs a number}"; shift 2 ;;
    --seed) seed="${2:?--seed needs a number}"; shift 2 ;;
    --mutation-files) mutation_files="${2:?--mutation-files needs a number}"; shift 2 ;;
    -h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "reliability.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
if ! [[ "$minutes" =~ ^[0-9]+([.][0-9]+)?$ ]]; then
  echo "reliability.sh: --minutes takes a number, not '$minutes'" >&2
  exit 64
fi
command -v prlimit >/dev/null || { echo "reliability.sh: needs prlimit (util-linux)" >&2; exit 69; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
report="$work/figures.jsonl"
log="$work/test.log"
: > "$report"

echo "Building (debug, with tests)..."
swift build --build-tests 2>&1 | tail -n 1

bound=$(awk -v m="$minutes" 'BEGIN { printf "%d", m * 120 + 300 }')
started=$(date +%s)
echo "Running the reliability tests for about $minutes minute(s) (killed after ${bound} s)..."
env LISTS_RELIABILITY_MINUTES="$minutes" LISTS_RELIABILITY_REPORT="$report" \
  ${seed:+LISTS_RELIABILITY_SEED="$seed"} \
  timeout --signal=KILL "$bound" swift test --skip-build --filter ReliabilityTests > "$log" 2>&1
status=$?
# A really full file system (ENOSPC) needs a tmpfs, so root: run when possible, say so when not.
filesystem=$(Tests/Scripts/full-filesystem.sh --lists .build/debug/lists 2>&1)
filesystem_status=$?
# Random edits of the bookkeeping (it runs its own fast 40 files above, among the tests).
mutation=$(Tests/Scripts/mutation.sh --files "$mutation_files" ${seed:+--seed "$seed"} 2>&1)
mutation_status=$?
# SIGKILL of `lists sync --all` against the test server: a short bounded run.
sync_kill=$(Tests/Scripts/sync-kill.sh --trials 20 --seconds 120 2>&1)
sync_kill_status=$?
# SIGKILL of a push (`lists sync favorites`) while another process writes: bounded too.
sync_push_kill=$(Tests/Scripts/sync-push-kill.sh --trials 20 --seconds 150 2>&1 \
  && Tests/Scripts/sync-push-kill.sh --engine --trials 10 --seconds 100 2>&1)
sync_push_kill_status=$?
# SIGKILL of lists-server during pushes from several devices, restarted on the same file.
server_kill=$(Tests/Scripts/server-kill.py --trials 20 --devices 4 --seconds 200 ${seed:+--seed "$seed"} 2>&1)
server_kill_status=$?
# Hostile requests at full size against lists-server: answered, up, memory bounded.
server_hostile=$(Tests/Scripts/server-hostile.py --seconds 300 2>&1)
server_hostile_status=$?
elapsed=$(($(date +%s) - started))
grep -E '^(✘|✔ Test run|✘ Test run)' "$log" | grep -v ' started' | head -n 40

echo
echo "Machine:  $(uname -sm), $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo); $(swift --version 2>/dev/null | head -n 1)"
echo "SQLite:   $(sqlite3 --version 2>/dev/null | cut -d' ' -f1)"
echo "Command:  Tests/Scripts/reliability.sh --minutes $minutes${seed:+ --seed $seed}"
echo "Date:     $(date -u '+%Y-%m-%d %H:%M UTC'), wall time ${elapsed} s, swift test exit $status"
echo

# Each line of the report is one test's figures: {"test":"crash.import","trials":20,...}.
awk '
  {
    line = $0
    match(line, /"test":"[^"]*"/); test = substr(line, RSTART + 8, RLENGTH - 9)
    sub(/"test":"[^"]*",?/, "", line); gsub(/[{}]/, "", line)
    n = split(line, pairs, ",")
    for (i = 1; i <= n; i++) {
      split(pairs[i], kv, ":"); key = kv[1]; gsub(/"/, "", key)
      if (key == "seed") { seed = kv[2]; continue }
      sum[test SUBSEP key] += kv[2]
      if (!((test) in seen)) { seen[test] = 1; order[++tests] = test }
    }
  }
  function f(test, key) { return sum[test SUBSEP key] + 0 }
  END {
    printf "%-34s %s\n", "Crash safety (SIGKILL)", "trials  kills  kills survived  acknowledged  found"
    split("crash.import crash.first-open crash.clear", crash, " ")
    for (i = 1; i <= 3; i++) {
      t = crash[i]
      printf "  %-32s %6d %6d %15d %13d %6d\n", t, f(t, "trials"), f(t, "kills"), f(t, "kills survived"), f(t, "acknowledged"), f(t, "found")
      trials += f(t, "trials"); kills += f(t, "kills"); survived += f(t, "kills survived")
      acked += f(t, "acknowledged"); found += f(t, "found")
    }
    t = "contention.writers"
    printf "%-34s %s\n", "Contention", ""
    printf "  %-32s %d commands (%d writes, %d reads), %d failed busy, %d stored twice\n", "writers and readers", f(t, "commands"), f(t, "writes"), f(t, "reads"), f(t, "busy"), f(t, "duplicates")
    printf "  %-32s %d acknowledged, %d found\n", "  orders", f(t, "acknowledged"), f(t, "found")
    acked += f(t, "acknowledged"); found += f(t, "found")
    t = "contention.busy"
    printf "  %-32s %d of %d cases exit 75 in bound\n", "lock past --busy-timeout", f(t, "passed"), f(t, "cases")
    hostile += f(t, "cases"); hostilePassed += f(t, "passed")
    t = "contention.first-open"
    printf "  %-32s %d of %d trials migrated once (%d processes)\n", "racing first opens", f(t, "passed"), f(t, "trials"), f(t, "processes")
    trials += f(t, "trials")
    t = "contention.first-write"
    printf "  %-32s %d trials, %d acknowledged, %d found\n", "racing first writes", f(t, "trials"), f(t, "acknowledged"), f(t, "found")
    trials += f(t, "trials"); acked += f(t, "acknowledged"); found += f(t, "found")
    t = "full-disk.writes"
    printf "%-34s %s\n", "Full disk (RLIMIT_FSIZE)", ""
    printf "  %-32s %d of %d limits clean (%d imports, %d adds tried); %d adds acknowledged, %d found\n", "writes past a limit", f(t, "passed"), f(t, "adds tried"), f(t, "imports tried"), f(t, "adds tried"), f(t, "acknowledged"), f(t, "found")
    trials += f(t, "adds tried"); acked += f(t, "acknowledged"); found += f(t, "found")
    t = "full-disk.first-open"
    printf "  %-32s %d of %d limits clean\n", "first open past a limit", f(t, "passed"), f(t, "cases")
    trials += f(t, "cases")
    printf "%-34s %s\n", "Hostile files and input", "cases  passed"
    split("hostile-files hostile-input.import hostile-input.arguments hostile-input.cursors hostile-input.command-line hostile-input.verbatim hostile-input.extremes", groups, " ")
    for (i = 1; i <= 7; i++) {
      t = groups[i]
      printf "  %-32s %5d %7d\n", t, f(t, "cases"), f(t, "passed")
      hostile += f(t, "cases"); hostilePassed += f(t, "passed")
    }
    print ""
    printf "Seed %s (replay with --seed %s)\n", seed, seed
    printf "Trials run %d; kills %d, survived %d; writes acknowledged %d, found %d; hostile cases %d, passed %d\n", trials, kills, survived, acked, found, hostile, hostilePassed
  }
' "$report"
echo "$filesystem"
echo
echo "File mutation (Tests/Scripts/mutation.sh --files $mutation_files):"
echo "$mutation" | grep -v '^Build' || true
((filesystem_status != 0 && filesystem_status != 69)) && status=1
echo
echo "Sync kills (Tests/Scripts/sync-kill.sh --trials 20 --seconds 120):"
echo "$sync_kill"
echo
echo "Sync push kills (Tests/Scripts/sync-push-kill.sh --trials 20, then --engine --trials 10):"
echo "$sync_push_kill"
echo
echo "Server kills (Tests/Scripts/server-kill.py --trials 20 --devices 4):"
echo "$server_kill"
echo
echo "Hostile requests (Tests/Scripts/server-hostile.py):"
echo "$server_hostile"
((mutation_status != 0)) && status=1
((server_hostile_status != 0)) && status=1
((server_kill_status != 0)) && status=1
((sync_kill_status != 0)) && status=1
((sync_push_kill_status != 0)) && status=1
if ((status != 0)); then
  echo
  echo "FAILED: swift test, the full file system, the mutation or a sync kill run failed; those of swift test:"
  grep -E '^✘|^↳ ' "$log" | grep -vE '↳ (Testing Library|Target Platform|///)' | head -n 40
fi
exit $status
