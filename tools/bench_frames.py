"""Frame benchmark for the game window: milliseconds per frame (median and
95th percentile) while dragging a card across the table and while idle, for
both games at 1280x720, through the same ``App.frame`` the loop calls.

    python tools/bench_frames.py [--frames 400] [--size 1280x720]

Runs without a window (SDL's dummy video driver), so a frame here is our
work (events, animation, redrawing the dirty parts of the canvas) without
the final present to the screen, which the dummy driver only imitates (add
``--present`` to include it anyway). Idle frames should redraw nothing: the
last column counts idle frames that redrew anything.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.engine import Game, Pile  # noqa: E402
from game.play.application import Application  # noqa: E402
from game.ui.app import App  # noqa: E402

DEALS = {"Easy Harp": "EH1-N-AAAAAAF", "Eight Off": "EO1-C8-AAAAAFA"}


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def timed_frames(app: App, frames: int, before_each=None) -> tuple[list[float], int]:
    times, redraws = [], 0
    for i in range(frames):
        if before_each:
            before_each(i)
        start = time.perf_counter()
        rects = app.frame()
        times.append((time.perf_counter() - start) * 1000)
        redraws += bool(rects)
    return times, redraws


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=400)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--present", action="store_true", help="also time pygame.display.update")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    print(f"{'game':<10} {'state':<9} {'median ms':>10} {'p95 ms':>8}  idle frames that redrew")
    for name, code in DEALS.items():
        r = bench(name, code, size, args.frames, args.present)
        print(f"{name:<10} {'dragging':<9} {statistics.median(r['drag']):>10.3f} {p95(r['drag']):>8.3f}")
        print(f"{name:<10} {'idle':<9} {statistics.median(r['idle']):>10.3f} {p95(r['idle']):>8.3f}  {r['idle_redraws']} of {args.frames}")


if __name__ == "__main__":
    main()
