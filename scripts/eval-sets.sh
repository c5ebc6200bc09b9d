#!/usr/bin/env bash
# Scores `shot-tracer detect` against issue 4's accuracy goals on the generated evaluation sets
# that the sessions measure (BENCHMARKS.md, "Trajectory detector").
#
#   scripts/eval-sets.sh                    # the ten sets (390 clips)
#   SETS="ten extra unseen" scripts/eval-sets.sh
#   BIN=/tmp/start/release RUN=start scripts/eval-sets.sh   # another binary, its own results
#   scripts/eval-sets.sh compare start main # clips whose verdict or figures differ
#   ONLY=' (120|240) ' RUN=fast scripts/eval-sets.sh   # only the clips whose "set size fps
#                                           # scenario seed" line matches this extended regex
#   COVERAGE=1 scripts/eval-sets.sh         # also how often the ball was among the frames'
#                                           # motion candidates (`detect --candidates`), listed
#                                           # beside each failure: low, the change between frames
#                                           # never showed the ball; high, the tracker missed it
#
# Sets (3 s clips at the scenario's crf, every scenario of `golf-clip --list`, unless said):
#   ten     640x360 30 fps seeds 1-9, 960x540 30 fps 1-6, 1280x720 25 fps 1-6, 1280x720 60 fps
#           1-3, 1920x1080 25 fps and 30 fps 1-3 (390 clips)
#   extra   other frame rates and small frames (session 45's table: 336 clips, 318 distinct; its
#           rows for 480x270 and 640x360 120 fps seeds 4-6 and the no-shot seeds 4-10 share 18)
#   unseen  seeds 21-24 at 1280x720 and 1920x1080, and the no-shot scenarios' seeds 25-30 (192
#           clips, sessions 51-52)
#   fresh   formats no other set has: 1280x720 24 fps, 1920x1080 50 fps and 2560x1440 30 fps,
#           seeds 41-42 (78 clips, session 56)
#   long    10 s clips, where a shot flies for up to six seconds after its launch at 1.2 s and
#           distractors have three times as long to pass for one: 1280x720 30 fps seeds 51-52,
#           1920x1080 60 fps seed 51 (39 clips, session 56)
#   quiet   10 s clips without a shot, where birds, walkers and practice swings have ten seconds
#           to pass for one: the three no-shot scenarios at 1280x720 30 and 60 fps and 1920x1080
#           30 fps, seeds 61-68 (72 clips, session 57)
#   phase   launches between two frames, as real shots do (every other set launches at 0.9 s, a
#           frame time at 30, 50, 60 and 120 fps): the shot scenarios at 640x360 30 fps, 1280x720
#           60 fps and 1920x1080 30 fps, seeds 71-74, launched 0.2, 0.4, 0.6 and 0.8 of a frame
#           interval after 0.9 s (120 clips, session 78)
#   phone   dtl-floodlights-phone, lamps' flicker read by a phone's rolling shutter as bands down
#           the frame, at 640x360 30 fps, 960x540 30 fps, 1280x720 24, 30 and 60 fps and
#           1920x1080 30 fps, seeds 81-83 (18 clips, session 84; not in any set above)
#   eight   8 s clips at 640x360 30 fps, launched at 1.2 s: every scenario, seeds 3-8 (78 clips,
#           session 85). The long and quiet sets are 1280x720 and up; here noise specks in small
#           frames have as long to line up. Not held out: session 85 fixed a clip of it.
# A clip passes when recall >= 0.95, precision >= 0.98, no false trajectory and the shot is
# reported within trajectoryLength + 2 frames of its first visible frame (trajectoryLength 10
# per 60 fps interval), or, on a clip without a shot, when nothing is reported.
#
# Clips are generated once into $CLIPS and kept; detections and scores go to $OUT/$RUN.
# Clips and detections run $JOBS at a time, each detection on one thread.
set -euo pipefail
cd "$(dirname "$0")/.."
CLIPS=${CLIPS:-.eval/clips}
OUT=${OUT:-.eval/runs}
RUN=${RUN:-main}
SETS=${SETS:-ten}
JOBS=${JOBS:-2}
SCRATCH=${SCRATCH:-.build-det}
BIN=${BIN:-}

