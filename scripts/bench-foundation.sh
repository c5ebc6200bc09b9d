#!/usr/bin/env bash
# Foundation benchmarks: decode and transcode vs the ffmpeg CLI, measured side by side
# (runs interleaved A/B, median of N), plus peak RSS of reading a 5-minute 1080p clip.
# Usage: scripts/bench-foundation.sh [runs]   (writes results to bench-out/foundation.txt)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
runs="${1:-5}"
swift build -c release --product transcode >/dev/null
bin="$(swift build -c release --show-bin-path)"
out=bench-out; mkdir -p "$out"
clip="$out/1080p60.mp4"; long="$out/1080p30-5min.mp4"
[ -f "$clip" ] || ffmpeg -v error -f lavfi -i testsrc2=size=1920x1080:rate=60:duration=10 \
  -f lavfi -i sine=frequency=440:duration=10 -c:v libx264 -preset medium -crf 20 -pix_fmt yuv420p -c:a aac -shortest "$clip"
[ -f "$long" ] || ffmpeg -v error -f lavfi -i testsrc2=size=1920x1080:rate=30:duration=300 \
  -c:v libx264 -preset ultrafast -crf 28 -pix_fmt yuv420p "$long"

seconds() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); awk "BEGIN {printf \"%.3f\n\", $e - $s}"; }
ratio() { awk "BEGIN {printf \"%.3f\", $1 / $2}"; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

preset=veryfast; crf=23
: > "$out/ours-decode"; : > "$out/ff-decode"; : > "$out/ours-tx"; : > "$out/ff-tx"
for i in $(seq "$runs"); do
  seconds ffmpeg -v error -threads 0 -i "$clip" -f null - >> "$out/ff-decode"
  seconds "$bin/transcode" "$clip" --decode-only >> "$out/ours-decode"
  seconds ffmpeg -v error -y -i "$clip" -c:v libx264 -preset $preset -crf $crf -c:a copy "$out/ff.mp4" >> "$out/ff-tx"
  seconds "$bin/transcode" "$clip" -o "$out/ours.mp4" --preset $preset --crf $crf >> "$out/ours-tx"
done
fd=$(median < "$out/ff-decode"); od=$(median < "$out/ours-decode")
ft=$(median < "$out/ff-tx"); ot=$(median < "$out/ours-tx")
rss=$( { /usr/bin/time -v "$bin/transcode" "$long" --decode-only; } 2>&1 | awk -F: '/Maximum resident/ {gsub(/ /,"",$2); print $2}')
rss_short=$( { /usr/bin/time -v "$bin/transcode" "$clip" --decode-only; } 2>&1 | awk -F: '/Maximum resident/ {gsub(/ /,"",$2); print $2}')
{
  echo "machine: $(nproc) cores, $(awk '/model name/ {$1=$2=$3=""; print; exit}' /proc/cpuinfo), load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "decode 1080p60 10s (600 frames): ffmpeg -f null median ${fd}s, ours median ${od}s, speed ratio ours/ffmpeg = $(ratio "$fd" "$od")"
  echo "transcode x264 $preset crf $crf: ffmpeg median ${ft}s, ours median ${ot}s, time ratio ours/ffmpeg = $(ratio "$ot" "$ft")"
  echo "peak RSS decoding 5-min 1080p30 (9000 frames): ${rss} KiB; 10-s 1080p60 clip: ${rss_short} KiB"
} | tee "$out/foundation.txt"
