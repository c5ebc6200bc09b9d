#!/usr/bin/env python3
"""The common OpenCV recipe for ball tracking, as a peer for shot-tracer's detector.

MOG2 background subtraction -> contours of the foreground mask -> small blobs -> nearest-neighbour
tracking; a track is reported once it has --trajectory-length points. Frames are analysed at the
same size as shot-tracer's (longest side --analysis-size), on one thread.

Prints the same JSON as `shot-tracer detect --json` (so `golf-clip score` scores both alike) and,
on stderr, one JSON line of timings: detection alone (frames decoded into memory first) and
decode + detect.
"""
import argparse
import json
import sys
import time
import uuid

import cv2
import numpy as np


def analysis_size(width, height, longest):
    long_side = max(width, height)
    if long_side <= longest:
        return width, height
    scale = longest / long_side
    return max(8, round(width * scale)), max(8, round(height * scale))


class Tracker:
    """Nearest-neighbour tracking: each blob joins the closest live track within reach."""

    def __init__(self, reach, length, max_misses=3):
        self.reach = reach
        self.length = length
        self.max_misses = max_misses
        self.live = []
        self.finished = []

    def update(self, t, blobs):
        used = set()
        for track in self.live:
            lx, ly = track["points"][-1][1:3]
            best, best_d = None, self.reach
            for i, (x, y) in enumerate(blobs):
                if i in used:
                    continue
                d = ((x - lx) ** 2 + (y - ly) ** 2) ** 0.5
                if d < best_d:
                    best, best_d = i, d
            if best is None:
                track["misses"] += 1
            else:
                used.add(best)
                track["misses"] = 0
                track["points"].append((t, blobs[best][0], blobs[best][1]))
                if track["first_report"] is None and len(track["points"]) >= self.length:
                    track["first_report"] = t
        still = []
        for track in self.live:
            (still if track["misses"] <= self.max_misses else self.finished).append(track)
        self.live = still
        for i, (x, y) in enumerate(blobs):
            if i not in used:
                self.live.append({"points": [(t, x, y)], "misses": 0, "first_report": None})

    def reported(self):
        return [t for t in self.finished + self.live if t["first_report"] is not None]


def detect(frames, size, args):
    """frames: iterable of (time, gray frame at analysis size)."""
    w, h = size
    subtractor = cv2.createBackgroundSubtractorMOG2(history=args.history, varThreshold=args.var_threshold,
                                                    detectShadows=False)
    max_area = np.pi * (args.max_radius * w) ** 2 if args.max_radius < 1 else w * h
    tracker = Tracker(reach=0.08 * (w * w + h * h) ** 0.5, length=args.trajectory_length)
    for t, gray in frames:
        mask = subtractor.apply(gray)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        # Noise makes thousands of specks; like most such scripts, keep the biggest few.
        contours = sorted(contours, key=cv2.contourArea, reverse=True)[:args.max_blobs]
        blobs = []
        for c in contours:
            area = cv2.contourArea(c)
            if area > max_area:
                continue
            m = cv2.moments(c)
            if m["m00"] > 0:
                blobs.append((m["m10"] / m["m00"] + 0.5, m["m01"] / m["m00"] + 0.5))
            else:
                x, y, bw, bh = cv2.boundingRect(c)
                blobs.append((x + bw / 2, y + bh / 2))
        tracker.update(t, blobs)
    return tracker.reported()


def read_frames(path, size, start_time):
    capture = cv2.VideoCapture(path)
    if not capture.isOpened():
        raise SystemExit(f"peer_opencv: {path}: cannot open")
    while True:
        ok, frame = capture.read()
        if not ok:
            break
        t = capture.get(cv2.CAP_PROP_POS_MSEC) / 1000.0 - start_time
        gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        if (gray.shape[1], gray.shape[0]) != size:
            gray = cv2.resize(gray, size, interpolation=cv2.INTER_AREA)
        yield t, gray
    capture.release()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("input")
    parser.add_argument("--analysis-size", type=int, default=800)
    parser.add_argument("--trajectory-length", type=int, default=10)
    parser.add_argument("--max-radius", type=float, default=1.0, help="normalized to the width, as shot-tracer's")
    parser.add_argument("--history", type=int, default=120)
    parser.add_argument("--var-threshold", type=float, default=16)
    parser.add_argument("--max-blobs", type=int, default=40, help="largest foreground blobs kept per frame")
    parser.add_argument("--runs", type=int, default=3, help="timed detection-only runs (median reported)")
    args = parser.parse_args()
    cv2.setNumThreads(1)

    probe = cv2.VideoCapture(args.input)
    if not probe.isOpened():
        raise SystemExit(f"peer_opencv: {args.input}: cannot open")
    width = int(probe.get(cv2.CAP_PROP_FRAME_WIDTH))
    height = int(probe.get(cv2.CAP_PROP_FRAME_HEIGHT))
    fps = probe.get(cv2.CAP_PROP_FPS)
    count = int(probe.get(cv2.CAP_PROP_FRAME_COUNT))
    probe.release()
    size = analysis_size(width, height, args.analysis_size)

    # Decode + detect, end to end.
    start = time.perf_counter()
    tracks = detect(read_frames(args.input, size, 0.0), size, args)
    end_to_end = time.perf_counter() - start

    # Detection alone, on frames already decoded.
    frames = list(read_frames(args.input, size, 0.0))
    runs = []
    for _ in range(max(1, args.runs)):
        start = time.perf_counter()
        detect(frames, size, args)
        runs.append(time.perf_counter() - start)
    runs.sort()
    median = runs[len(runs) // 2]

    w, h = size
    out = {"width": width, "height": height, "frameRate": fps,
           "duration": count / fps if fps else 0, "trajectories": []}
    for track in tracks:
        pts = track["points"]
        out["trajectories"].append({
            "id": str(uuid.uuid4()),
            "confidence": 1.0,
            "timeRange": {"start": pts[0][0], "duration": pts[-1][0] - pts[0][0]},
            "firstReportedTime": track["first_report"],
            "points": [{"time": t, "x": x / w, "y": y / h} for t, x, y in pts],
        })
    json.dump(out, sys.stdout)
    sys.stdout.write("\n")
    timing = {"frames": len(frames), "analysisSize": f"{w}x{h}", "detectFps": len(frames) / median,
              "decodeDetectSeconds": end_to_end, "decodeDetectFps": len(frames) / end_to_end}
    sys.stderr.write(json.dumps(timing) + "\n")


if __name__ == "__main__":
    main()
