"""What a window of a given size costs in memory: resident MB with the
table alone, with two dialogs open (the statistics and its confirmation),
and the peak once those are laid out again for a resize, for each size.

    python tools/bench_window_memory.py [--size 1920x1080 --size 3840x2160 --size 10000x10000]

Each size runs in a process of its own (a peak is per process), headless
(SDL's dummy video driver), on the opening deal of Eight Off. The memory
is the pixels a window of that size needs: the canvas and the felt
(4 bytes a pixel each), the card faces drawn for its card size, the dimming
under the dialogs and each dialog's own panel (both up to the window's
size); ``game.ui.drawing.budget`` bounds what is kept besides.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, os, resource, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
sys.path.insert(0, sys.argv[1])
from game import host
from game.persistence.storage import MemoryStorage
from game.ui.dialogs.confirm import ConfirmDialog
from game.ui.launch import build_app

def resident():  # now, in MB (Linux); the peak where /proc is missing
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return peak()

def peak():
    value = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return value / 2**20 if sys.platform == "darwin" else value / 1024

w, h = (int(v) for v in sys.argv[2].split("x"))
app = build_app(["--size", "1280x720", "--deal", "EO1-C8-AAAAAFA"], storage=MemoryStorage(), headless=True)
app.frame()
app.resize(w, h)  # --size stops at 7680 a side; a window dragged larger does not
app.frame()
host.release_freed_memory()
table = resident()
app.open_stats()
app.push(ConfirmDialog(app, lambda: None))
app.frame()
host.release_freed_memory()
dialogs = resident()
app.resize(w - 1, h - 1)
app.frame()
print(json.dumps({"table": table, "dialogs": dialogs, "peak": peak()}))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", action="append", metavar="WxH", help="repeatable (default: 1920x1080, 3840x2160, 10000x10000)")
    args = parser.parse_args(argv)
    print(f"{'window':>12}  {'table':>9}  {'2 dialogs':>9}  {'peak':>9}  (resident MB)")
    for size in args.size or ["1920x1080", "3840x2160", "10000x10000"]:
        run = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), size], capture_output=True, text=True)
        if run.returncode != 0:
            print(f"{size:>12}  failed: {(run.stderr.strip().splitlines() or ['?'])[-1]}")
            continue
        got = json.loads(run.stdout.strip().splitlines()[-1])
        print(f"{size:>12}  {got['table']:>9.0f}  {got['dialogs']:>9.0f}  {got['peak']:>9.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
