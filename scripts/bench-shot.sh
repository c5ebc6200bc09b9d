#!/usr/bin/env bash
# Shot tracer benchmarks (BENCHMARKS.md, "## Shot tracer").
#  1. `shot-tracer trace` on a 10 s 1080p60 generated golf clip vs the plain ffmpeg transcode
#     with the same x264 settings (crf 18, preset medium, no audio), alternating, same run.
#  2. Live per-frame cost at 1080p (decode, detect+track, draw) from `shot-tracer live --timings`.
# Usage: scripts/bench-shot.sh [runs] [work-dir]      (build first: swift build -c release)
set -euo pipefail
runs=${1:-3}
work=${2:-/tmp/bench-shot}
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/.build/release"
mkdir -p "$work"
clip="$work/clip1080-seed2.mp4"
if [ ! -f "$clip" ]; then
  # crf 23, the generator's default until session 13: the input every figure in BENCHMARKS.md used.
  "$bin/golf-clip" --scenario dtl-club-walkers --seed 2 --size 1920x1080 --fps 60 --duration 10 --crf 23 -o "$clip" >/dev/null
fi

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "input: $clip ($(ffprobe -v error -select_streams v:0 -show_entries stream=width,height,avg_frame_rate,nb_frames -of csv=p=0 "$clip"))"

seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

ffmpeg_times=(); trace_times=()
for i in $(seq "$runs"); do
  ffmpeg_times+=("$(seconds ffmpeg -nostdin -y -i "$clip" -an -c:v libx264 -crf 18 -preset medium "$work/peer.mp4")")
  trace_times+=("$(seconds "$bin/shot-tracer" trace "$clip" -o "$work/traced.mp4" --crf 18 --x264-preset medium --auto-align)")
  echo "run $i: ffmpeg ${ffmpeg_times[-1]} s, trace ${trace_times[-1]} s"
done
f=$(printf '%s\n' "${ffmpeg_times[@]}" | median)
t=$(printf '%s\n' "${trace_times[@]}" | median)
echo "median: ffmpeg transcode $f s, shot-tracer trace $t s, ratio $(echo "scale=2; $t / $f" | bc)"
echo "trace result: $("$bin/shot-tracer" trace "$clip" -o "$work/traced.mp4" --auto-align --json)"

echo "live per-frame cost (ms), $runs runs of: shot-tracer live $clip --record rec.mp4 --timeline t.json --auto-align --timings --json"
for i in $(seq "$runs"); do
  "$bin/shot-tracer" live "$clip" --record "$work/rec.mp4" --timeline "$work/t.json" --auto-align --timings --json \
    | python3 -c 'import json,sys; c=json.load(sys.stdin); print("shots %d;" % len(c["shots"]), " ".join("%s: p50 %.2f p99 %.2f" % (k, v["p50"], v["p99"]) for k, v in sorted(c["frameCosts"].items())))'
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
