#!/usr/bin/env bash
# The cluster trial of lists-server on PostgreSQL: two nodes (each its own PostgreSQL cluster),
# two `serve` processes, a dozen devices (the real `lists`, each with its own file) over four
# accounts (two on each node, and two of them in buckets the third node takes) doing random
# adds, edits and syncs, each account's devices through both servers. Meanwhile a server is
# SIGKILLed and started again, a node is stopped with `pg_ctl stop -m immediate` and started
# again, and `lists-server nodes add` joins a third node under the load. At the end, quiet
# syncs, then the checks: every device equals the remote; every book a device added is on the
# remote exactly once (adds are never removed here, and titles are unique); no account and no
# change id is on two nodes; every node has the same bucket map and holds only its buckets.
#
# Usage: Tests/Scripts/cluster.sh [--short] [--seconds S] [--bin DIR]
#        (--short: 60 s of load, for CI; default 300 s; DIR holds lists, lists-sync and
#        lists-server, default .build/debug, built first)
# Runs as root (the clusters then run as the postgres user) or as a user that may run
# PostgreSQL. Prints the counts; exit status 0 when every check passed.
set -uo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
seconds=300
bin=""
while (($#)); do
  case "$1" in
    --short) seconds=60 ;;
    --seconds) seconds="$2"; shift ;;
    --bin) bin="$(cd "$2" && pwd)"; shift ;;
    *) echo "usage: cluster.sh [--short] [--seconds S] [--bin DIR]" >&2; exit 64 ;;
  esac
  shift
done
if [ -z "$bin" ]; then
  (cd "$repo" && swift build --product lists && swift build --product lists-sync \
    && swift build --product lists-server) >&2 || exit 1
  bin="$repo/.build/debug"
fi
pgbin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$pgbin/pg_ctl" ] || { echo "cluster.sh: PostgreSQL is not installed" >&2; exit 69; }
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

work="$(mktemp -d /tmp/lists-cluster-XXXXXX)"
chmod 755 "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null; done
  for node in 1 2 3; do
    [ -d "$work/pg$node/data" ] && as_pg "$pgbin/pg_ctl" -D "$work/pg$node/data" -m immediate stop >/dev/null 2>&1
  done
  rm -rf "$work"
}
trap cleanup EXIT

# Three PostgreSQL clusters on ports of their own; the third joins later.
declare -A port
for node in 1 2 3; do
  mkdir -p "$work/pg$node"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$work/pg$node"
  as_pg "$pgbin/initdb" -D "$work/pg$node/data" -A trust -U postgres --no-sync >/dev/null || exit 1
  for _ in $(seq 20); do
    port[$node]=$((20000 + RANDOM % 40000))
    as_pg "$pgbin/pg_ctl" -D "$work/pg$node/data" -l "$work/pg$node/log" -w -o \
      "-p ${port[$node]} -k $work/pg$node -c listen_addresses=127.0.0.1" start >/dev/null 2>&1 && break
  done
done
conninfo() { echo "host=127.0.0.1 port=${port[$1]} user=postgres dbname=postgres connect_timeout=3"; }
nodes=(--postgres "$(conninfo 1)" --postgres "$(conninfo 2)")
start_node() { as_pg "$pgbin/pg_ctl" -D "$work/pg$1/data" -l "$work/pg$1/log" -w -o \
  "-p ${port[$1]} -k $work/pg$1 -c listen_addresses=127.0.0.1" start >/dev/null; }

cd "$work"
export HOME="$work/home" NO_COLOR=1 TZ=UTC LANG=C.UTF-8 PATH="$bin:$PATH"
mkdir -p "$HOME"
echo '{"name": "books", "item": "book", "fields": [{"name": "title", "type": "text", "required": true}, {"name": "status", "type": "enum", "values": ["want", "reading", "done"], "default": "want"}], "unique": {"fields": ["title"]}}' > books.json
lists-server kinds add books.json "${nodes[@]}" >/dev/null || exit 1
# ann and kim hash to node 1's buckets, cy and xia to node 2's; kim's and xia's move to node 3.
accounts=(ann cy kim xia)
for account in "${accounts[@]}"; do
  echo "Authorization: Bearer $(lists-server token add "$account" "${nodes[@]}")" > "$account.header"