summarize() {
    python3 - "$@" <<'PYEOF'
import json, os, sys
mode = sys.argv[1]

def load(run_dir):
    rows = {}
    path = os.path.join(run_dir, "scores.tsv")
    if not os.path.exists(path):
        sys.exit(f"eval-sets: no scores in {run_dir}")
    for line in open(path):
        clip, fps, tl, score_path = line.rstrip("\n").split("\t")
        try:
            s = json.load(open(score_path))
        except (OSError, ValueError):
            rows[clip] = None
            continue
        rows[clip] = (int(fps), int(tl), s)
    return rows

def verdict(row):
    if row is None:
        return False, "no score"
    _, tl, s = row
    shot = s.get("firstVisibleFrame") is not None and s.get("visibleFrames", 0) > 0
    if not shot:
        return s["trajectories"] == 0, f"{s['trajectories']} trajectories"
    recall, precision = s.get("recall") or 0, s.get("precision")
    late = s.get("framesToFirstReport")
    ok = (recall >= 0.95 and precision is not None and precision >= 0.98
          and s["falseTrajectories"] == 0 and late is not None and late <= tl + 2)
    p = "-" if precision is None else f"{precision:.3f}"
    return ok, f"{recall:.3f} / {p} / {'-' if late is None else late} / false {s['falseTrajectories']}"

def coverage(row):
    c = row and row[2].get("candidateCoverage")
    if not c or c.get("coverage") is None:
        return ""
    first = min(8, c['analysedVisibleFrames'])
    return (f"\tcandidates on the ball in {c['coverage']:.2f} of {c['analysedVisibleFrames']} frames, "
            f"{c.get('coveredLaunchFrames', '-')} of the first {first}")

if mode == "report":
    rows = load(sys.argv[2])
    sets = {}
    for clip, row in rows.items():
        sets.setdefault(clip.split("/")[0], []).append(verdict(row)[0])
    total = passed = 0
    for name in sorted(sets):
        print(f"{name}: {sum(sets[name])} / {len(sets[name])}")
        total += len(sets[name]); passed += sum(sets[name])
    false = sum(r[2]["falseTrajectories"] for r in rows.values() if r)
    nowhere = sum(1 for r in rows.values() if r and r[2].get("visibleFrames", 0) > 0 and r[2]["trajectories"] == 0)
    print(f"all: {passed} / {total} pass, {false} false trajectories, {nowhere} shots found nowhere")
    with open(os.path.join(sys.argv[2], "failures.txt"), "w") as f:
        for clip in sorted(rows):
            ok, why = verdict(rows[clip])
            if not ok:
                f.write(f"{clip}\t{why}{coverage(rows[clip])}\n")
else:
    a, b = load(sys.argv[2]), load(sys.argv[3])
    changed = 0
    for clip in sorted(set(a) & set(b)):
        va, vb = verdict(a[clip]), verdict(b[clip])
        if va[1] != vb[1]:
            changed += 1
            mark = "  " if va[0] == vb[0] else ("+ " if vb[0] else "- ")
            print(f"{mark}{clip}: {va[1]} -> {vb[1]}")
    print(f"{changed} clips changed of {len(set(a) & set(b))}")
PYEOF
}

if [ "${1:-}" = compare ]; then
    summarize compare "$OUT/$2" "$OUT/$3"
    exit 0
fi

if [ -z "$BIN" ]; then
    swift build -c release --scratch-path "$SCRATCH" --product shot-tracer >/dev/null
    swift build -c release --scratch-path "$SCRATCH" --product golf-clip >/dev/null
    BIN="$SCRATCH/release"
fi
# The clips are always generated with this checkout's golf-clip, so two detectors see the same.
GEN=${GEN:-$SCRATCH/release/golf-clip}
[ -x "$GEN" ] || swift build -c release --scratch-path "$SCRATCH" --product golf-clip >/dev/null

ALL="dtl-clean dtl-noise-jitter dtl-club-walkers dtl-dark-ball dtl-portrait dtl-everything dtl-floodlights sky-clean sky-dark-ball sky-birds-clouds practice-swings-no-shot walkers-birds-no-shot dtl-birds-walkers-no-shot"
NO_SHOT="practice-swings-no-shot walkers-birds-no-shot dtl-birds-walkers-no-shot"
BUT_BIRDS=$(echo $ALL | tr ' ' '\n' | grep -v '^sky-birds-clouds$' | tr '\n' ' ')
SHOTS_BUT_BIRDS=$(echo $BUT_BIRDS | tr ' ' '\n' | grep -v 'no-shot' | tr '\n' ' ')
SHOTS=$(echo $ALL | tr ' ' '\n' | grep -v 'no-shot' | tr '\n' ' ')

