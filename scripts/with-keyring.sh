#!/usr/bin/env bash
# Runs a command with a private, unlocked Secret Service (gnome-keyring inside dbus-run-session) and a temporary
# HOME, so tests use a real OS keychain and never touch the person's own keyring (design.md, Environment facts).
set -euo pipefail
if [ -z "${QD_KEYRING_READY:-}" ]; then
  keyring_home=$(mktemp -d -t qd-keyring-XXXXXX)
  export QD_REAL_HOME="${HOME:-/root}"
  exec env HOME="$keyring_home" XDG_DATA_HOME="$keyring_home/.local/share" XDG_RUNTIME_DIR="$keyring_home" \
    npm_config_cache="$QD_REAL_HOME/.npm" QD_KEYRING_READY=1 \
    dbus-run-session -- bash "$0" "$@"
fi
# The daemon prints its environment; the Secret Service is found over the session bus without it.
printf 'quarterdeck-test' | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1
exec "$@"
