#!/usr/bin/env bash
# npm run test:cluster: the deployment past one machine (issue 42, decision 218), built on this machine with one network
# namespace per host on a bridge: a PostgreSQL primary and its streaming hot standby, Redis, two app hosts running the
# server bundle, and Varnish in front (deploy/varnish/default.vcl). tests/cluster/run.ts starts them and runs the
# checks. Needs root (ip netns), PostgreSQL 15's binaries, redis-server; installs Debian's Varnish when it is missing.
# Everything it makes (namespaces, links, processes, the temporary folder) goes on exit, also on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
started=$(date +%s.%N)

if [ "$(id -u)" != 0 ]; then
  echo "test:cluster needs root: it makes network namespaces (ip netns) and runs PostgreSQL as the postgres user" >&2
  exit 1
fi
pg_bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"
for tool in ip setpriv redis-server "$pg_bin/initdb" "$pg_bin/pg_ctl" "$pg_bin/pg_basebackup"; do
  if ! command -v "$tool" >/dev/null; then
    echo "test:cluster needs $tool (PostgreSQL 15's binaries in $pg_bin: PG_BIN to point elsewhere; iproute2; redis-server)" >&2
    exit 1
  fi
done
command -v varnishd >/dev/null || bash scripts/apt-install.sh varnish Varnish "the cluster test"

node scripts/build-if-stale.mjs

# One run's names: namespaces sp<pid>-<host>, links sp<pid><n>, a /24 of 10.77.x.0 no route uses yet.
id="sp$$"
net=""
for attempt in $(seq 0 40); do
  candidate="10.77.$(((($$ + attempt) % 250) + 1))"
  if ! ip -4 route show | grep -q "^${candidate//./\\.}\.0/24"; then
    net="$candidate"
    break
  fi
done
if [ -z "$net" ]; then
  echo "test:cluster: no free 10.77.x.0/24 for the bridge" >&2
  exit 1
fi
hosts=(pg1 pg2 redis app1 app2 proxy)
declare -A address=([pg1]=11 [pg2]=12 [redis]=13 [app1]=21 [app2]=22 [proxy]=30)
dir="$(mktemp -d /tmp/statpub-cluster.XXXXXX)"
# The app hosts run a copy of the build inside the checkout (packages resolve from its node_modules): a build another
# command makes meanwhile does not change them under the test.
build_copy="$root/.e2e-builds/cluster-$$"

driver=""
cleanup() {
  local code=$?
  trap - EXIT INT TERM
  if [ -n "$driver" ] && kill -0 "$driver" 2>/dev/null; then
    kill -TERM "$driver" 2>/dev/null || true
    sleep 1
    kill -KILL "$driver" 2>/dev/null || true
  fi
  for host in "${hosts[@]}"; do
    local ns="$id-$host"
    if ip netns list | grep -q "^$ns\b"; then
      local pids
      pids="$(ip netns pids "$ns" 2>/dev/null || true)"
      if [ -n "$pids" ]; then
        # shellcheck disable=SC2086
        kill -9 $pids 2>/dev/null || true
      fi
      ip netns del "$ns" 2>/dev/null || true
    fi
  done
  ip link del "${id}br" 2>/dev/null || true
  rm -rf "$dir" "$build_copy"
  local left=""
  ip netns list | grep -q "^$id-" && left="namespaces "
  ip link show "${id}br" >/dev/null 2>&1 && left="${left}bridge "
  [ -e "$dir" ] && left="${left}folder "
  if [ -n "$left" ]; then
    echo "cleanup: left behind: $left" >&2
  else
    echo "cleanup: namespaces, links, processes and $dir removed"
  fi
  awk -v from="$started" -v to="$(date +%s.%N)" 'BEGIN { printf "test:cluster: %.1f s in all (the build check included)\n", to - from }'
  exit "$code"
}
trap cleanup EXIT INT TERM

ip link add "${id}br" type bridge
ip addr add "$net.1/24" dev "${id}br"
ip link set "${id}br" up
n=0
for host in "${hosts[@]}"; do
  n=$((n + 1))
  ns="$id-$host"
  ip netns add "$ns"
  ip link add "${id}h$n" type veth peer name "${id}n$n"
  ip link set "${id}n$n" netns "$ns"
  ip link set "${id}h$n" master "${id}br"
  ip link set "${id}h$n" up
  ip netns exec "$ns" ip addr add "$net.${address[$host]}/24" dev "${id}n$n"
  ip netns exec "$ns" ip link set "${id}n$n" up
  ip netns exec "$ns" ip link set lo up
done
chmod 755 "$dir"
mkdir -p "$(dirname "$build_copy")"
cp -r build "$build_copy"

# In the background and waited for: a signal to this script (CI's time-out, kill) runs the trap at once, not after
# the driver ends.
CLUSTER_DIR="$dir" CLUSTER_NET="$net" CLUSTER_NS="$id" CLUSTER_BUILD="$build_copy" PG_BIN="$pg_bin" \
  node_modules/.bin/tsx tests/cluster/run.ts &
driver=$!
wait "$driver"
