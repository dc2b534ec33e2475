#!/usr/bin/env bash
# `lists browse` in a real terminal: tmux runs it in a private server, the script types keys
# with `send-keys` and reads the screen with `capture-pane -p`. Every wait is a bounded poll
# (at most 10 s); the whole script ends in well under a minute or fails.
#
# Covers: rows shown; moving past the page loads the next (a `Loading…` frame, then rows);
# another process's `lists add` appears without a key; an append that fails (the table is
# renamed away by another process between two pages) shows inline and `r` retries it; `/`
# searches and no results are centred; the empty placeholder is centred; a resize re-lays the
# screen; `q`, Ctrl-C and SIGTERM restore the terminal (no alternate screen, cursor shown, the
# same `stty -g`); a stream that is not a terminal is a usage error (64); `--at` opens the view
# at an item and loads the pages before it as the view goes up.
#
# Usage: Tests/Scripts/browse-tmux.sh [path/to/lists]   (default: .build/debug/lists)
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
lists="${1:-$repo/.build/debug/lists}"
command -v tmux >/dev/null || { echo "browse-tmux: tmux is missing (apt-get install tmux)" >&2; exit 1; }
command -v sqlite3 >/dev/null || { echo "browse-tmux: sqlite3 is missing" >&2; exit 1; }
[ -x "$lists" ] || { echo "browse-tmux: no $lists (swift build first)" >&2; exit 1; }

work="$(mktemp -d)"
socket="lists-browse-$$"
tm() { tmux -L "$socket" "$@"; }
cleanup() {
  tm kill-server 2>/dev/null || true
  # A browse the server's end interrupted may still be closing the database.
  for _ in $(seq 20); do rm -rf "$work" 2>/dev/null && return 0; sleep 0.1; done
  rm -rf "$work"
}
trap cleanup EXIT
db="$work/lists.db"

fail() {
  echo "browse-tmux: FAIL: $*" >&2
  echo "--- screen ---" >&2
  tm capture-pane -p >&2 || true
  exit 1
}
screen() { tm capture-pane -p; }
# How many item rows the screen shows.
item_rows() { screen | grep -cE '^(>| ) +[0-9]+  '; }
# wait_for TEXT [WHAT]: polls the screen until it shows TEXT (a fixed string).
wait_for() {
  for _ in $(seq 100); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.1
  done
  fail "${2:-the screen never showed '$1'}"
}
wait_gone() {
  for _ in $(seq 100); do
    screen | grep -qF -- "$1" || return 0
    sleep 0.1
  done
  fail "'$1' stayed on the screen"
}
# The shell is back: its prompt shows and tmux is off the alternate screen.
wait_shell() {
  for _ in $(seq 100); do
    [ "$(tm display -p '#{alternate_on}')" = 0 ] && screen | grep -qx 'ready\$ *' && break
    sleep 0.1
  done
  screen | grep -qx 'ready\$ *' || fail "the shell's prompt did not come back after $1"
  [ "$(tm display -p '#{alternate_on}')" = 0 ] || fail "still on the alternate screen after $1"
  [ "$(tm display -p '#{cursor_flag}')" = 1 ] || fail "the cursor is hidden after $1"
}
# check_sane WHAT: the terminal's settings are what they were before browse ran.
check_sane() {
  tm send-keys "stty -g > '$work/after' && cmp -s '$work/before' '$work/after' && echo SANE-\$((40+2))" Enter
  wait_for "SANE-42" "the terminal's settings changed after $1"
  tm send-keys "clear" Enter
  wait_gone "SANE-42"
}
browse() {
  tm send-keys "clear; '$lists' --db '$db' browse $*" Enter
}

# Not a terminal: a usage error, and nothing drawn.
set +e
"$lists" --db "$db" browse favorites </dev/null >"$work/out" 2>"$work/err"
code=$?
set -e
[ "$code" = 64 ] || fail "browse with stdin not a terminal exited $code, not 64"
grep -q "needs a terminal" "$work/err" || fail "no usage message when stdin is not a terminal"

for i in $(seq -w 1 70); do printf '{"ref":"r%s","title":"Favorite number %s"}\n' "$i" "$i"; done >"$work/favorites.ndjson"
"$lists" --db "$db" import favorites "$work/favorites.ndjson" >/dev/null
printf '%s\n' '{"name": "notes", "item": "note", "fields": [{"name": "title", "type": "text", "required": true}]}' \
  >"$work/notes.json"
"$lists" --db "$db" kinds add "$work/notes.json" >/dev/null

tm -f /dev/null new-session -d -x 80 -y 24 "env -i HOME='$work' TERM=xterm-256color PS1='ready\$ ' bash --norc --noprofile"
tm set-option -g status off
tm send-keys "stty -g > '$work/before'" Enter
wait_for 'ready$ stty'

# Rows fill the screen; another process's write shows up without a key.
browse favorites --limit 30
wait_for "Favorite number 70" "the first rows were not shown"
wait_for "1/30+"
[ "$(item_rows)" = 20 ] || fail "the rows do not fill the 24-line screen"
"$lists" --db "$db" add favorites --ref elsewhere --title "Added elsewhere" >/dev/null
wait_for "Added elsewhere" "another process's add did not appear"
wait_for "71 favorites"

