#!/usr/bin/env bash
# Accuracy and speed of `shot-tracer detect` against the common OpenCV recipe
# (scripts/peer_opencv.py: MOG2 + contours + nearest neighbour), same clips, same run.
#
#   scripts/bench-detect.sh            # whole catalogue at 1280x720, 4 s, plus the speed runs
#   SIZE=640x360 ONLY=sky scripts/bench-detect.sh
#   CRF=23 OUT=.bench-detect-crf23 PHASE=accuracy scripts/bench-detect.sh
#
# CRF is x264's constant rate factor for the catalogue (default 18). Recall is scored twice:
# over every frame with the ball in the picture, and leaving out the frames where the encoder
# kept less than KEPT (default 3) luma levels of the ball (golf-clip measures that when it
# writes a clip: at crf 23 x264 drops a faint far ball from whole runs of frames).
#
# Writes Markdown tables to $OUT/report.md. OpenCV is installed with pip into $OUT/venv only:
# it is never a dependency of the package.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${SIZE:-1280x720}
DURATION=${DURATION:-4}
ONLY=${ONLY:-}
OUT=${OUT:-.bench-detect}
SCRATCH=${SCRATCH:-.build-det}
RUNS=${RUNS:-5}
PHASE=${PHASE:-all}   # accuracy, speed or all
CRF=${CRF:-18}
KEPT=${KEPT:-3}
mkdir -p "$OUT/clips" "$OUT/det"

swift build -c release --scratch-path "$SCRATCH" --product shot-tracer >/dev/null
swift build -c release --scratch-path "$SCRATCH" --product golf-clip >/dev/null
BIN="$SCRATCH/release"
if [ ! -x "$OUT/venv/bin/python" ]; then
    python3 -m venv "$OUT/venv"
    "$OUT/venv/bin/pip" install -q opencv-python-headless
fi
PY="$OUT/venv/bin/python"

# 1. Accuracy on the catalogue (H.264 at $CRF, as written by golf-clip catalogue --crf).
if [ "$PHASE" != speed ]; then
if [ -z "$(ls "$OUT/clips"/*.mp4 2>/dev/null)" ]; then
    "$BIN/golf-clip" catalogue -o "$OUT/clips" --size "$SIZE" --duration "$DURATION" --crf "$CRF" ${ONLY:+--only "$ONLY"}
fi
for video in "$OUT"/clips/*.mp4; do
    name=$(basename "$video" .mp4)
    "$BIN/shot-tracer" detect "$video" --json > "$OUT/det/$name.ours.json"
    "$BIN/golf-clip" score --truth "${video%.mp4}.json" --detections "$OUT/det/$name.ours.json" --json > "$OUT/det/$name.ours.score.json"
    "$BIN/golf-clip" score --truth "${video%.mp4}.json" --detections "$OUT/det/$name.ours.json" --minimum-decoded-contrast "$KEPT" --json > "$OUT/det/$name.ours.kept.json"
    # The peer does not change between runs of ours: score it once per clip.
    [ -s "$OUT/det/$name.peer.score.json" ] && continue
    "$PY" scripts/peer_opencv.py "$video" --runs 1 > "$OUT/det/$name.peer.json" 2>/dev/null
    "$BIN/golf-clip" score --truth "${video%.mp4}.json" --detections "$OUT/det/$name.peer.json" --trajectory-length 10 --json > "$OUT/det/$name.peer.score.json"
done
fi

if [ "$PHASE" != accuracy ]; then
# 2. Speed: detection alone on 800x450 frames already decoded, one core.
"$BIN/golf-clip" generate --scenario dtl-everything --seed 1 --size 800x450 --fps 60 --duration 10 -o "$OUT/speed-800x450.mp4" >/dev/null
taskset -c 0 "$BIN/shot-tracer" detect "$OUT/speed-800x450.mp4" --json --threads 1 --time-detection "$RUNS" \
    > /dev/null 2> "$OUT/speed-ours-800.json"
taskset -c 0 "$PY" scripts/peer_opencv.py "$OUT/speed-800x450.mp4" --runs "$RUNS" > /dev/null 2> "$OUT/speed-peer-800.json"

# 3. Speed: decode + detect of a 1080p60 H.264 clip on the two cores (default threads: decoding
#    runs a few frames ahead on its own thread while detection runs on the caller's).
"$BIN/golf-clip" generate --scenario dtl-everything --seed 1 --size 1920x1080 --fps 60 --duration 10 -o "$OUT/speed-1080p60.mp4" >/dev/null
: > "$OUT/speed-ours-1080.txt"
for i in $(seq "$RUNS"); do
    start=$(date +%s.%N)
    taskset -c 0,1 "$BIN/shot-tracer" detect "$OUT/speed-1080p60.mp4" --json > /dev/null
    end=$(date +%s.%N)
    echo "$start $end" >> "$OUT/speed-ours-1080.txt"
done
taskset -c 0,1 "$PY" scripts/peer_opencv.py "$OUT/speed-1080p60.mp4" --runs 1 > /dev/null 2> "$OUT/speed-peer-1080.json"
fi

"$PY" - "$OUT" <<'PYEOF'
import glob, json, os, statistics, sys
out = sys.argv[1]
rows = []
for path in sorted(glob.glob(f"{out}/det/*.ours.score.json")):
    name = os.path.basename(path)[:-len(".ours.score.json")]
    if not os.path.exists(f"{out}/det/{name}.peer.score.json"): continue
    ours = json.load(open(path)); peer = json.load(open(f"{out}/det/{name}.peer.score.json"))
    f = lambda v: "-" if v is None else f"{v:.3f}"
    g = lambda v: "-" if v is None else str(v)
    kept = json.load(open(f"{out}/det/{name}.ours.kept.json"))
    rows.append(f"| {name} | {f(ours.get('recall'))} | {f(kept.get('recall'))} ({kept['erasedFrames']}) | {f(ours.get('precision'))} | {ours['trajectories']} | {ours['falseTrajectories']} | {g(ours.get('framesToFirstReport'))} | {f(peer.get('recall'))} | {f(peer.get('precision'))} | {peer['trajectories']} | {peer['falseTrajectories']} | {g(peer.get('framesToFirstReport'))} |")
lines = ["| clip | recall | recall where kept (erased frames) | precision | trajectories | false | frames to report | peer recall | peer precision | peer trajectories | peer false | peer frames to report |",
         "|---|---|---|---|---|---|---|---|---|---|---|---|"] + rows
if os.path.exists(f"{out}/speed-peer-1080.json"):
  ours800 = json.loads(open(f"{out}/speed-ours-800.json").read().strip().splitlines()[-1])
  peer800 = json.loads(open(f"{out}/speed-peer-800.json").read().strip().splitlines()[-1])
  walls = sorted(float(b) - float(a) for a, b in (l.split() for l in open(f"{out}/speed-ours-1080.txt")))
  wall = walls[len(walls) // 2]
  peer1080 = json.loads(open(f"{out}/speed-peer-1080.json").read().strip().splitlines()[-1])
  lines += ["", f"detection alone, 800x450, one core: ours {ours800['fps']:.0f} fps (median of {ours800['runs']}), peer {peer800['detectFps']:.0f} fps",
          f"decode + detect, 1080p60 H.264, 10 s: ours {wall:.2f} s wall (median of {len(walls)}) = {10 / wall:.1f}x real time; peer {peer1080['decodeDetectSeconds']:.2f} s = {10 / peer1080['decodeDetectSeconds']:.1f}x real time"]
open(f"{out}/report.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
PYEOF
