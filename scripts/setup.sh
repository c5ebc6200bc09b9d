#!/usr/bin/env bash
# Installs what MediaKitLinux needs on Debian/Ubuntu (as root) when it is missing, then builds.
# Fast when everything is already there. Usage: scripts/setup.sh [debug|release]
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
pkg-config --exists libavformat libavcodec libavutil libswscale 2>/dev/null \
  || need_apt+=(libavformat-dev libavcodec-dev libavutil-dev libswscale-dev)
pkg-config --exists cairo 2>/dev/null || need_apt+=(libcairo2-dev)
command -v pkg-config >/dev/null || need_apt+=(pkg-config)
# The ffmpeg/ffprobe programs are used by tests (lavfi inputs, packet checks) and benchmarks.
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || need_apt+=(ffmpeg)

if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: installing ${need_apt[*]}" >&2
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

command -v swift >/dev/null || { echo "setup: Swift 6 is required (https://swift.org/install)" >&2; exit 1; }
