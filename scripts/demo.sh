#!/usr/bin/env bash
# The demo: installs what is missing, builds, and runs the main job on a built-in input.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
bin="$(swift build -c release --show-bin-path)"
if swift build -c release --product shot-tracer >/dev/null 2>&1 && "$bin/shot-tracer" demo --help >/dev/null 2>&1; then
  exec "$bin/shot-tracer" demo "$@"
fi
# Until the shot tracer lands: generate a clip with ffmpeg, describe it, transcode it with the toolkit.
swift build -c release --product media-info >/dev/null
out="${DEMO_OUT:-$PWD/demo-output}"
mkdir -p "$out"
ffmpeg -v error -y -f lavfi -i testsrc2=size=640x360:rate=30:duration=3 -f lavfi -i sine=frequency=440:duration=3 \
  -c:v libx264 -preset veryfast -c:a aac -shortest "$out/demo-input.mp4"
"$bin/media-info" "$out/demo-input.mp4"
swift build -c release --product transcode >/dev/null
"$bin/transcode" "$out/demo-input.mp4" -o "$out/demo-transcoded.mp4" --crf 20 --preset fast
"$bin/media-info" "$out/demo-transcoded.mp4"
echo "demo: input $out/demo-input.mp4, output $out/demo-transcoded.mp4"
