#!/usr/bin/env bash
# The cluster bench (npm run bench:cluster) puts Debian's HAProxy in front of its api processes,
# as docs/scaling.md's recipe does. Install it when missing; nothing else needs it.
set -euo pipefail
if command -v haproxy >/dev/null; then exit 0; fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "Installing Debian's haproxy for the cluster bench…"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq haproxy >/dev/null
haproxy -v | head -1
