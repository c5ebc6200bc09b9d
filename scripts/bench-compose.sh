#!/usr/bin/env bash
# Benchmarks overlay compositing: overlay-demo (MediaKitLinux's export session) against
#   1. the plain transcode `ffmpeg -i IN -c:v libx264 -preset P -crf C -c:a copy` (same x264 settings), and
#   2. ffmpeg's `overlay` filter fed the same overlay as a full-frame RGBA PNG sequence.
# Input: a 10 s 1080p60 testsrc2 clip (libx264) with AAC audio. Median of RUNS runs each,
# interleaved in the same loop so that machine load hits all three alike.
# Usage: scripts/bench-compose.sh        (env: PRESET=veryfast CRF=20 RUNS=3 WORK=/tmp/bench-compose SCRATCH=.build)
set -euo pipefail
cd "$(dirname "$0")/.."
PRESET=${PRESET:-veryfast}
CRF=${CRF:-20}
RUNS=${RUNS:-3}
WORK=${WORK:-/tmp/bench-compose}
SCRATCH=${SCRATCH:-.build}
mkdir -p "$WORK"

swift build -c release --scratch-path "$SCRATCH" --product overlay-demo >/dev/null
DEMO="$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path)/overlay-demo"

IN="$WORK/in-1080p60.mp4"
if [ ! -f "$IN" ]; then
  ffmpeg -v error -y -f lavfi -i testsrc2=size=1920x1080:rate=60 -f lavfi -i sine=frequency=440:sample_rate=48000 \
    -t 10 -c:v libx264 -preset veryfast -crf 18 -pix_fmt yuv420p -c:a aac -b:a 128k "$IN"
fi
PNGS="$WORK/overlay-png"
if [ ! -f "$PNGS/overlay-00600.png" ]; then
  rm -rf "$PNGS"
  "$DEMO" "$IN" --png-frames "$PNGS"
fi

# Prints "wall cpu" seconds (cpu = user + system of the command and its threads): on a shared
# machine the CPU time is the steadier figure.
seconds() { /usr/bin/time -f "%e %U %S" -o "$WORK/time.txt" "$@" >/dev/null 2>&1; awk '{printf "%s %.2f\n", $1, $2 + $3}' "$WORK/time.txt"; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

plain=(); demo=(); filter=(); plainc=(); democ=(); filterc=()
for run in $(seq "$RUNS"); do
  read -r w c < <(seconds ffmpeg -v error -y -i "$IN" -c:v libx264 -preset "$PRESET" -crf "$CRF" -c:a copy "$WORK/out-plain.mp4")
  plain+=("$w"); plainc+=("$c")
  read -r w c < <(seconds "$DEMO" "$IN" -o "$WORK/out-demo.mp4" --preset "$PRESET" --crf "$CRF")
  demo+=("$w"); democ+=("$c")
  read -r w c < <(seconds ffmpeg -v error -y -i "$IN" -framerate 60 -i "$PNGS/overlay-%05d.png" \
      -filter_complex "[0:v][1:v]overlay=0:0:eof_action=pass[v]" -map "[v]" -map 0:a \
      -c:v libx264 -preset "$PRESET" -crf "$CRF" -c:a copy "$WORK/out-filter.mp4")
  filter+=("$w"); filterc+=("$c")
  echo "run $run (wall/cpu s): plain ${plain[-1]}/${plainc[-1]}, overlay-demo ${demo[-1]}/${democ[-1]}, overlay filter ${filter[-1]}/${filterc[-1]}" >&2
done
mp=$(median "${plain[@]}"); md=$(median "${demo[@]}"); mf=$(median "${filter[@]}")
cpl=$(median "${plainc[@]}"); cdm=$(median "${democ[@]}"); cfl=$(median "${filterc[@]}")
frames=$(ffprobe -v error -select_streams v -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$WORK/out-demo.mp4")
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); ffmpeg $(ffmpeg -version | head -1 | cut -d' ' -f3)"
echo "input: 10 s 1920x1080 60 fps testsrc2 (libx264) + AAC; x264 -preset $PRESET -crf $CRF; median of $RUNS runs; overlay-demo wrote $frames frames"
printf '| command | median wall s | wall ratio | median CPU s | CPU ratio |\n|---|---|---|---|---|\n'
printf '| ffmpeg -c:v libx264 (no overlay) | %.2f | 1.00 | %.2f | 1.00 |\n' "$mp" "$cpl"
printf '| overlay-demo (MediaKitLinux) | %.2f | %.3f | %.2f | %.3f |\n' "$md" "$(echo "$md / $mp" | bc -l)" "$cdm" "$(echo "$cdm / $cpl" | bc -l)"
printf '| ffmpeg overlay filter + PNG sequence | %.2f | %.3f | %.2f | %.3f |\n' "$mf" "$(echo "$mf / $mp" | bc -l)" "$cfl" "$(echo "$cfl / $cpl" | bc -l)"
