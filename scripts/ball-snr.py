#!/usr/bin/env python3
"""How visible a generated clip's ball is to any detector: an upper bound, not a detector.

Usage: scripts/ball-snr.py CLIP [ANALYSIS_SIZE]
  CLIP is a generated clip without its extension (CLIP.mp4 and its truth CLIP.json, as written
  by `golf-clip catalogue`); ANALYSIS_SIZE is the long side the frames are scaled to first
  (default 800, the detector's; 0 keeps the clip's size). Needs ffmpeg and numpy.

Each decoded frame (area-scaled as the detector scales it) minus the per-pixel median of the
frames 2 to 6 before it gives the change; the ball's signal is that change summed over the 3x3
pixels at its true centre, the noise is the spread of the same sum at 200 places within 40 px.
Their ratio is the ball's per-frame z. An ideal detector that knew the flight's path could add
z over N consecutive visible frames (z_sum / sqrt(N)); where even that stays under about 6, no
search over unknown paths can tell the ball from the noise without false alarms.
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
        change = frames[i] - np.median(frames[i - 6:i - 1], axis=0)
        signal = change[y - 1:y + 2, x - 1:x + 2].sum()
        ys = np.clip(y + rng.integers(-40, 40, 200), 2, ah - 3)
        xs = np.clip(x + rng.integers(-40, 40, 200), 2, aw - 3)
        sums = [change[a - 1:a + 2, b - 1:b + 2].sum() for a, b in zip(ys, xs)]
        # A flat, noiseless sky compresses to a constant: floor the spread at one level.
        z.append(signal / max(float(np.std(sums)), 1.0))
    if not z:
        sys.exit(f"{base}: no visible ball inside the picture")
    z = np.array(z) * np.sign(np.median(z))
    print(f"{base.split('/')[-1]} at {aw}x{ah}: {len(z)} frames, per-frame z median {np.median(z):.2f},"
          f" over 3 in {100 * (z > 3).mean():.0f}%")
    for n in (5, 10, 20):
        if len(z) > n:
            windows = [z[k:k + n].sum() / np.sqrt(n) for k in range(len(z) - n)]
            print(f"  along the true path over {n} frames: median {np.median(windows):.1f}, lowest {np.min(windows):.1f}")


if __name__ == "__main__":
    main()
