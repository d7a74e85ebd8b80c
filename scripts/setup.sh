#!/usr/bin/env bash
# One-time set-up on a fresh Debian machine: system packages (when root), then the npm dependencies.
# Electron's binary cannot be downloaded everywhere; without it the app runs in browser mode (`npm run web`).
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(chromium libsecret-1-dev gnome-keyring dbus dbus-x11 python3 make g++ openssl)
missing=()
for pkg in "${APT_PACKAGES[@]}"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: please install: sudo apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

export ELECTRON_SKIP_BINARY_DOWNLOAD="${ELECTRON_SKIP_BINARY_DOWNLOAD:-1}"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
