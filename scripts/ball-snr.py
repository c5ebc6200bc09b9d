#!/usr/bin/env python3
"""How visible a generated clip's ball is to any detector: an upper bound, not a detector.

Usage: scripts/ball-snr.py CLIP [ANALYSIS_SIZE]
  CLIP is a generated clip without its extension (CLIP.mp4 and its truth CLIP.json, as written
  by `golf-clip catalogue`); ANALYSIS_SIZE is the long side the frames are scaled to first
  (default 800, the detector's; 0 keeps the clip's size). Needs ffmpeg and numpy.

Each decoded frame (area-scaled as the detector scales it) is compared with up to five earlier
frames in which the ball was 4 px or more away: the change beyond every reference's 3x3
neighbourhood (what survives a pixel of camera shake). The ball's signal is the largest change
in the 3x3 pixels at its true centre; the same measured at 200 places within 40 px gives the
noise (median and robust spread). (signal - median) / spread is the ball's per-frame z. An
ideal detector that knew the flight's path could add z over N consecutive visible frames
(z_sum / sqrt(N)); where even that stays under about 6, no search over unknown paths can tell
the ball from the noise without false alarms.
"""
import json
import subprocess
import sys

import numpy as np


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    base = sys.argv[1]
    analysis = int(sys.argv[2]) if len(sys.argv) > 2 else 800
    truth = json.load(open(base + ".json"))
    width, height = truth["width"], truth["height"]
    # The detector scales down only.
    scale = 1.0 if analysis == 0 else min(1.0, analysis / max(width, height))
    aw, ah = int(round(width * scale)), int(round(height * scale))
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", base + ".mp4", "-vf", f"scale={aw}:{ah}:flags=area",
                          "-f", "rawvideo", "-pix_fmt", "gray", "-"], capture_output=True, check=True).stdout
    frames = np.frombuffer(raw, np.uint8).reshape(-1, ah, aw).astype(np.float32)
    rng = np.random.default_rng(1)
    z = []
    for f in truth["frames"]:
        i = f["index"]
        if not f["visible"] or i < 8 or i >= len(frames):
            continue
        x, y = int(round(f["x"] * scale)), int(round(f["y"] * scale))
        if not (3 <= x < aw - 3 and 3 <= y < ah - 3):
            continue
        # The background: up to 5 earlier frames (at most 90 back) in which the ball was 4 px
        # or more away, as the detector takes its references for a slow ball.
        refs = []
        for j in range(i - 2, max(i - 90, 0), -1):
            g = truth["frames"][j]
            if not g.get("visible") or np.hypot(g["x"] * scale - x, g["y"] * scale - y) >= 4:
                refs.append(j)
                if len(refs) == 5:
                    break
        if not refs:
            continue
        # Changed beyond every reference's 3x3 neighbourhood, either way: what survives a
        # pixel of camera shake, as the detector measures change.
        stack = frames[refs]
        hi = stack.max(axis=0)
        lo = stack.min(axis=0)
        hi = np.max([np.roll(np.roll(hi, dy, 0), dx, 1) for dy in (-1, 0, 1) for dx in (-1, 0, 1)], axis=0)
        lo = np.min([np.roll(np.roll(lo, dy, 0), dx, 1) for dy in (-1, 0, 1) for dx in (-1, 0, 1)], axis=0)
        excess = np.maximum(frames[i] - hi, lo - frames[i])
        signal = excess[y - 1:y + 2, x - 1:x + 2].max()
        ys = np.clip(y + rng.integers(-40, 40, 200), 2, ah - 3)
        xs = np.clip(x + rng.integers(-40, 40, 200), 2, aw - 3)
        noise = np.array([excess[a - 1:a + 2, b - 1:b + 2].max() for a, b in zip(ys, xs)])
        middle = float(np.median(noise))
        # A flat, noiseless sky compresses to a constant: floor the spread at half a level.
        spread = max(1.4826 * float(np.median(np.abs(noise - middle))), 0.5)
        z.append((signal - middle) / spread)
    if not z:
        sys.exit(f"{base}: no visible ball inside the picture")
    z = np.array(z)
    print(f"{base.split('/')[-1]} at {aw}x{ah}: {len(z)} frames, per-frame z median {np.median(z):.2f},"
          f" over 3 in {100 * (z > 3).mean():.0f}%")
    for n in (5, 10, 20):
        if len(z) > n:
            windows = [z[k:k + n].sum() / np.sqrt(n) for k in range(len(z) - n)]
            print(f"  along the true path over {n} frames: median {np.median(windows):.1f}, lowest {np.min(windows):.1f}")


if __name__ == "__main__":
    main()
