#!/usr/bin/env bash
# Replays the README's "Your own server" transcript against the built lists and lists-server and
# compares every output line with the README's: lines starting with `$ ` are run with bash in a
# fresh folder, the lines after each are what it must print (its stdout, then its stderr). The
# `serve` line runs in the background on a port the system picks; the README's port 8080 stands
# for it in the commands and the output.
# Usage: Tests/Scripts/check-readme-server.sh [BIN]   (default: .build/debug, built first)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
bin="${1:-}"
[ -z "$bin" ] || bin="$(cd "$bin" && pwd)"
if [ -z "$bin" ]; then
  (cd "$repo" && swift build --product lists && swift build --product lists-sync && swift build --product lists-server) >&2
  bin="$repo/.build/debug"
fi
work="$(mktemp -d)"
server=""
cleanup() {
  [ -n "$server" ] && kill -TERM "$server" 2>/dev/null && wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The transcript: the console block after the section's heading.
awk '/^## Your own server/ { in_section = 1 } in_section && /^```console/ { in_block = 1; next }
  in_block && /^```/ { exit } in_block { print }' "$repo/README.md" > "$work/transcript"
[ -s "$work/transcript" ] || { echo "README.md has no transcript under 'Your own server'." >&2; exit 1; }

cd "$work"
export PATH="$bin:$PATH" HOME="$work/home" NO_COLOR=1 TZ=UTC COLUMNS=80 LANG=C.UTF-8
mkdir -p "$HOME"
port=8080
failures=0
expected=()
command=""
check() {
  [ -z "$command" ] && return 0
  local actual
  if [[ "$command" == lists-server\ serve* ]]; then
    local line="${command//127.0.0.1:8080/127.0.0.1:0}"
    line="${line% &}"
    bash -c "exec $line" > serve.out &
    server=$!
    for _ in $(seq 1 100); do [ -s serve.out ] && break; sleep 0.05; done
    port="$(sed -n 's/^Listening on http:\/\/127.0.0.1:\([0-9]*\)$/\1/p' serve.out)"
    [ -n "$port" ] || { echo "serve printed: $(cat serve.out)" >&2; exit 1; }
    actual="$(sed "s/127.0.0.1:$port/127.0.0.1:8080/g" serve.out)"
  else
    # stdout, then stderr: the two streams' order is not the README's to fix.
    bash -c "${command//127.0.0.1:8080/127.0.0.1:$port}" > out.txt 2> err.txt || true
    actual="$(cat out.txt err.txt | sed "s/127.0.0.1:$port/127.0.0.1:8080/g")"
  fi
  local want
  want="$(printf '%s\n' "${expected[@]+"${expected[@]}"}")"
  if [ "$actual" != "${want%$'\n'}" ] && [ "$actual" != "$want" ]; then
    echo "--- \$ $command" >&2
    diff <(printf '%s\n' "${want%$'\n'}") <(printf '%s\n' "$actual") >&2 || true
    failures=$((failures + 1))
  fi
}
while IFS= read -r line; do
  if [[ "$line" == '$ '* ]]; then
    check
    command="${line#\$ }"
    expected=()
  else
    expected+=("$line")
  fi
done < "$work/transcript"
check
if ((failures)); then
  echo "check-readme-server: $failures command(s) printed something else than the README." >&2
  exit 1
fi
echo "check-readme-server: the README's server transcript holds."