done

# Each server keeps its port when started again: a device's remote is its URL.
declare -A server_port server_pid
server_port[1]=$((20000 + RANDOM % 40000))
server_port[2]=$((server_port[1] + 1))
serve() {
  for _ in $(seq 50); do
    rm -f "serve$1.out"
    lists-server serve "${nodes[@]}" --listen "127.0.0.1:${server_port[$1]}" --threads 4 \
      > "serve$1.out" 2>> "serve$1.log" &
    server_pid[$1]=$!
    for _ in $(seq 100); do [ -s "serve$1.out" ] && break; sleep 0.05; done
    [ -s "serve$1.out" ] && break
    sleep 0.2
  done
  pids+=("${server_pid[$1]}")
}
serve 1
serve 2

# A device: its own file, one account, one of the servers, random adds (unique titles, logged)
# and edits, and syncs, until the deadline.
device() {
  local n=$1 account=$2 deadline=$3 db="$work/dev$1.db" count=0
  lists --db "$db" kinds add books.json >/dev/null
  until lists --db "$db" sync books --from "http://127.0.0.1:$4/v1/lists/books" \
    --header "@$account.header" >/dev/null 2>&1; do sleep 0.2; done
  while (( $(date +%s) < deadline )); do
    case $((RANDOM % 3)) in
      0) count=$((count + 1))
         lists --db "$db" add books --title "d$n-$count" >/dev/null 2>&1 && echo "$account d$n-$count" >> added ;;
      1) lists --db "$db" edit books $((RANDOM % (count + 1) + 1)) \
           --status "$(shuf -n1 -e want reading done)" >/dev/null 2>&1 ;;
      2) lists --db "$db" sync books --header "@$account.header" >> "dev$n.sync" 2>&1
         echo "$?" >> syncs ;;
    esac
  done
}
now=$(date +%s)
deadline=$((now + seconds))
for n in $(seq 12); do
  device "$n" "${accounts[$((n % 4))]}" "$deadline" "${server_port[$((n / 4 % 2 + 1))]}" &
  pids+=($!)
done
devices=("${pids[@]:2}")

# The faults, spread over the run.
sleep $((seconds / 5))
kill -KILL "${server_pid[1]}"; wait "${server_pid[1]}" 2>/dev/null; echo "SIGKILLed server 1"
serve 1
sleep $((seconds / 5))
as_pg "$pgbin/pg_ctl" -D "$work/pg2/data" -m immediate stop >/dev/null; echo "stopped node 2 immediately"
sleep 3
start_node 2; echo "started node 2 again"
sleep $((seconds / 5))
join_started=$(date +%s)
lists-server nodes add "$(conninfo 3)" "${nodes[@]}" > join.out 2> join.err
echo "nodes add: exit $? in $(( $(date +%s) - join_started )) s: $(tail -1 join.out) $(cat join.err)"
for pid in "${devices[@]}"; do wait "$pid"; done

# Quiet syncs: every device sends what it holds, then every device pulls (a conflict's exit
# 65 is an answer, not a failure).
for round in 1 2; do
  for n in $(seq 12); do
    lists --db "dev$n.db" sync books --header "@${accounts[$((n % 4))]}.header" \
      >> quiet.out 2>&1
    echo "$?" >> "quiet$round"
  done
done
for n in $(seq 12); do
  lists --db "dev$n.db" export books --format ndjson > "dev$n.items" 2>/dev/null
done
echo "${server_port[2]}" > remote.port
for node in 1 2 3; do
  psql "$(conninfo $node)" -X -A -t -c "SELECT string_agg(node::text, ',' ORDER BY bucket) FROM server_buckets" > "map$node" 2>/dev/null
  psql "$(conninfo $node)" -X -A -t -F ' ' -c "SELECT bucket, account FROM server_accounts" > "accounts$node" 2>/dev/null
  psql "$(conninfo $node)" -X -A -t -F ' ' -c "SELECT account, change_id FROM server_answers" > "answers$node" 2>/dev/null
