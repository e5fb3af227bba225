#!/usr/bin/env bash
# End-to-end tests use Debian's Chromium (no browser is downloaded by npm). Install it, and the
# fonts that pages and PDFs render with, when they are missing.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ] && fc-list 2>/dev/null | grep -qi dejavu; then
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "Installing Debian's chromium and fonts-dejavu-core for the end-to-end tests…"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
"$chromium_path" --version
