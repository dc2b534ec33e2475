#!/usr/bin/env bash
# Builds each libFuzzer target with -sanitize=fuzzer,address and runs it for SECONDS (default 60).
# Usage: Tests/Scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#
# Targets: fuzz-ndjson fuzz-amount fuzz-cursor fuzz-arguments fuzz-search fuzz-kinds fuzz-page fuzz-request (Tests/Fuzz/<target>). Each starts
# from its seed corpus in Tests/Fuzz/Corpus/<target>, which is only read; what the fuzzer learns
# goes to .build/fuzz/corpus/<target> and is reused by the next run. A crash or a broken
# property is saved under .build/fuzz/artifacts/<target>/; replay it with
#   swift run <target> .build/fuzz/artifacts/<target>/crash-...
# and keep it: copy it into the seed corpus and add a test to the unit target (FUZZING.md).
# Exit status: 0 when no target crashed, 1 when one did, 70 when a build failed.
set -uo pipefail
cd "$(dirname "$0")/../.."

seconds="${1:-60}"
shift || true
targets=("$@")
if ((${#targets[@]} == 0)); then
  targets=(fuzz-ndjson fuzz-amount fuzz-cursor fuzz-arguments fuzz-search fuzz-kinds fuzz-page fuzz-request)
fi
if ! [[ "$seconds" =~ ^[1-9][0-9]*$ ]]; then
  echo "Usage: Tests/Scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]" >&2
  exit 64
fi

# Release by default: about 7 times the executions of debug, and nothing is lost — Sources has
# no assert(), and preconditions and overflow checks stay on in -O. FUZZ_CONFIGURATION=debug
# builds a debug fuzzer instead.
configuration="${FUZZ_CONFIGURATION:-release}"
scratch=.build/fuzz
# Every module gets libFuzzer's coverage instrumentation (-Xfrontend -sanitize=fuzzer), but only
# the fuzz targets link libFuzzer, and its no-main variant: SwiftPM links each executable's
# main to its module's @main, which hands control to libFuzzer (FuzzSupport/FuzzMain.swift).
# Linking -sanitize=fuzzer everywhere would also give the build tool MigrationsEmbedder
# libFuzzer's main, which needs an LLVMFuzzerTestOneInput it does not have.
resources="$(swiftc -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')"
libfuzzer="$resources/clang/lib/linux/libclang_rt.fuzzer_no_main-$(uname -m).a"
if [[ ! -f "$libfuzzer" ]]; then
  echo "fuzz.sh: no libFuzzer in this toolchain ($libfuzzer); it needs a swift.org Linux one." >&2
  exit 69
fi
build=(swift build -c "$configuration" --scratch-path "$scratch"
  -Xswiftc -sanitize=address -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer,address
  -Xswiftc -DFUZZING -Xlinker "$libfuzzer" -Xlinker -lstdc++)
mkdir -p "$scratch/logs"

crashed=0
summary=()
for target in "${targets[@]}"; do
  echo "== $target: building ($configuration) with -sanitize=fuzzer,address"
  # The plugin's build tool is built with ASan too; its leak report at exit is not ours.
  if ! ASAN_OPTIONS=detect_leaks=0 "${build[@]}" --product "$target" \
    >"$scratch/logs/$target-build.log" 2>&1; then
    tail -20 "$scratch/logs/$target-build.log" >&2
    echo "$target: build failed; see $scratch/logs/$target-build.log" >&2
    exit 70
  fi
  binary="$("${build[@]}" --show-bin-path)/$target"
  corpus="$scratch/corpus/$target"
  artifacts="$scratch/artifacts/$target"
  mkdir -p "$corpus" "$artifacts"
  options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -use_value_profile=1
    -print_final_stats=1 -artifact_prefix="$artifacts/")
  dictionary="Tests/Fuzz/Dictionaries/$target.dict"
  [[ -f "$dictionary" ]] && options+=(-dict="$dictionary")

  echo "== $target: fuzzing for ${seconds}s"
  log="$scratch/logs/$target.log"
  started=$(date +%s)
  # Leak checks stay on. Swift's own crash backtracer is off: libFuzzer reports the crash and
  # saves the input, and the backtracer's memory reads would only add an ASan report of their own.
  SWIFT_BACKTRACE=enable=no \
    "$binary" "${options[@]}" "$corpus" "Tests/Fuzz/Corpus/$target" >"$log" 2>&1
  status=$?
  elapsed=$(($(date +%s) - started))

  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  coverage=$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -1)
  if ((status == 0)); then
    result="no crash"
  else
    crashed=1
    result="CRASH (exit $status)"
    echo "-- $target: first report ($log):"
    grep -m 12 -E '==fuzz==|ERROR: |SUMMARY: |Fatal error|Assertion failed|Precondition failed|deadly signal|Test unit written|Base64: ' "$log"
    [[ -z "$runs" ]] && runs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
  fi
  line="$target: ${runs:-?} runs in ${elapsed}s (${speed:-?}/s), ${coverage:-no coverage line}: $result"
  echo "$line"
  summary+=("$line")
done

echo
echo "== summary (${seconds}s per target)"
printf '%s\n' "${summary[@]}"
exit "$crashed"
