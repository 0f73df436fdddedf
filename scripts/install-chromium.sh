#!/usr/bin/env bash
# Debian's Chromium for the console's browser tests (Playwright drives it; no browser download).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if ! command -v apt-get >/dev/null; then
  echo "Chromium is missing and this is not a Debian-like system: install Chromium and set ATELIER_CHROMIUM to it" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null || { echo "installing Chromium needs root: run 'apt-get install -y chromium' as root" >&2; exit 1; }
  SUDO="sudo"
fi
echo "installing Debian's chromium (console browser tests)..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
/usr/bin/chromium --version
