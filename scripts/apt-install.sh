#!/usr/bin/env bash
# A Debian package a test command needs and the machine lacks: installed as root with apt, otherwise the exact command
# to run is named and the caller stops. Used by scripts/test.sh (Chromium, R's rsdmx) and scripts/cluster-test.sh
# (Varnish); the caller checks whether it is there.
# Usage: scripts/apt-install.sh <package> <what it is> <what needs it>
set -euo pipefail
package="$1" what="$2" needs="$3"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ${what} (Debian's ${package}) for ${needs}…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" >/dev/null
else
  echo "${what} is needed for ${needs}. Run: sudo apt-get install -y --no-install-recommends ${package}" >&2
  exit 1
fi
