#!/usr/bin/env bash
# The long mutation run: the Swift test `swift test` runs on a few files
# (BookkeepingMutationTests), on N files edited at random with plain SQL — the bookkeeping
# (user_version, lists_migrations, list_counts, triggers, indexes), the kind definitions in
# list_kinds, the sync state in list_sync, list_sync_items and list_changes — and every command (22) on each
# edited file. Then its figures, and every failure: seed, file, class of edits, the edits, the
# command, how it ended and what it broke.
#
# Usage: Tests/Scripts/mutation.sh [--files N] [--seed S] [--minutes M] [--class C,...] [--safe]
#                                  [--edit SQL]
#   --files N    files to edit (default 300)
#   --seed S     replay a run (file i is edited by the generator seeded S + i, and its class is
#                picked by that seed; --seed S+i --files 1 replays file i alone); default: the clock
#   --minutes M  the run is killed after M minutes (default 30): a hang fails it
#   --class C    only these classes of edits (bookkeeping, kind-sql, sync-url, ...: EditClass in
#                Tests/ReliabilityTests/Support/HostileEdits.swift)
#   --safe       only the classes `swift test` runs (without it, every class: LISTS_MUTATION_HOSTILE=1)
#   --edit SQL   make this edit instead of the generator's (with --class for the kind the commands
#                name: films for sync-*, else books), e.g. to check one finding after a fix
# Every failure is also kept in .build/mutation-failures.txt.
# Exit status: 0 when every command on every file passed.
set -euo pipefail
cd "$(dirname "$0")/../.."

files=300
seed=""
minutes=30
classes=""
edit=""
hostile=1
while (($#)); do
  case "$1" in
    --files) files="${2:?--files needs a number}"; shift 2 ;;
    --seed) seed="${2:?--seed needs a number}"; shift 2 ;;
    --minutes) minutes="${2:?--minutes needs a number}"; shift 2 ;;
    --class) classes="${2:?--class needs names}"; shift 2 ;;
    --safe) hostile=0; shift ;;
    --edit) edit="${2:?--edit needs SQL}"; shift 2 ;;
    -h | --help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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
failures="$work/failures.txt"
log="$work/test.log"
: > "$report"
: > "$failures"

echo "Building (debug, with tests)..."
swift build --build-tests 2>&1 | tail -n 1

started=$(date +%s)
echo "Editing $files files (seed $seed; killed after $minutes minute(s))..."
status=0
env LISTS_MUTATION_FILES="$files" LISTS_RELIABILITY_REPORT="$report" \
  LISTS_RELIABILITY_SEED="$seed" LISTS_MUTATION_HOSTILE="$hostile" LISTS_MUTATION_CLASS="$classes" \
  LISTS_MUTATION_FAILURES="$failures" ${edit:+LISTS_MUTATION_EDIT="$edit"} \
  timeout --signal=KILL "$((minutes * 60))" \
  swift test --skip-build --filter BookkeepingMutationTests > "$log" 2>&1 || status=$?
elapsed=$(($(date +%s) - started))
cp "$failures" .build/mutation-failures.txt
grep -E '^✔ Test run|^✘ Test run' "$log" | cut -c1-300 || true
echo "Date:     $(date -u '+%Y-%m-%d %H:%M UTC'), wall time ${elapsed} s, swift test exit $status"
# {"test":"mutation","files":300,"commands":5700,"passed":...,"exit 74":...,"seed":...}
sed -e 's/[{}"]//g' -e 's/,/\n/g' "$report" | sed -n 's/^\([^:]*\):\(.*\)$/  \1: \2/p'
if [[ -s "$failures" ]]; then
  echo
  echo "Failures by class, command and what broke (all $(wc -l < "$failures") in .build/mutation-failures.txt):"
  # A line: seed S (file i), CLASS, edits [...] | lists ARGS | ENDING | PROBLEM; PROBLEM | stderr: ...
  awk -F ' [|] ' '{
      split($1, head, ", "); class = head[2]
      n = split($2, words, " "); command = words[2]
      if (command == "show" || command == "kinds" || command == "doctor") {
        for (w = 3; w <= n; w++) if (words[w] ~ /^--|^(show|remove|add)$/) command = command " " words[w]
      }
      if (command == "add" && $2 ~ / --help$/) command = "add --help"
      m = split($4, problems, "; ")
      for (p = 1; p <= m; p++) {
        problem = problems[p]; gsub(/[0-9]+ rows/, "N rows", problem); gsub(/\([0-9]+ then [0-9]+\)/, "", problem)
        print class " | " command " | " problem
      }
    }' "$failures" | sort | uniq -c | sort -rn | head -n 60
  echo
  echo "First failure of each class:"
  awk -F ' [|] ' '{ split($1, head, ", "); if (!(head[2] in seen)) { seen[head[2]] = 1; print substr($0, 1, 900) } }' "$failures"
fi
exit "$status"
