#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (never a downloaded browser). Installs it when missing.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$browser" ] && exit 0
if [ "$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO=sudo; else
  echo "Chromium fehlt ($browser): bitte 'apt-get install -y chromium' als root ausführen oder CHROMIUM_PATH setzen." >&2
  exit 1
fi
echo "Installing Debian's chromium for the end-to-end tests"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
