#!/usr/bin/env bash
# The model-based sync test (Tests/ListSyncTests/SyncModelTests.swift) over many seeds: three
# devices, a seeded random run of writes, syncs with faults, syncs SIGKILLed part-way and the
# remote's own edits and deletions, then quiet syncs and the checker — each seed run twice, on
# the Python test remote and on lists-server. Prints the seed of every failing run, so that
# `--runs 1 --seed S` replays it.
#
#   Tests/Scripts/sync-model.sh [--runs N] [--seed S] [--steps K] [--seconds T]
#
# Bounded: at most T seconds (default 600) of runs, in batches of 10 seeds.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=20 seed=1 steps=40 seconds=600
while (($#)); do
  case "$1" in
    --runs) runs=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --steps) steps=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    *) echo "usage: $0 [--runs N] [--seed S] [--steps K] [--seconds T]" >&2; exit 64 ;;
  esac
done
swift build --build-tests -q
deadline=$((SECONDS + seconds))
done_runs=0 failed=()
while ((done_runs < runs && SECONDS < deadline)); do
  batch=$((runs - done_runs < 10 ? runs - done_runs : 10))
  log=$(mktemp)
  LISTS_SYNC_MODEL_RUNS=$batch LISTS_SYNC_MODEL_SERVER_RUNS=$batch LISTS_SYNC_MODEL_SEED=$((seed + done_runs)) LISTS_SYNC_MODEL_STEPS=$steps \
    timeout $((deadline - SECONDS + 5)) swift test --skip-build --filter SyncModelTests >"$log" 2>&1 && status=0 || status=$?
  named=0
  while read -r failing; do failed+=("$failing"); named=1; done < <(grep '✘' "$log" | grep -o 'seed → [0-9]*' | awk '{print $3}' | sort -u)
  if ((status != 0 && named == 0)); then
    echo "sync-model: the batch from seed $((seed + done_runs)) failed without naming a seed:" >&2
    tail -20 "$log" >&2
    failed+=("batch-$((seed + done_runs))")
  fi
  rm -f "$log"
  done_runs=$((done_runs + batch))
done
echo "sync-model: $done_runs runs of $steps steps from seed $seed; ${#failed[@]} failed${failed:+: ${failed[*]}}"
((${#failed[@]} == 0))
