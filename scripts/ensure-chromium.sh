#!/usr/bin/env bash
# End-to-end tests use Debian's Chromium; browsers are never downloaded by test tools.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null; then
  echo "Chromium is missing: run 'apt-get install -y chromium' as root." >&2
  exit 1
fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
echo "Installing Debian's Chromium for the end-to-end tests..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
