#!/usr/bin/env bash
# Compiles and runs the README's examples as one separate package that depends on this one by
# path, the way an app would: the "Embedding" main.swift as an executable (run twice on one
# file), the "Your own lists" main.swift (an app's books kind with a record type) as a second
# executable, the "Sync" main.swift (a sync engine) as a third, run against the test server on
# 127.0.0.1, and the "Testing your app" suite as a test target under `swift test`.
# Usage: Tests/Scripts/check-readme-example.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The package is named after its folder; give it the name a user's checkout has.
ln -s "$repo" "$work/lists"
mkdir -p "$work/app/Sources/app" "$work/app/Sources/books" "$work/app/Sources/syncapp" "$work/app/Tests/AppTests"
cat > "$work/app/Package.swift" <<'MANIFEST'
// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "app",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "../lists")],
  targets: [
    .executableTarget(
      name: "app",
      dependencies: [
        .product(name: "ListStore", package: "lists"),
        .product(name: "ListPaging", package: "lists"),
      ]),
    .executableTarget(
      name: "books", dependencies: [.product(name: "ListStore", package: "lists")]),
    .executableTarget(
      name: "syncapp",
      dependencies: [
        .product(name: "ListStore", package: "lists"),
        .product(name: "ListPaging", package: "lists"),
        .product(name: "ListSync", package: "lists"),
      ]),
    .testTarget(
      name: "AppTests",
      dependencies: [
        .product(name: "ListStore", package: "lists"),
        .product(name: "ListPaging", package: "lists"),
        .product(name: "ListStoreTesting", package: "lists"),
        .product(name: "ListPagingTesting", package: "lists"),
      ]),
  ]
)
MANIFEST

# The first ```swift block after the heading `$1` that starts with an import (a block before it
# may be the manifest snippet), written to `$2`.
extract() {
  awk -v heading="$1" '$0 == heading {found=1; next}
    found && /^## /{exit}
    found && /^```swift$/{inside=1; first=1; next}
    inside && /^```$/{ if (taken) exit; inside=0; next }
    inside && first { first=0; if ($0 !~ /^import /) { inside=0; next } taken=1 }
    inside{print}' "$repo/README.md" > "$2"
  test -s "$2" || { echo "no example under '$1' in README.md" >&2; exit 1; }
}
extract "## Embedding" "$work/app/Sources/app/main.swift"
extract "## Your own lists" "$work/app/Sources/books/main.swift"
extract "## Sync" "$work/app/Sources/syncapp/main.swift"
extract "## Testing your app" "$work/app/Tests/AppTests/AppTests.swift"

cd "$work/app"
swift build --build-tests 2>&1 | tail -n 3
.build/debug/app "$work/example.db"
# A second run on the same file must work too.
.build/debug/app "$work/example.db" > /dev/null
echo "README Embedding example: OK"
books_output="$(.build/debug/books "$work/books.db")"
echo "$books_output"
# The example catches its errors to print them: its output says whether it worked.
if grep -q '^error:' <<<"$books_output" || ! grep -qx 'rolled back: 3 books, 0 orders' <<<"$books_output"; then
  echo "README Your own lists example: unexpected output" >&2
  exit 1
fi
# A second run on the same file finds the kind and the app's migration applied.
.build/debug/books "$work/books.db" > /dev/null
echo "README Your own lists example: OK"
# The sync example against the test server (it exits when its stdin, a fifo held here, closes).
mkfifo "$work/server-stdin"
python3 "$repo/Tests/ListSyncTests/Server/remote_server.py" < "$work/server-stdin" > "$work/port" &
exec 9> "$work/server-stdin"
for _ in $(seq 50); do [[ -s "$work/port" ]] && break; sleep 0.1; done
port=$(head -n 1 "$work/port")
curl -sf -X POST "http://127.0.0.1:$port/_control" -d '{"items": [{"id": 1, "title": "Dune", "version": 1}]}' > /dev/null
sync_output="$(timeout 60 .build/debug/syncapp "$work/sync.db" "http://127.0.0.1:$port/items")"
echo "$sync_output"
server_titles="$(curl -sf "http://127.0.0.1:$port/_state" | python3 -c 'import json, sys; print(sorted(i["title"] for i in json.load(sys.stdin)["items"]))')"
exec 9>&-
if [[ "$sync_output" != $'["1 change not synced yet."]\n2 books, 0 waiting' || "$server_titles" != "['Dune', 'Written offline']" ]]; then
  echo "README Sync example: unexpected output (the server holds $server_titles)" >&2
  exit 1
fi
echo "README Sync example: OK"
swift test 2>&1 | tail -n 5
echo "README Testing example: OK"
