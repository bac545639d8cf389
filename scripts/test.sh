#!/usr/bin/env bash
# npm test: every suite (unit, integration, browser). Installs Debian's Chromium and R's rsdmx when it can.
#
# Without arguments the browser files and the other suites run side by side, in two Vitest processes: the browser
# files, one at a time, leave over a third of the two cores idle as they wait on the server and Chromium, and the
# unit and integration suites fill that time at the lowest CPU priority (nice 19), so that they yield the cores
# whenever a browser test wants them (the browser files still run about a fifth slower than alone; decision 222).
# With arguments (files, a project, Vitest options) it is one Vitest run, as `npx vitest run "$@"`.
# TEST_JSON_DIR=<folder> writes each run's JSON report there (CI's counts).
set -euo pipefail
cd "$(dirname "$0")/.."
chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_bin" ] || bash scripts/apt-install.sh chromium Chromium "the browser tests"
# R's rsdmx (Debian's r-cran-rsdmx), the SDMX client the SDMX tests read our API with (issue 38, decision 203).
[ -d /usr/lib/R/site-library/rsdmx ] || bash scripts/apt-install.sh r-cran-rsdmx "R's rsdmx" "the SDMX client tests"

json() { [ -n "${TEST_JSON_DIR:-}" ] && echo "--reporter=default --reporter=json --outputFile=$TEST_JSON_DIR/$1.json"; }
[ -n "${TEST_JSON_DIR:-}" ] && mkdir -p "$TEST_JSON_DIR"

if [ "$#" -gt 0 ]; then
  # shellcheck disable=SC2046
  exec npx vitest run $(json all) "$@"
fi

# shellcheck disable=SC2046
nice -n 19 npx vitest run --project unit --project integration $(json suites) &
suites=$!
stop() { kill -TERM "$suites" 2>/dev/null || true; }
trap stop INT TERM
browser_status=0 suites_status=0
# shellcheck disable=SC2046
npx vitest run --project e2e $(json browser) || browser_status=$?
wait "$suites" || suites_status=$?
trap - INT TERM
[ "$browser_status" = 0 ] || echo "npm test: the browser files failed (exit $browser_status)" >&2
[ "$suites_status" = 0 ] || echo "npm test: the unit and integration suites failed (exit $suites_status)" >&2
[ "$browser_status" = 0 ] && [ "$suites_status" = 0 ]
