"""Frame benchmark of the win's cascade: milliseconds per frame (median,
p99, the longest, and how many went over a 60 fps frame's 16.7 ms), wall
and CPU, from the winning move to the win panel, for both games at
1280x720, 2560x1440 and an upright phone (390x844), through the same
``App.frame`` the loop calls, on a clock that moves 16.7 ms a frame (so
every frame has a 60 fps frame's work). The frames are split into the
cascade's (its picture made, a band a frame, and its start included),
the one that ends it (the table's own cards back, the dimming and the
panel drawn), and 60 frames after it, which must draw nothing but the
status line's fade of the "You won" it said (``after: redrew``: frames
that drew anything else; ``fade``: frames that drew the status line) and
leave nothing to do (``still``: the window would rest).

    python3 tools/bench_cascade.py [--sizes 1280x720 2560x1440 390x844] [--present]

Runs without a window (SDL's dummy video driver): a frame here is our
work without the final present to the screen (``--present`` includes
pygame.display.update anyway, which the dummy driver only imitates). The
real window's idle CPU after a cascade: ``tools/bench_idle.py --states win``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine import Game, Position  # noqa: E402
from game.persistence.settings import Settings  # noqa: E402
from game.play.application import Application  # noqa: E402
from game.ui.app import App  # noqa: E402
from tests.ui.positions import near_won_easy_harp, near_won_eight_off  # noqa: E402

FRAME_MS = 1000 / 60
WINS = {"Easy Harp": (near_won_easy_harp, "c1>f"), "Eight Off": (lambda: near_won_eight_off(8), "tap c1")}


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> int:
        return int(self.t)


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def run(name: str, size: tuple[int, int], present: bool) -> dict:
    """One win at ``size``: every frame's wall and CPU ms, by phase."""
    clock = Clock()
    # never resting (a real window would sleep between the frames after it: see bench_idle)
    app = App(Application(Settings(), now=clock), size, headless=not present, fps=0, rests=False)
    position, move = WINS[name]
    app.start_game(Game(Position.from_dict(position())), animate=False)
    for _ in range(3):
        app.frame()
    times: dict[str, list[tuple[float, float]]] = {"cascade": [], "end": [], "after": []}
    redrew_after = faded = 0
    assert app.table.play(move).ok
    phase = "cascade"
    stamps = launched = 0
    for _ in range(2000):
        was = app.table.celebrating
        cascade = app.table.cascade
        clock.t += FRAME_MS
        start, cpu = time.perf_counter(), time.process_time()
        rects = app.frame()
        wall_ms, cpu_ms = (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000
        if cascade is not None:
            stamps, launched = cascade.stamps, cascade.launched
        if phase == "cascade" and was and not app.table.celebrating:
            phase = "end"
        elif phase == "end":
            phase = "after"
        times[phase].append((wall_ms, cpu_ms))
        if phase == "after":
            status = app.table.status.rect if app.table.status is not None else None
            other = [r for r in rects if status is None or not status.contains(r)]
            redrew_after += bool(other)
            faded += len(other) < len(rects)
            if len(times["after"]) >= 60:
                break
    still = app.still() and app.table.cascade is None and not app.table.celebrating
    return {"times": times, "redrew_after": redrew_after, "faded": faded, "still": still, "stamps": stamps,
            "launched": launched}


def figures(values: list[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    over = sum(v > FRAME_MS for v in values)
    return f"{statistics.median(values):>7.2f} {p99:>7.2f} {max(values):>7.2f} {over:>5}"


def size_arg(text: str) -> tuple[int, int]:
    w, h = (int(v) for v in text.lower().split("x"))
    return w, h


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=size_arg, default=[(1280, 720), (2560, 1440), (390, 844)])
    parser.add_argument("--present", action="store_true", help="also time pygame.display.update")
    args = parser.parse_args()
    print(f"load average: {load()}")
    print(f"{'game':<10} {'size':<10} {'phase':<8} {'frames':>6}   {'wall: median  p99     max  >16.7':<34}"
          f"{'CPU: median  p99     max  >16.7':<34} cards stamps")
    for size in args.sizes:
        for name in WINS:
            r = run(name, size, args.present)
            for phase in ("cascade", "end", "after"):
                rows = r["times"][phase]
                if not rows:
                    continue
                wall, cpu = [w for w, _ in rows], [c for _, c in rows]
                extra = f"  {r['launched']:>5} {r['stamps']:>6}" if phase == "cascade" else ""
                if phase == "after":
                    extra = (f"  redrew {r['redrew_after']} of {len(rows)} (fade {r['faded']}), "
                             f"still: {'yes' if r['still'] else 'NO'}")
                print(f"{name:<10} {size[0]}x{size[1]:<5} {phase:<8} {len(rows):>6}   {figures(wall):<34}"
                      f"{figures(cpu):<34}{extra}")
    print(f"load average: {load()}")


if __name__ == "__main__":
    main()
