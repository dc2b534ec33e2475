#!/bin/sh
# Builds `lists` and `lists-sync` for release, with the Swift runtime linked in (they start as
# fast as the sqlite3 shell), and installs both in BIN: `lists` runs `lists-sync` from its own
# folder to sync, so that a command that does not sync never loads the network stack.
#
# Usage: ./install.sh [BIN]      (default ~/.local/bin)
set -eu
cd "$(dirname "$0")"
bin="${1:-$HOME/.local/bin}"
# Tells the manifest what --static-swift-stdlib does (it cannot see the flag): see Package.swift.
export LISTS_STATIC_STDLIB=1
swift build -c release --static-swift-stdlib --product lists-sync
swift build -c release --static-swift-stdlib --product lists
mkdir -p "$bin"
install -m 755 .build/release/lists .build/release/lists-sync "$bin/"
echo "Installed lists and lists-sync in $bin."
