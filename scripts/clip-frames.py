#!/usr/bin/env python3
"""Frame by frame: where a generated clip's ball was, what the detector saw near it, what it reported.

Usage: scripts/clip-frames.py CLIP DETECTIONS [FIRST [LAST]]
  CLIP is a generated clip without its extension (its truth is CLIP.json, as `golf-clip
  generate --truth` or scripts/eval-sets.sh write it); DETECTIONS is `shot-tracer detect --json`'s
  output without its extension: DETECTIONS.json, and DETECTIONS.candidates.json where `detect
  --candidates` wrote it (optional). FIRST and LAST limit the frames listed (by index).

One line per frame whose ball is visible or that holds a reported point (every trajectory's,
so a false one beside the ball's shows), all in video pixels:

  frame  vis  ball=(x, y)  r=radius  con=contrast drawn  dec=contrast x264 kept
         ncand=candidates in the frame  near=distance to the nearest one (* within the
         scorer's tolerance) c=its contrast B|D (brighter or darker than the background)
         REP id d=distance of the reported point from the ball (! beyond the tolerance)

Where a shot is missed or reported late this tells a frame the ball never showed (low dec, no
candidate near) from one the tracker failed to take (a candidate within the tolerance, no REP).
The tolerance is the scorer's: max(0.4% of the diagonal, 2 ball radii).
"""
import json
import math
import os
import signal
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    # Piped into head, stop quietly.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    clip, det = sys.argv[1], sys.argv[2]
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    last = int(sys.argv[4]) if len(sys.argv) > 4 else sys.maxsize
    try:
        truth = json.load(open(clip + ".json"))
        detections = json.load(open(det + ".json"))
        seen = json.load(open(det + ".candidates.json")) if os.path.exists(det + ".candidates.json") else None
    except (OSError, ValueError) as error:
        sys.exit(f"clip-frames: {error}")
    width, height, rate = truth["width"], truth["height"], truth["frameRate"]
    diagonal = math.hypot(width, height)

    # Every trajectory's point in a frame: a false one beside the ball's must show too.
    reported = {}
    for trajectory in detections.get("trajectories", []):
        for p in trajectory["points"]:
            reported.setdefault(round(p["time"] * rate), []).append(
                (p["x"] * width, p["y"] * height, trajectory["id"][:4]))
    candidates = {round(f["time"] * rate): f["candidates"] for f in seen["frames"]} if seen else {}

    for frame in truth["frames"]:
        i = frame["index"]
        if i < first or i > last or not (frame["visible"] or i in reported):
            continue
        if frame.get("x") is None:
            # No ball in the picture (a clip without a shot, or before it): only what was reported.
            points = "".join(f"  REP {uid} at ({rx:7.1f},{ry:7.1f})!" for rx, ry, uid in reported[i])
            print(f"{i:4d} vis=0 no ball{points}")
            continue
        x, y, radius = frame["x"], frame["y"], frame.get("radius") or 0
        tolerance = max(0.004 * diagonal, 2 * radius)
        line = (f"{i:4d} vis={int(frame['visible'])} ball=({x:7.1f},{y:7.1f}) r={radius:.2f}"
                f" con={frame.get('contrast') or 0:5.1f} dec={frame.get('decodedContrast') or 0:5.1f}")
        if i in candidates:
            line += f" ncand={len(candidates[i]):3d}"
            if candidates[i]:
                d, _, c = min((math.hypot(c["x"] * width - x, c["y"] * height - y), k, c)
                              for k, c in enumerate(candidates[i]))
                line += (f" near={d:6.1f}{'*' if d <= tolerance else ' '}"
                         f" c={c['contrast']:3d}{'B' if c['brighter'] else 'D'}")
        for rx, ry, uid in reported.get(i, []):
            d = math.hypot(rx - x, ry - y)
            line += f"  REP {uid} d={d:6.1f}{'!' if d > tolerance or not frame['visible'] else ''}"
        print(line)


if __name__ == "__main__":
    main()
