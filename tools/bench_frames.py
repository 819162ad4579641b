"""Frame benchmark for the game window: milliseconds per frame (median,
95th percentile, the longest, and how many frames went over a 60 fps
frame's 16.7 ms) while dragging a card across the table and while idle, for
both games at 1280x720, through the same ``App.frame`` the loop calls.
The idle frames are the first ones after the deal (nobody asked for a
hint: nothing is searched). Then a played game with hints (``--moves``):
the player asks for a hint, waits for it, plays the hinted move and
watches it glide, again and again, with Python's collector as the game
runs it (start-up frozen, ``main.settle_start_up``); for these frames it
prints the median, p99 and longest frame and each collection the cyclic
collector made in them (how many, the longest, and how many frames over
16.7 ms had one).

    python tools/bench_frames.py [--frames 400] [--size 1280x720] [--moves 40]

Runs without a window (SDL's dummy video driver), so a frame here is our
work (events, animation, redrawing the dirty parts of the canvas) without
the final present to the screen, which the dummy driver only imitates (add
``--present`` to include it anyway). Idle frames should redraw nothing: the
last column counts idle frames that redrew anything.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import statistics
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.engine import Game, Pile  # noqa: E402
from game.play.application import Application  # noqa: E402
from game.ui.app import App  # noqa: E402

DEALS = {"Easy Harp": "EH1-N-AAAAAAF", "Eight Off": "EO1-C8-AAAAAFA"}


FRAME_MS = 1000 / 60  # a 60 fps frame


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


CPU: dict[int, list[float]] = {}  # id of a list of frame times: the same frames' CPU times


def timed_frames(app: App, frames: int, before_each=None) -> tuple[list[float], int]:
    times, cpu, redraws = [], [], 0
    for i in range(frames):
        if before_each:
            before_each(i)
        start, cpu_start = time.perf_counter(), time.process_time()
        rects = app.frame()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - cpu_start) * 1000)
        redraws += bool(rects)
    CPU[id(times)] = cpu
    return times, redraws


class Collections:
    """Each collection of the cyclic collector: its generation and its time."""

    def __init__(self) -> None:
        self.made: list[tuple[int, float]] = []
        self.started = 0.0
        gc.callbacks.append(self.heard)

    def heard(self, phase: str, info: dict) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            self.made.append((info["generation"], (time.perf_counter() - self.started) * 1000))

    def close(self) -> None:
        gc.callbacks.remove(self.heard)


def played_game(code: str, size: tuple[int, int], moves: int) -> dict:
    """A game played with a hint before each move, frame by frame, as the
    player sees it: every frame's time and the collections inside it."""
    from game.play import HintMarked

    app = App(Application(), size, headless=True, fps=0)
    app.start_game(Game.from_deal(code), animate=False)
    for _ in range(5):
        app.frame()
    gc.collect()
    gc.freeze()  # as main.settle_start_up does
    marked: list[str] = []
    app.play.on(HintMarked, lambda event: marked.append(event.action))
    collections = Collections()
    times: list[float] = []
    cpu: list[float] = []
    with_collection: list[bool] = []

    def frame() -> None:
        seen = len(collections.made)
        start, cpu_start = time.perf_counter(), time.thread_time()
        app.frame()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - cpu_start) * 1000)
        with_collection.append(len(collections.made) > seen)

    played = 0
    try:
        while played < moves and not app.session.won:
            marked.clear()
            app.play.hints.request()
            for _ in range(2000):  # the hint's search, at most HINT_SECONDS of it
                if marked:
                    break
                frame()
            if not marked or not app.table.play(marked[-1]).ok:
                break
            played += 1
            while app.table.busy or app.play.busy:
                frame()
            for _ in range(10):  # the player looks at the table
                frame()
    finally:
        collections.close()
        gc.unfreeze()
    return {"times": times, "cpu": cpu, "collections": collections.made, "with": with_collection, "moves": played}


def bench(name: str, code: str, size: tuple[int, int], frames: int, present: bool = False) -> dict:
    app = App(Application(), size, headless=not present, fps=0)
    app.start_game(Game.from_deal(code), animate=False)
    for _ in range(5):
        app.frame()
    idle, idle_redraws = timed_frames(app, frames)

    table = app.table
    pos = app.session.game.position
    longest = max(range(len(pos.columns)), key=lambda i: len(pos.columns[i]))
    pile = Pile("c", longest)
    x, y = table.card_places(pile, len(pos.columns[longest]))[-1]
    start = (round(x) + table.layout.card_w // 2, round(y) + 20)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.frame()

    def move(i: int) -> None:
        px = app.width / 2 + math.sin(i / 25) * app.width * 0.42
        py = app.height / 2 + math.cos(i / 17) * app.height * 0.3
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(px), round(py)), rel=(0, 0), buttons=(1, 0, 0)))

    drag, _ = timed_frames(app, frames, move)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))
    app.frame()
    return {"game": name, "drag": drag, "idle": idle, "idle_redraws": idle_redraws}


def report_played(name: str, r: dict) -> None:
    made = r["collections"]
    longest = max((ms for _, ms in made), default=0.0)
    full = sum(1 for generation, _ in made if generation == 2)
    print(f"{name:<10} {r['moves']} hinted moves, {len(r['times'])} frames; {len(made)} collections ({full} full), "
          f"the longest {longest:.3f} ms wall")
    for label in ("times", "cpu"):
        times = r[label]
        ordered = sorted(times)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        over = sum(1 for t in times if t > FRAME_MS)
        over_gc = sum(1 for t, had in zip(times, r["with"]) if t > FRAME_MS and had)
        print(f"{'':<10} {'wall' if label == 'times' else 'CPU':<5} median {statistics.median(times):.3f} ms, "
              f"p99 {p99:.3f} ms, max {max(times):.3f} ms, {over} frames over 16.7 ms ({over_gc} with a collection)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="hinted moves of the played game (0: none)")
    parser.add_argument("--frames", type=int, default=400)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--present", action="store_true", help="also time pygame.display.update")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    print(f"load average: {load()}")
    print(f"{'game':<10} {'state':<9} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'> 16.7 ms':>9} "
          f"{'cpu p95':>8} {'cpu max':>8} {'cpu > 16.7':>10}  idle frames that redrew")
    for name, code in DEALS.items():
        r = bench(name, code, size, args.frames, args.present)
        for state in ("drag", "idle"):
            times = r[state]
            cpu = CPU[id(times)]
            over, cpu_over = sum(t > FRAME_MS for t in times), sum(t > FRAME_MS for t in cpu)
            redrew = f"  {r['idle_redraws']} of {args.frames}" if state == "idle" else ""
            print(f"{name:<10} {'dragging' if state == 'drag' else 'idle':<9} {statistics.median(times):>10.3f} "
                  f"{p95(times):>8.3f} {max(times):>8.3f} {over:>9} {p95(cpu):>8.3f} {max(cpu):>8.3f} {cpu_over:>10}"
                  f"{redrew}")
    if args.moves:
        print("a played game with hints (hint, wait, play it, watch it glide):")
        for name, code in DEALS.items():
            report_played(name, played_game(code, size, args.moves))
    print(f"load average: {load()}")


if __name__ == "__main__":
    main()