# Moving to the end of the page loads the next one: a Loading… frame, then its rows.
tm pipe-pane -o "cat >> '$work/frames'"
tm send-keys G
wait_for "30/60+" "the second page was not loaded at the end of the first"
tm pipe-pane
grep -qF "Loading…" "$work/frames" || fail "no Loading… row was drawn while the next page loaded"
tm send-keys j
wait_for "31/60+"
wait_for "Favorite number 41" "the second page's first row is not shown"

# A page that fails shows inline; r asks for exactly that page again.
sqlite3 "$db" ".timeout 5000" "ALTER TABLE favorites RENAME TO favorites_away"
tm send-keys G
wait_for "Couldn't load more favorites" "the failed page was not shown inline"
wait_for "60/60+"
sqlite3 "$db" ".timeout 5000" "ALTER TABLE favorites_away RENAME TO favorites"
tm send-keys r
wait_gone "Couldn't load more favorites"
wait_for "60/71" "r did not load the failed page"

# / searches; no results are centred; Esc shows the whole list again.
tm send-keys / "number 07" Enter
wait_for "search: “number 07”"
wait_for "Favorite number 07"
screen | grep -qF "Favorite number 08" && fail "the search showed an item it does not match"
tm send-keys / C-u
tm send-keys BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace "zzz" Enter
wait_for "No results for “zzz”"
tm send-keys Escape
wait_for "Favorite number 70" "Esc did not clear the search"

# A resize lays the screen out again for 60 by 15.
tm resize-window -x 60 -y 15
for _ in $(seq 100); do
  [ "$(screen | wc -l)" = 15 ] && screen | tail -1 | grep -q "1/30+" && break
  sleep 0.1
done
screen | tail -1 | grep -q "1/30+" || fail "the status line is not on the last of 15 lines"
[ "$(item_rows)" = 11 ] || fail "the rows do not fill the 15-line screen"
# A line wider than the pane would wrap and push the status line off; the rows end whole.
screen | grep -qE 'Favorite number 70 +2[0-9-]+ [0-9]{2}:[0-9]{2}$' || fail "the rows were not laid out for 60 columns"
tm resize-window -x 80 -y 24

# q restores the terminal.
tm send-keys q
wait_shell q
check_sane q

# The empty placeholder is centred (once the shell's terminal is 24 by 80 again: tmux applies
# a resize to the pane's terminal when its loop gets to it).
for _ in $(seq 50); do
  tm send-keys "clear; stty size" Enter
  sleep 0.2
  screen | grep -qx '24 80' && break
done
screen | grep -qx '24 80' || fail "the pane did not become 24 by 80"
browse notes
wait_for "No notes yet"
top="$(screen | grep -n '╭' | cut -d: -f1)"
[ "$top" -ge 8 ] && [ "$top" -le 12 ] || fail "the empty placeholder is not centred vertically (line $top)"
screen | grep '╭' | python3 -c '
import sys
line = sys.stdin.readline().rstrip("\n")
left = len(line) - len(line.lstrip(" "))
right = 80 - left - len(line.strip())
sys.exit(0 if abs(left - right) <= 1 else 1)' || fail "the empty placeholder is not centred horizontally"

# Ctrl-C restores the terminal.
tm send-keys C-c
wait_shell Ctrl-C
check_sane Ctrl-C

# SIGTERM restores it too.
browse favorites
wait_for "Favorite number 70"
shell="$(tm display -p '#{pane_pid}')"
child="$(pgrep -P "$shell" | head -1)"
[ -n "$child" ] || fail "no browse process under the shell"
kill -TERM "$child"
wait_shell SIGTERM
check_sane SIGTERM

# --at opens the view at an item, selected on the top row; the page before it loads at once,
# and going up past the start of what is loaded loads the pages before that.
tm send-keys "clear" Enter
browse favorites --limit 10 --at 35
wait_for "Favorite number 35" "--at did not show the item"
# The selected row's id, and the position on the status line (1 for the first item loaded).
selected() { screen | grep -E '^> ' | awk '{print $2}'; }
position() { screen | tail -1 | grep -oE '[0-9]+/[0-9]+\+?$' | cut -d/ -f1; }
wait_loaded_before() {
  for _ in $(seq 100); do
    p="$(position)"
    [ -n "$p" ] && [ "$p" -gt 1 ] && return 0
    sleep 0.1
  done
  fail "$1"
}
wait_loaded_before "the page before the item was not loaded"
[ "$(selected)" = 35 ] || fail "--at did not keep the item selected ($(selected))"
screen | sed -n 3p | grep -qF "Favorite number 35" || fail "--at did not show the item on the top row"
tm send-keys g
for _ in $(seq 100); do [ "$(position)" = 1 ] && break; sleep 0.1; done
first="$(selected)"
wait_loaded_before "going up to the first item loaded did not load the page before it"
[ "$(selected)" = "$first" ] || fail "the selection moved off item $first when the page before came"
tm send-keys k
for _ in $(seq 100); do [ "$(selected)" = "$((first + 1))" ] && break; sleep 0.1; done
[ "$(selected)" = "$((first + 1))" ] || fail "the item before $first was not above it"
tm send-keys q
wait_shell "q after --at"

echo "browse tmux test: OK"
