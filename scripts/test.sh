#!/usr/bin/env bash
# npm test: every suite (unit, integration, browser). Installs Debian's Chromium and R's rsdmx when it can.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium_bin" ] || bash scripts/apt-install.sh chromium Chromium "the browser tests"
# R's rsdmx (Debian's r-cran-rsdmx), the SDMX client the SDMX tests read our API with (issue 38, decision 203).
[ -d /usr/lib/R/site-library/rsdmx ] || bash scripts/apt-install.sh r-cran-rsdmx "R's rsdmx" "the SDMX client tests"
npx vitest run "$@"
