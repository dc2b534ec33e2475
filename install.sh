#!/bin/sh
# Builds `lists` and `lists-sync` for release — `lists` with the Swift runtime linked in, so it
# starts as fast as the sqlite3 shell — and installs both in BIN: `lists` runs `lists-sync` from
# its own folder to sync, so that a command that does not sync never loads the network stack.
# `lists-server`, the sync server (it needs libmicrohttpd-dev to build), is installed beside them.
#
# Usage: ./install.sh [BIN]      (default ~/.local/bin)
set -eu
cd "$(dirname "$0")"
bin="${1:-$HOME/.local/bin}"
# lists-sync links the Swift runtime dynamically: a static FoundationNetworking needs libcurl's
# development files, and a sync's time is the network's, not its start's. It builds in a folder
# of its own, so that the two builds' flags do not rebuild each other's objects.
swift build -c release --product lists-sync --scratch-path .build/lists-sync
# lists-server links libmicrohttpd and the Swift runtime dynamically, built beside lists-sync.
swift build -c release --product lists-server --scratch-path .build/lists-sync
# Tells the manifest what --static-swift-stdlib does (it cannot see the flag): see Package.swift.
LISTS_STATIC_STDLIB=1 swift build -c release --static-swift-stdlib --product lists
mkdir -p "$bin"
install -m 755 .build/release/lists .build/lists-sync/release/lists-sync .build/lists-sync/release/lists-server "$bin/"
echo "Installed lists, lists-sync and lists-server in $bin."
