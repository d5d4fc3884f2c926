#!/usr/bin/env bash
# The team-workspace tests start a throw-away cluster with Debian's PostgreSQL server tools. Installs them when missing.
set -euo pipefail
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ]; then SUDO=; elif command -v sudo >/dev/null; then SUDO=sudo; else
  echo "PostgreSQL fehlt: bitte 'apt-get install -y postgresql' als root ausführen; die Tests des Team-Arbeitsbereichs laufen sonst nicht." >&2
  exit 1
fi
echo "Installing Debian's postgresql for the team-workspace tests"
$SUDO apt-get update -qq
# Only the server tools are needed; the package's own cluster is not started by the tests.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
