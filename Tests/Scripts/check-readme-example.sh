#!/usr/bin/env bash
# Compiles and runs the README's "Embedding" example as a separate package that depends on this
# one by path, the way an app would. Usage: Tests/Scripts/check-readme-example.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The package is named after its folder; give it the name a user's checkout has.
ln -s "$repo" "$work/lists"
mkdir -p "$work/app/Sources/app"
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
      ])
  ]
)
MANIFEST

# main.swift is the first ```swift block after the "## Embedding" heading that starts with an
# import (the block before it is the manifest snippet).
awk '/^## Embedding/{found=1}
  found && /^```swift$/{inside=1; first=1; next}
  inside && /^```$/{ if (taken) exit; inside=0; next }
  inside && first { first=0; if ($0 !~ /^import /) { inside=0; next } taken=1 }
  inside{print}' "$repo/README.md" > "$work/app/Sources/app/main.swift"
test -s "$work/app/Sources/app/main.swift" || { echo "no Embedding example in README.md" >&2; exit 1; }

cd "$work/app"
swift build 2>&1 | tail -n 3
.build/debug/app "$work/example.db"
# A second run on the same file must work too.
.build/debug/app "$work/example.db" > /dev/null
echo "README example: OK"
