#!/usr/bin/env bash
# Smoke stage: the README's first command, exactly as written, on this checkout as a new user has it (no .data, no
# build, no DATABASE_URL; only PORT set). Passes when /api/datasets lists the six sample datasets and a dataset page
# answers 200; the server is stopped either way.
# CI_RESULTS: where its log and the database copy go (default .ci/results of this checkout).
set -euo pipefail
cd "$(dirname "$0")/.."
port="${SMOKE_PORT:-3199}"
results="${CI_RESULTS:-$(pwd)/.ci/results}"
log="$results/smoke-start.log"
mkdir -p "$results"
rm -rf .data build

# The first line of the README's first code block: `npm ci && npm start    # …`.
command="$(awk '/^```sh/{getline; print; exit}' README.md | sed 's/ *#.*//')"
expected_command="${1:-npm ci && npm start}"
[ "$command" = "$expected_command" ] || { echo "smoke: README's first command is '$command', expected '$expected_command'" >&2; exit 1; }

echo "smoke: running '$command' with PORT=$port"
env -u DATABASE_URL -u DATA_MIRROR -u SEED_ON_START -u PUBLIC_URL PORT="$port" setsid bash -c "$command" >"$log" 2>&1 &
pid=$!
stop() { kill -TERM -- "-$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
trap stop EXIT

# The six sample datasets of the issue that asked for this stage (the catalogue may hold more, e.g. nama_10_gdp).
expected='nama_10r_3gdp prc_hicp_manr tec00115 tec00118 tps00203 une_rt_m'
deadline=$((SECONDS + 600))
while :; do
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "smoke: the server exited before serving; its log:" >&2; cat "$log" >&2; exit 1
  fi
  listed="$(curl -fsS "http://127.0.0.1:$port/api/datasets?imported=true&limit=100" 2>/dev/null \
    | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const b=JSON.parse(s);const l=b.datasets??b.items??b.data??b;console.log(l.map(d=>d.dataset_code??d.code).sort().join(","))})' 2>/dev/null || true)"
  missing=''
  for code in $expected; do [[ ",$listed," == *",$code,"* ]] || missing="$missing $code"; done
  if [ -n "$listed" ] && [ -z "$missing" ]; then break; fi
  if [ "$SECONDS" -ge "$deadline" ]; then
    echo "smoke: /api/datasets listed '$listed', missing:${missing:- everything} within 600 s; server log:" >&2; cat "$log" >&2; exit 1
  fi
  sleep 3
done
status="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/datasets/prc_hicp_manr")"
[ "$status" = 200 ] || { echo "smoke: /datasets/prc_hicp_manr answered $status" >&2; exit 1; }
[ -d .data/db ] && [ -f .data/auth-secret ] || { echo "smoke: .data/db or .data/auth-secret was not created" >&2; exit 1; }
# The first start also read Eurostat's whole table of contents from the mirror into the catalogue (decision 188).
total="$(curl -fsS "http://127.0.0.1:$port/api/datasets?limit=1" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).total))')"
if [ "$total" -lt 6953 ]; then
  echo "smoke: /api/datasets lists $total datasets, not the 6,953 of the mirror's table of contents" >&2; exit 1
fi
echo "smoke: OK in ${SECONDS} s: /api/datasets lists $listed (of $total); /datasets/prc_hicp_manr answers 200"

# Then, once it has stopped, a copy of the catalogue its first start imported, for the nightly benches that would
# otherwise import the same samples again (.ci/nightly).
stop
trap - EXIT
# The server closes its database after its parent shell has gone: copy once it has let go of the folder.
for _ in $(seq 1 100); do [ -e .data/db.lock ] || break; sleep 0.3; done
rm -rf "$results/sample-db"
cp -r .data/db "$results/sample-db"
