#!/usr/bin/env bash
# The long bookkeeping mutation run: the same Swift test `swift test` runs on 40 files
# (BookkeepingMutationTests), on N files edited at random with plain SQL (user_version,
# lists_migrations, list_counts, triggers, indexes), 7 commands on each. Then its figures.
#
# Usage: Tests/Scripts/mutation.sh [--files N] [--seed S] [--minutes M]
#   --files N    files to edit (default 2000)
#   --seed S     replay a run (file i is edited by the generator seeded S + i; default: the clock)
#   --minutes M  the run is killed after M minutes (default 30): a hang fails it
# Exit status: 0 when every command on every file passed.
set -euo pipefail
cd "$(dirname "$0")/../.."

files=2000
seed=""
minutes=30
while (($#)); do
  case "$1" in
    --files) files="${2:?--files needs a number}"; shift 2 ;;
    --seed) seed="${2:?--seed needs a number}"; shift 2 ;;
    --minutes) minutes="${2:?--minutes needs a number}"; shift 2 ;;
    -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "mutation.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
for value in "$files" "$minutes" ${seed:+"$seed"}; do
  [[ "$value" =~ ^[0-9]+$ ]] || { echo "mutation.sh: '$value' is not a whole number" >&2; exit 64; }
done

seed="${seed:-$(date +%s%3N)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
report="$work/figures.jsonl"
log="$work/test.log"
: > "$report"

echo "Building (debug, with tests)..."
swift build --build-tests 2>&1 | tail -n 1

started=$(date +%s)
echo "Editing $files files (killed after $minutes minute(s))..."
status=0
env LISTS_MUTATION_FILES="$files" LISTS_RELIABILITY_REPORT="$report" \
  LISTS_RELIABILITY_SEED="$seed" \
  timeout --signal=KILL "$((minutes * 60))" \
  swift test --skip-build --filter BookkeepingMutationTests > "$log" 2>&1 || status=$?
elapsed=$(($(date +%s) - started))
grep -E '^(✘|✔ Test run)' "$log" | grep -v ' started' | cut -c1-400 | head -n 20 || true
echo "Date:     $(date -u '+%Y-%m-%d %H:%M UTC'), wall time ${elapsed} s, swift test exit $status"
# {"test":"mutation","files":2000,"commands":14000,"passed":14000,"exit 74":...,"seed":...}
sed -e 's/[{}"]//g' -e 's/,/\n/g' "$report" | sed -n 's/^\([^:]*\):\(.*\)$/  \1: \2/p'
exit "$status"