done

python3 - "$work" <<'PY'
import json, sys, collections, os, urllib.request, urllib.parse
work = sys.argv[1]
accounts = ["ann", "cy", "kim", "xia"]
failures = []
remote = {}
port = open(f"{work}/remote.port").read().strip()
for a in accounts:
    header = open(f"{work}/{a}.header").read().strip().split(": ", 1)
    items, cursor = [], None
    while True:
        url = f"http://127.0.0.1:{port}/v1/lists/books?limit=500"
        if cursor: url += "&cursor=" + urllib.parse.quote(cursor)
        page = json.load(urllib.request.urlopen(urllib.request.Request(url, headers={header[0]: header[1]})))
        items += page["items"]
        cursor = page.get("next_cursor")
        if not cursor: break
    titles = [i["title"] for i in items]
    dup = [t for t, c in collections.Counter(titles).items() if c > 1]
    if dup: failures.append(f"{a}: doubled on the remote: {dup[:5]}")
    remote[a] = {i["title"]: i["status"] for i in items}
added = collections.defaultdict(set)
for line in open(f"{work}/added") if os.path.exists(f"{work}/added") else []:
    a, t = line.split()
    added[a].add(t)
for a in accounts:
    missing = added[a] - set(remote[a])
    if missing: failures.append(f"{a}: added but not on the remote: {sorted(missing)[:5]}")
unequal = 0
for n in range(1, 13):
    a = accounts[n % 4]
    local = {}
    for line in open(f"{work}/dev{n}.items"):
        if line.strip():
            item = json.loads(line); local[item["title"]] = item.get("status")
    if local != remote[a]:
        unequal += 1
        differ = sorted(t for t in set(local) | set(remote[a]) if local.get(t) != remote[a].get(t))
        failures.append(f"device {n} ({a}) differs from the remote: {len(local)} vs "
                        f"{len(remote[a])} items; {[(t, local.get(t), remote[a].get(t)) for t in differ[:3]]}")
maps = {open(f"{work}/map{n}").read().strip() for n in (1, 2, 3)}
if len(maps) != 1: failures.append("the nodes' bucket maps differ")
mapping = next(iter(maps)).split(",")
owner, answers = {}, collections.Counter()
for n in (1, 2, 3):
    for line in open(f"{work}/accounts{n}"):
        if not line.strip(): continue
        bucket, a = line.split()
        if int(mapping[int(bucket)]) != n - 1: failures.append(f"{a}: on node {n}, not its bucket's node")
        if a in owner: failures.append(f"{a}: on nodes {owner[a]} and {n}")
        owner[a] = n
    for line in open(f"{work}/answers{n}"):
        if line.strip(): answers[line.strip()] += 1
twice = [k for k, c in answers.items() if c > 1]
if twice: failures.append(f"change ids answered on two nodes: {twice[:5]}")
syncs = collections.Counter(open(f"{work}/syncs").read().split()) if os.path.exists(f"{work}/syncs") else {}
quiet = collections.Counter(open(f"{work}/quiet2").read().split())
if set(quiet) != {"0"}: failures.append(f"the last quiet syncs exited {dict(quiet)}")
print(f"accounts {len(accounts)}, devices 12, books added {sum(len(v) for v in added.values())}, "
      f"on the remote {sum(len(v) for v in remote.values())}, change answers {sum(answers.values())}, "
      f"syncs {sum(syncs.values())} (exit codes {dict(syncs)}), devices unequal {unequal}, "
      f"buckets per node {[mapping.count(str(n)) for n in range(3)]}, accounts per node "
      f"{[list(owner.values()).count(n) for n in (1, 2, 3)]}")
for f in failures: print("FAIL:", f)
sys.exit(1 if failures else 0)
PY
