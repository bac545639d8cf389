#!/usr/bin/env bash
# Makes a fresh copy of this checkout as a new user has it, and prints the copy's path: the files git tracks (and new
# ones it would), with ../shared beside it (a link), and no node_modules, .data or build. The README's commands run
# there (.ci/run): they install and write their own, leaving this checkout to the stages that run meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."
shared="$(realpath ../shared)"
fresh="$(mktemp -d "${TMPDIR:-/tmp}/statpub-fresh.XXXXXX")"
# Readable by others, as a clone is: the cluster test's Varnish runs as its own user and reads its VCL from the copy.
chmod 755 "$fresh"
mkdir "$fresh/main"
ln -s "$shared" "$fresh/shared"
# --ignore-failed-read: a file deleted from the working tree but not yet from git's index is left out, as a commit would.
git ls-files -z --cached --others --exclude-standard |
  tar --null --files-from=- --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$fresh/main"
echo "$fresh/main"
