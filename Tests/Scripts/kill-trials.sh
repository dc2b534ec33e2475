# What sync-kill.sh and sync-push-kill.sh share (sourced, from the package's root): their options
# and the test server they kill syncs against.

# kill_trial_options NAME TRIALS SECONDS HELP_LAST_LINE "$@": reads --trials N, --seconds S and
# --bin DIR (defaults TRIALS, SECONDS, .build/debug) into trials, seconds and bin, sets lists,
# and checks that lists, lists-sync and the tools the trials use are there.
kill_trial_options() {
  local name=$1 help_last=$4
  trials=$2
  seconds=$3
  bin=.build/debug
  shift 4
  while (($#)); do
    case "$1" in
      --trials) trials="${2:?--trials needs a number}"; shift 2 ;;
      --seconds) seconds="${2:?--seconds needs a number}"; shift 2 ;;
      --bin) bin="${2:?--bin needs a folder}"; shift 2 ;;
      -h | --help) sed -n "2,${help_last}p" "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
      *) echo "$name: unknown argument '$1' (see --help)" >&2; exit 64 ;;
    esac
  done
  lists="$bin/lists"
  [[ -x "$lists" && -x "$bin/lists-sync" ]] || { echo "$name: build first (swift build): no $lists or lists-sync" >&2; exit 66; }
  for tool in python3 sqlite3 curl pgrep; do
    command -v "$tool" >/dev/null || { echo "$name: needs $tool" >&2; exit 69; }
  done
}

# start_test_server NAME WORK: starts Tests/ListSyncTests/Server/remote_server.py on 127.0.0.1,
# its stdin a fifo in WORK held open on descriptor 9 (the server exits when it closes), and sets
# server_pid and port.
start_test_server() {
  local name=$1 work=$2
  rm -f "$work/stdin" "$work/port" && mkfifo "$work/stdin"
  python3 Tests/ListSyncTests/Server/remote_server.py < "$work/stdin" > "$work/port" 2> /dev/null &
  server_pid=$!
  exec 9> "$work/stdin"
  for _ in $(seq 50); do [[ -s "$work/port" ]] && break; sleep 0.1; done
  port=$(head -n 1 "$work/port")
  [[ -n "$port" ]] || { echo "$name: the test server did not start" >&2; exit 70; }
}
