"""Make the game's sounds: short tones synthesised here in pure Python
(no samples, no numpy), written as WAV and encoded to OGG Vorbis with
Debian's ``oggenc`` (package vorbis-tools) or, failing that, ``sox``.

    python tools/make_sounds.py [--out assets/sounds]

The .ogg files are committed; the WAV files are temporary. pygame-ce can
play OGG but not write it, hence the encoder.
"""

from __future__ import annotations

import argparse
import math
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parents[1]


def envelope(t: float, length: float, attack: float = 0.004, decay: float = 8.0) -> float:
    """A quick attack, then an exponential fall, faded to 0 at the end."""
    a = min(1.0, t / attack) if attack > 0 else 1.0
    tail = min(1.0, (length - t) / 0.01)
    return a * math.exp(-decay * t) * max(0.0, tail)


def tone(freqs, length: float, volume: float = 0.5, decay: float = 8.0, start: float = 0.0,
         harmonics=(1.0, 0.3, 0.1)) -> list[tuple[float, list[float]]]:
    samples = []
    n = int(length * RATE)
    for i in range(n):
        t = i / RATE
        v = 0.0
        for f in freqs:
            for k, amp in enumerate(harmonics, start=1):
                v += amp * math.sin(2 * math.pi * f * k * t)
        samples.append(volume * envelope(t, length, decay=decay) * v / (len(freqs) * sum(harmonics)))
    return [(start, samples)]


def noise(length: float, volume: float, decay: float, smooth: float, seed: int, start: float = 0.0):
    """Filtered noise: the rustle of a card sliding or landing."""
    rng = random.Random(seed)
    samples, last = [], 0.0
    for i in range(int(length * RATE)):
        t = i / RATE
        last += smooth * (rng.uniform(-1, 1) - last)
        samples.append(volume * envelope(t, length, attack=0.002, decay=decay) * last * 3)
    return [(start, samples)]


def sweep(f0: float, f1: float, length: float, volume: float, decay: float, start: float = 0.0):
    samples, phase = [], 0.0
    for i in range(int(length * RATE)):
        t = i / RATE
        f = f0 + (f1 - f0) * t / length
        phase += 2 * math.pi * f / RATE
        samples.append(volume * envelope(t, length, decay=decay) * (math.sin(phase) + 0.25 * math.sin(2 * phase)) / 1.25)
    return [(start, samples)]


def mix(*parts) -> list[float]:
    pieces = [p for part in parts for p in part]
    total = max(int(start * RATE) + len(s) for start, s in pieces)
    out = [0.0] * total
    for start, s in pieces:
        offset = int(start * RATE)
        for i, v in enumerate(s):
            out[offset + i] += v
    peak = max(1e-9, max(abs(v) for v in out))
    return [v / peak * 0.8 if peak > 0.8 else v for v in out]


def sounds() -> dict[str, list[float]]:
    return {
        # a soft lift: rustle and a rising blip
        "pickup": mix(noise(0.07, 0.35, 40, 0.35, 1), sweep(520, 760, 0.06, 0.25, 30)),
        # a card set down: a low tap with a short rustle
        "place": mix(noise(0.06, 0.5, 60, 0.2, 2), tone([180], 0.08, 0.45, decay=45)),
        # a card turned over: a quick bright flick
        "flip": mix(noise(0.05, 0.4, 70, 0.6, 3), sweep(900, 1300, 0.04, 0.18, 50)),
        # the deal: a quick run of soft card taps
        "deal": mix(*[noise(0.05, 0.4, 70, 0.3, 10 + k, start=k * 0.045) for k in range(8)]),
        # a refusal: two low, gentle notes going down
        "refuse": mix(tone([330], 0.12, 0.4, decay=14), tone([247], 0.18, 0.4, decay=12, start=0.1)),
        # the win: a bright rising arpeggio and a chord
        "win": mix(*[tone([f], 0.35, 0.35, decay=6, start=k * 0.09) for k, f in enumerate((523.25, 659.25, 783.99))],
                   tone([523.25, 659.25, 783.99, 1046.5], 0.9, 0.45, decay=3.5, start=0.3)),
    }


def write_wav(path: Path, samples: list[float]) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", max(-32767, min(32767, round(v * 32767)))) for v in samples))


def encode(wav: Path, ogg: Path) -> None:
    if shutil.which("oggenc"):
        cmd = ["oggenc", "-Q", "-q", "2", "-o", str(ogg), str(wav)]
    elif shutil.which("sox"):
        cmd = ["sox", str(wav), "-C", "2", str(ogg)]
    else:
        sys.exit("make_sounds: needs oggenc (apt-get install vorbis-tools) or sox to write OGG")
    subprocess.run(cmd, check=True)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=ROOT / "assets" / "sounds")
    args = p.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, samples in sounds().items():
            wav = Path(tmp) / f"{name}.wav"
            write_wav(wav, samples)
            encode(wav, args.out / f"{name}.ogg")
            print(f"{name}.ogg  {len(samples) / RATE:.2f} s  {(args.out / f'{name}.ogg').stat().st_size} bytes")


if __name__ == "__main__":
    main()