# Prints "set size fps scenario seed" lines.
clips_of() {
    local set=$1
    emit() { for s in $3; do for n in $4; do echo "$1 $2 $s $n"; done; done; }
    # emit for each "size:fps" of a list.
    emit_each() { for sf in $1; do emit ${sf%:*} ${sf#*:} "$2" "$3"; done; }
    case $set in
    ten)
        emit 640x360 30 "$ALL" "$(seq 1 9)"
        emit 960x540 30 "$ALL" "$(seq 1 6)"
        emit 1280x720 25 "$ALL" "$(seq 1 6)"
        emit 1280x720 60 "$ALL" "1 2 3"
        emit 1920x1080 25 "$ALL" "1 2 3"
        emit 1920x1080 30 "$ALL" "1 2 3" ;;
    extra)
        for size in 480x270 640x360; do emit $size 120 "dtl-clean dtl-noise-jitter dtl-portrait $NO_SHOT" "1 2 3"; done
        for size in 480x270 640x360; do emit $size 120 "$NO_SHOT" "$(seq 4 10)"; done
        emit 960x540 240 "$NO_SHOT" "$(seq 4 10)"
        emit 480x270 120 "$BUT_BIRDS" "4 5 6"
        emit 480x270 30 "$BUT_BIRDS" "4 5 6"
        emit 480x270 60 "$BUT_BIRDS" "4 5 6"
        emit 640x360 60 "$SHOTS_BUT_BIRDS" "4 5 6"
        emit 640x360 120 "$BUT_BIRDS" "4 5 6"
        emit 1280x720 120 "$BUT_BIRDS" "4 5 6"
        emit_each "1920x1080:60 854x480:30 1280x720:240" "dtl-clean dtl-portrait dtl-everything sky-clean dtl-club-walkers" "4 5" ;;
    unseen)
        emit 1280x720 30 "$ALL" "21 22"
        emit 1920x1080 60 "$ALL" "21 22"
        emit_each "1920x1080:120 1920x1080:30 1280x720:60 1280x720:120" "$ALL" "23 24"
        emit 1280x720 120 "$NO_SHOT" "$(seq 25 30)"
        emit 1920x1080 60 "$NO_SHOT" "$(seq 25 30)" ;;
    fresh)
        emit_each "1280x720:24 1920x1080:50 2560x1440:30" "$ALL" "41 42" ;;
    long)
        emit 1280x720 30 "$ALL" "51 52"
        emit 1920x1080 60 "$ALL" "51" ;;
    quiet)
        emit_each "1280x720:30 1280x720:60 1920x1080:30" "$NO_SHOT" "$(seq 61 68)" ;;
    phase)
        emit_each "640x360:30 1280x720:60 1920x1080:30" "$SHOTS" "71 72 73 74" ;;
    eight)
        emit 640x360 30 "$ALL" "$(seq 3 8)" ;;
    phone)
        emit_each "640x360:30 960x540:30 1280x720:24 1280x720:30 1280x720:60 1920x1080:30" "dtl-floodlights-phone" "81 82 83" ;;
    *) echo "eval-sets: unknown set '$set' (ten, extra, unseen, fresh, long, quiet, phase, phone, eight)" >&2; exit 2 ;;
    esac | sed "s/^/$set /"
}

LIST=$(for set in $SETS; do clips_of "$set"; done | { grep -E -- "${ONLY:-.}" || true; })
if [ -z "$LIST" ]; then
    echo "eval-sets: no clip of $SETS matches ONLY='${ONLY:-}'" >&2
    exit 2
fi
echo "eval-sets: $(echo "$LIST" | wc -l) clips in $SETS, detector $BIN, results in $OUT/$RUN" >&2
mkdir -p "$OUT/$RUN"

one_clip() {
    local set=$1 size=$2 fps=$3 scenario=$4 seed=$5
    local dir="$CLIPS/$set/${size}-${fps}" name="$scenario-$seed"
    local video="$dir/$name.mp4" det="$OUT/$RUN/$set/${size}-${fps}"
    mkdir -p "$dir" "$det"
    local duration=3
    case $set in long | quiet) duration=10 ;; eight) duration=8 ;; esac
    local launch=()
    [ "$set" = phase ] && launch=(--launch-time "$(awk "BEGIN { print 0.9 + ($seed - 70) * 0.2 / $fps }")")
    if [ ! -s "$dir/$name.json" ]; then
        "$GEN" generate --scenario "$scenario" --seed "$seed" --size "$size" --fps "$fps" --duration "$duration" \
            "${launch[@]}" -o "$dir/.$name.mp4" --truth "$dir/.$name.json" >/dev/null
        mv "$dir/.$name.mp4" "$video"
        mv "$dir/.$name.json" "$dir/$name.json"
    fi
    local tl=$(( fps > 60 ? 10 * fps / 60 : 10 ))
    local seen=()
    [ -n "${COVERAGE:-}" ] && seen=(--candidates "$det/$name.candidates.json")
    "$BIN/shot-tracer" detect "$video" --json --threads 1 "${seen[@]}" > "$det/$name.json"
    "$GEN" score --truth "$dir/$name.json" --detections "$det/$name.json" --trajectory-length "$tl" --json \
        "${seen[@]}" > "$det/$name.score.json"
    printf '%s\t%s\t%s\t%s\n' "$set/${size}-${fps}/$name" "$fps" "$tl" "$det/$name.score.json"
}
export -f one_clip
export CLIPS OUT RUN BIN GEN COVERAGE

echo "$LIST" | xargs -P "$JOBS" -L 1 bash -c 'one_clip "$@"' _ | sort > "$OUT/$RUN/scores.tsv"
summarize report "$OUT/$RUN"
echo "eval-sets: failures listed in $OUT/$RUN/failures.txt" >&2
