#!/usr/bin/env bash
# Runs the whole test suite (installing system packages first if missing).
# Pixel loops are 10-50x slower in debug builds, so the suite runs optimized with testing enabled.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec swift test -c release -Xswiftc -enable-testing "$@"
