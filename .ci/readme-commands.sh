#!/usr/bin/env bash
# The README's other commands, each run once as a user would run it: nightly (.ci/nightly, decision 239), beside the
# benchmarks, the attack suite and the exhaustive crawls. CI's per-commit run (.ci/run) runs the first two: `npm ci &&
# npm start` as its smoke stage and `npm ci && npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
mirror="${DATA_MIRROR:-../shared/data}"
step() { echo; echo "readme: $* (at $SECONDS s)"; }

step 'npm run import -- <file> before any start (no .data yet)'
rm -rf .data
env -u DATABASE_URL npm run import -- "$mirror/eurostat/tec00118/estat_tec00118.tsv"
[ -d .data/db ] || { echo "readme: npm run import did not create .data/db" >&2; exit 1; }

step 'npm run refresh -- tec00118, then npm run refresh: against the local Eurostat peer (no internet needed)'
rm -rf .data
peer_out="$(mktemp)"
node --import tsx tests/setup/eurostat-peer.ts tec00118 >"$peer_out" 2>&1 &
peer=$!
for _ in $(seq 1 240); do grep -q '^EUROSTAT_API=' "$peer_out" && break; sleep 0.5; done
api="$(sed -n 's/^EUROSTAT_API=//p' "$peer_out")"
env -u DATABASE_URL EUROSTAT_API="$api" npm run refresh -- tec00118
env -u DATABASE_URL EUROSTAT_API="$api" npm run refresh
kill "$peer"; rm -f "$peer_out"

step 'npx tsx scripts/import-posts.ts content/posts'
env -u DATABASE_URL npx tsx scripts/import-posts.ts content/posts
rm -rf .data

step 'npm run db:generate: the migrations match db/schema (nothing new to generate)'
# Compared by content, not with git: CI runs this in a fresh copy without .git (.ci/fresh-copy.sh).
migrations() { find db/migrations -type f -print0 | sort -z | xargs -0 sha1sum; }
before="$(migrations)"
npm run db:generate
if [ "$(migrations)" != "$before" ]; then
  echo "readme: db/schema has changes that no migration carries:" >&2
  diff <(echo "$before") <(migrations) >&2 || true
  exit 1
fi

echo "readme: done in $SECONDS s"
