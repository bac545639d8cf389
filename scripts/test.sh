#!/usr/bin/env bash
# npm test: every suite (unit, integration, browser). Installs Debian's Chromium and R's rsdmx when it can.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_bin" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's Chromium for the browser tests…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
  else
    echo "The browser tests need Chromium. Run: sudo apt-get install -y --no-install-recommends chromium" >&2
    exit 1
  fi
fi
# R's rsdmx (Debian's r-cran-rsdmx), the SDMX client the SDMX tests read our API with (issue 38, decision 203).
if [ ! -d /usr/lib/R/site-library/rsdmx ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing R's rsdmx (Debian's r-cran-rsdmx) for the SDMX client tests…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends r-cran-rsdmx >/dev/null
  else
    echo "The SDMX client tests need R's rsdmx. Run: sudo apt-get install -y --no-install-recommends r-cran-rsdmx" >&2
    exit 1
  fi
fi
npx vitest run "$@"
