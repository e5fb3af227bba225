#!/usr/bin/env bash
# End-to-end tests use Debian's Chromium (no browser is downloaded by npm). Install it, the fonts
# that pages and PDFs render with, and poppler-utils (pdftotext, the independent reader the report
# tests open pdf files with), when they are missing.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ] && fc-list 2>/dev/null | grep -qi dejavu && command -v pdftotext >/dev/null; then
  exit 0
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "Installing Debian's chromium, fonts-dejavu-core and poppler-utils for the end-to-end tests…"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium fonts-dejavu-core poppler-utils >/dev/null
"$chromium_path" --version
