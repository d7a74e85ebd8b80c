#!/usr/bin/env bash
# electron-vite build under a lock, so several builds on one machine never interleave their writes to out/.
set -euo pipefail
cd "$(dirname "$0")/.."
exec flock /tmp/quarterdeck-build.lock npx electron-vite build "$@"
