#!/usr/bin/env bash
# Checks what would break the build on Apple platforms, which cannot be built here:
#   1. `import Glibc` / `import Darwin` not guarded by `#if canImport(...)` of that module;
#   2. `Glibc.` / `Darwin.` qualified names outside a `#if canImport(...)` of that module;
#   3. `pthread_*` calls in Sources/ outside a `Platform/` folder (one such file per target);
#   4. symbols that need Swift 6.2 and macOS/iOS 26 (`Task.immediate`, ...) used without both
#      `#if compiler(>=6.2)` around them and an `#available`/`@available` for 26 before them in
#      that block.
#   5. an import of the C library (`Glibc`, `Darwin`, `Musl`; guarded or not) in Sources/ outside
#      a `Platform/` folder: each target wraps what it needs of it in its one Platform/ folder.
# Usage: Tests/Scripts/check-platform.sh [DIR...]   (default: Sources Tests)
#        Tests/Scripts/check-platform.sh --self-test  (each rule must catch a planted mistake)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"

check() {
  local status=0 file
  while IFS= read -r -d '' file; do
    awk -v file="$file" '
      function fail(message) { printf "%s:%d: %s\n", file, FNR, message; bad = 1 }
      # A stack of the #if conditions around the current line.
      /^[ \t]*#if /     { depth++; cond[depth] = $0; avail[depth] = 0; next }
      /^[ \t]*#elseif / { cond[depth] = $0; avail[depth] = 0; next }
      /^[ \t]*#else/    { cond[depth] = "#else of " cond[depth]; avail[depth] = 0; next }
      /^[ \t]*#endif/   { depth--; next }
      function inside(pattern,   i) {
        for (i = depth; i >= 1; i--) if (cond[i] ~ pattern && cond[i] !~ /^#else of/) return 1
        return 0
      }
      { line = $0; sub(/\/\/.*/, "", line) }  # comments do not count
      line ~ /^[ \t]*(@_exported[ \t]+)?import[ \t]+(Glibc|Darwin)[ \t]*$/ {
        module = line; sub(/.*import[ \t]+/, "", module); sub(/[ \t]*$/, "", module)
        if (!inside("canImport\\(" module "\\)")) fail("import " module " without #if canImport(" module ")")
      }
      line ~ /(^|[^A-Za-z0-9_.])(Glibc|Darwin)\./ {
        module = (line ~ /Glibc\./) ? "Glibc" : "Darwin"
        if (!inside("canImport\\(" module "\\)")) fail(module ". outside #if canImport(" module ")")
      }
      line ~ /(^|[^A-Za-z0-9_])pthread_[a-z_]+[ \t]*\(/ && file ~ /(^|\/)Sources\// && file !~ /\/Platform\// {
        fail("pthread call outside the target'"'"'s Platform/ folder")
      }
      line ~ /^[ \t]*(@_exported[ \t]+)?import[ \t]+((typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?(Glibc|Darwin|Musl)([ \t.]|$)/ \
        && file ~ /(^|\/)Sources\// && file !~ /\/Platform\// {
        fail("C library imported outside the target'"'"'s Platform/ folder")
      }
      line ~ /(#|@)available\(.*(macOS|iOS) 26/ && depth > 0 { avail[depth] = 1 }
      line ~ /Task\.immediate|Task\.immediateDetached|addImmediateTask|InlineArray|MutableSpan|RawSpan/ {
        ok = 0
        for (i = depth; i >= 1; i--) if (cond[i] ~ /compiler\(>= ?6\.[2-9]\)/) ok = 1
        seen = 0
        for (i = depth; i >= 1; i--) if (avail[i]) seen = 1
        if (!ok) fail("Swift 6.2 symbol without #if compiler(>=6.2)")
        else if (!seen) fail("macOS/iOS 26 symbol without #available before it")
      }
      END { exit bad }
    ' "$file" || status=1
  done < <(find "$@" -name '*.swift' -not -path '*/.build/*' -print0 | sort -z)
  return $status
}

if [ "${1:-}" = "--self-test" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/Sources/A/Platform"
  printf '#if canImport(Glibc)\n  import Glibc\n#endif\nlet x = Glibc.write\n' > "$work/Sources/A/Qualified.swift"
  printf 'import Glibc\n' > "$work/Sources/A/Bare.swift"
  printf '#if canImport(Darwin)\n  import Glibc\n#endif\n' > "$work/Sources/A/Wrong.swift"
  printf 'func f() { pthread_self() }\n' > "$work/Sources/A/Thread.swift"
  printf 'let t = Task.immediate { }\n' > "$work/Sources/A/Unguarded.swift"
  printf '#if compiler(>=6.2)\n  let t = Task.immediate { }\n#endif\n' > "$work/Sources/A/NoAvailable.swift"
  printf '#if canImport(Musl)\n  import Musl\n#endif\n' > "$work/Sources/A/Outside.swift"
  # What must pass: guarded imports and calls, pthread in Platform/, a gated symbol done right,
  # a guarded import in a test.
  mkdir -p "$work/Tests/B"
  printf '#if canImport(Glibc)\n  import Glibc\n#endif\n' > "$work/Tests/B/Helper.swift"
  printf '#if canImport(Glibc)\n  import Glibc\n  let w = Glibc.write\n#elseif canImport(Darwin)\n  import Darwin\n#endif\n// import Glibc\nfunc f() { pthread_self() }\n' \
    > "$work/Sources/A/Platform/Fine.swift"
  printf '#if compiler(>=6.2)\n  if #available(macOS 26, iOS 26, *) {\n    Task.immediate { }\n  }\n#endif\n' \
    > "$work/Sources/A/Gated.swift"
  found="$(check "$work/Sources" "$work/Tests" || true)"
  echo "$found"
  expected=(Qualified.swift:4 Bare.swift:1 Wrong.swift:2 Thread.swift:1 Unguarded.swift:1 NoAvailable.swift:2 Outside.swift:2)
  for where in "${expected[@]}"; do
    grep -q "/$where: " <<<"$found" || { echo "self-test: $where was not reported" >&2; exit 1; }
  done
  if grep -q "Fine.swift\|Gated.swift\|Helper.swift" <<<"$found"; then echo "self-test: a correct file was reported" >&2; exit 1; fi
  echo "platform check self-test: OK"
  exit 0
fi

if (($#)); then check "$@"; else cd "$repo" && check Sources Tests; fi
echo "platform check: OK"
