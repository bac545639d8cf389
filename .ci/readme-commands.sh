#!/usr/bin/env bash
# The README's other commands, each run once as a user would run it (the smoke stage runs `npm ci && npm start`,
# the test stages `npm ci && npm test`, lint, typecheck and the suites of `npm run validate`).
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
npm run db:generate
if [ -n "$(git status --porcelain db/migrations)" ]; then
  echo "readme: db/schema has changes that no migration carries:" >&2; git status --porcelain db/migrations >&2; exit 1
fi

step 'npm run bench:import'
npm run bench:import
# CI checks that the benchmarks run and prints their figures from fewer samples (BENCH_RUNS); the figures in
# docs come from full runs.
step 'npm run bench:charts (3 runs a row)'
BENCH_RUNS="${BENCH_RUNS:-3}" npm run bench:charts
# bench:pages ran in the smoke stage, against the product `npm start` had started (smoke-start.sh, SMOKE_THEN).
# The assistant, search and load benches read a copy of the catalogue that first start imported, when the smoke stage
# left one, instead of importing the samples again.
sample_db() {
  if [ -d .ci/results/sample-db ]; then
    rm -rf "$1" && cp -r .ci/results/sample-db "$1" && echo "file:$1"
  else
    echo 'memory:'
  fi
}
step 'npm run bench:assistant'
DATABASE_URL="$(sample_db .ci/results/bench-db)" npm run bench:assistant
step 'npm run bench:search'
DATABASE_URL="$(sample_db .ci/results/bench-db)" npm run bench:search
step 'npm run bench:load (1 s a row, PGlite: a check that it runs; figures come from the full run)'
BENCH_SECONDS=1 BENCH_DATABASES=pglite BENCH_ROWS=api,page BENCH_PGLITE_URL="$(sample_db .ci/results/bench-db)" \
  npm run bench:load
rm -rf .ci/results/bench-db

# The standing attack-and-fault suite, bounded for CI: fewer requests and kills than its defaults (20,000 per
# database), on PGlite and PostgreSQL; it prints its own 'N passed, N failed' and fails the run on any 500.
step 'npm run test:attack (CI bounds)'
ATTACK_REQUESTS="${ATTACK_REQUESTS:-1000}" ATTACK_IMPORT_KILLS=1 ATTACK_SERVER_KILLS=1 \
  DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:attack
echo "readme: done in $SECONDS s"
