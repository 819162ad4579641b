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
pygame.display.update anyway, which the dummy driver only imitates).

    python3 tools/bench_cascade.py --idle [--seconds 30] [--shots DIR]

The same win in a real window (``python3 main.py`` on a near-won Eight
Off, a temporary data folder, its own Xvfb screen, the winning key sent
by xdotool, as ``tools/bench_idle.py`` runs a window): the CPU the window
uses over ``--seconds`` once the cascade is over and the panel shows,
beside the same window left alone without winning, at 1280x720 and
2560x1440; ``--shots`` keeps screen grabs of the real window during the
cascade and after it (ImageMagick's ``import``).
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
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench_idle, for --idle

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


def idle(sizes: list[tuple[int, int]], seconds: float, shots: Path | None) -> int:
    """CPU of a real window after the cascade, beside one that never won."""
    import json
    import shutil
    import subprocess
    import tempfile

    import bench_idle

    if not (shutil.which("Xvfb") and shutil.which("xdotool")):
        print("bench_cascade --idle: needs Xvfb and xdotool (apt-get install -y xvfb xdotool)", file=sys.stderr)
        return 2

    class Run(bench_idle.Run):
        """bench_idle's window, started on a position file."""

        deal_option = "--position"

        def grab(self, name: str) -> None:
            if shots is not None and shutil.which("import"):
                subprocess.run(["import", "-window", "root", str(shots / f"{self.size}_{name}.png")], env=self.env,
                               capture_output=True, timeout=30)

    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="bench-cascade-") as tmp:
        position = Path(tmp) / "near-won.json"
        position.write_text(json.dumps(near_won_eight_off(8)))
        runs, display = [], bench_idle.free_display()
        for size in sizes:
            for state in ("won", "not won"):
                data = Path(tmp) / f"{state.replace(' ', '-')}-{size[0]}x{size[1]}"
                data.mkdir()
                run = Run(state, f"{size[0]}x{size[1]}", str(position), data, display)
                runs.append(run)
                display = bench_idle.free_display(display + 1)
        try:
            for run in runs:
                run.open()
            for run in runs:
                if run.find_window():
                    time.sleep(1.0)
            for run in runs:
                if run.state == "won" and not run.error:
                    run.press(["f"])  # the king to its foundation: won (the press takes 0.7 s)
                    run.grab("cascade_early")
                    time.sleep(0.8)
                    run.grab("cascade_later")
            time.sleep(6.0)  # every cascade over (4.2 s at most), the win's sound done, the mixer closed
            for run in runs:
                if run.state == "won":
                    run.grab("panel")
                if not run.error:
                    run.begin()
            time.sleep(seconds)
            for run in runs:
                if not run.error:
                    run.end(seconds)
        finally:
            for run in runs:
                run.close()
    print(f"idle CPU over {seconds:g} s, from about 6 s after the winning key; load {load()}")
    print(f"{'state':<8} {'size':<10} {'moves':>5} {'CPU s':>7} {'% of a core':>12}")
    for run in runs:
        if run.error:
            print(f"{run.state:<8} {run.size:<10} {run.moves():>5} {'-':>7} {'-':>12}  {run.error}")
        else:
            print(f"{run.state:<8} {run.size:<10} {run.moves():>5} {run.cpu:7.2f} {run.percent:11.2f}%")
    return 1 if any(run.error for run in runs) else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", type=size_arg, default=None)
    parser.add_argument("--present", action="store_true", help="also time pygame.display.update")
    parser.add_argument("--idle", action="store_true", help="a real window's CPU after the cascade (Xvfb)")
    parser.add_argument("--seconds", type=float, default=30.0, help="--idle: the stretch measured")
    parser.add_argument("--shots", type=Path, default=None, help="--idle: keep grabs of the real window here")
    args = parser.parse_args()
    if args.idle:
        sys.exit(idle(args.sizes or [(1280, 720), (2560, 1440)], args.seconds, args.shots))
    args.sizes = args.sizes or [(1280, 720), (2560, 1440), (390, 844)]
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
