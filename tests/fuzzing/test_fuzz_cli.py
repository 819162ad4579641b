"""The fuzz tool's own command line (a leak must fail a run): every run reports
its peak resident memory, and ``--max-rss`` makes a run above it fail."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def fuzz(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "tools/fuzz.py", *args], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=300)


def test_a_run_reports_its_peak_memory_and_passes_under_the_cap():
    result = fuzz("data", "--count", "5", "--seed", "3", "--max-rss", "100000")
    assert result.returncode == 0, result.stdout + result.stderr
    peak = re.search(r"peak (\d+) MB$", result.stdout.strip())
    assert peak and 5 < int(peak.group(1)) < 100000


def test_a_run_above_the_cap_fails():
    result = fuzz("data", "--count", "5", "--seed", "3", "--max-rss", "1")
    assert result.returncode == 1
    assert "peak resident memory" in result.stdout and "above the cap of 1 MB" in result.stdout


def test_a_ui_run_above_the_cap_stops_at_the_event_it_reached():
    result = fuzz("ui", "--count", "150", "--seed", "3", "--game", "eight-off", "--max-rss", "1")
    assert result.returncode == 1
    assert re.search(r"FAIL ui: eight-off seed 3 event 99: peak resident memory \d+ MB", result.stdout)
    assert "ui: 100 tried" in result.stdout


def test_a_ui_run_at_one_window_size():
    result = fuzz("ui", "--count", "60", "--seed", "4", "--game", "easy-harp", "--size", "640x360")
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"ui: 60 tried .*0 failed, \d+ s, peak \d+ MB", result.stdout)
    bad = fuzz("ui", "--size", "big")
    assert bad.returncode == 2 and "--size 'big' is not WxH" in bad.stderr
