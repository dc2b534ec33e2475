#!/usr/bin/env bash
# Builds the DocC documentation of the library products with the toolchain's docc, from symbol
# graphs the compiler emits, and fails on any warning (an unresolved link, an undocumented
# parameter) and on any public symbol without a doc comment.
# Usage: Tests/Scripts/build-docs.sh [OUTPUT-DIR]   (default: .build/docs/archives)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"
scratch=.build/docs
graphs="$scratch/symbol-graphs"
out="${1:-$scratch/archives}"
docc="$(command -v docc || echo "$(dirname "$(command -v swift)")/docc")"
modules=(ListStore ListPaging ListSync ListStoreTesting ListPagingTesting)
mkdir -p "$graphs" "$out"

# A scratch path of its own, so the flags do not rebuild the normal build. The three targets
# below depend on every module documented.
for target in ListStoreTesting ListPagingTesting ListSync; do
  swift build --scratch-path "$scratch" --target "$target" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$repo/$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public 2>&1 | tail -n 1
done

status=0
for module in "${modules[@]}"; do
  one="$(mktemp -d)"
  cp "$graphs/$module.symbols.json" "$one/"
  cp "$graphs/$module"@*.symbols.json "$one/" 2>/dev/null || true
  catalog=()
  [ -d "Sources/$module/$module.docc" ] && catalog=("Sources/$module/$module.docc")
  # Every public symbol has a doc comment (synthesized conformances and members that only
  # implement a documented protocol requirement inherit theirs).
  python3 - "$one/$module.symbols.json" <<'PY' || status=1
import json, sys
graph = json.load(open(sys.argv[1]))
implements = {r["source"] for r in graph["relationships"] if r["kind"] in ("requirementOf", "defaultImplementationOf", "overrides")}
missing = [
  s for s in graph["symbols"]
  if s["accessLevel"] in ("public", "open") and not s.get("docComment")
  and "::SYNTHESIZED::" not in s["identifier"]["precise"] and "location" in s
  and s["identifier"]["precise"] not in implements
  and not s["pathComponents"][-1].startswith("_")
]
for s in missing:
  where = s.get("location", {}).get("uri", "?").replace("file://", "")
  line = s.get("location", {}).get("position", {}).get("line", 0) + 1
  print(f"{where}:{line}: undocumented public {s['kind']['displayName'].lower()} {'.'.join(s['pathComponents'])}")
sys.exit(1 if missing else 0)
PY
  if ! "$docc" convert "${catalog[@]}" --additional-symbol-graph-dir "$one" \
    --fallback-display-name "$module" --fallback-bundle-identifier "lists.$module" \
    --output-path "$out/$module.doccarchive" --warnings-as-errors --ide-console-output \
    > "$one/log" 2>&1; then
    grep -E "warning|error" "$one/log" >&2 || cat "$one/log" >&2
    status=1
  else
    pages=$(find "$out/$module.doccarchive/data/documentation" -name '*.json' | wc -l)
    echo "docs: $module: $pages pages, no warnings"
  fi
  rm -rf "$one"
done
exit $status
