#!/usr/bin/env bash
# The README's other commands, each run once as a user would run it (the smoke stage runs `npm ci && npm start`,
# the test stages `npm ci && npm test`, lint, typecheck and the suites of `npm run validate`).
set -euo pipefail
cd "$(dirname "$0")/.."
mirror="${DATA_MIRROR:-../shared/data}"
step() { echo; echo "readme: $*"; }

step 'npm run import -- <file> before any start (no .data yet)'
rm -rf .data
env -u DATABASE_URL npm run import -- "$mirror/eurostat/tec00118/estat_tec00118.tsv"
[ -d .data/db ] || { echo "readme: npm run import did not create .data/db" >&2; exit 1; }

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
step 'npm run bench:charts'
npm run bench:charts
step 'npm run bench:pages'
npm run bench:pages
