"""The two frame costs the browser build worries about, measured where it runs.

    node tools/pyodide/run_engine_tests.mjs --run tools/bench_wasm.py   # WebAssembly (Pyodide's CPython 3.12)
    python3 tools/bench_wasm.py                                         # natively, to compare
    ... --run tools/bench_wasm.py --deals 12 --seconds 3                # more deals, longer searches

1. The worst solver slice: the hint's search (``SolverTask``) stepped the way
   the game steps it, with the largest budget a frame ever gives it (8 ms,
   the idle slice of game/ui/hints.py), from the start of Easy Harp and
   Eight Off deals, until it finishes or its search time runs out. Every
   step is timed; the worst one (and how far past its budget) is printed.
2. The worst save after a move: a game played through, saved after every
   action exactly as the window saves it (``Persistence.save_game`` into
   ``BrowserStorage`` over the page adapter of game/platform.py, with an
   in-memory localStorage), undo history growing all the way.

It prints numbers and asserts nothing: compare runs on one machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine import Game, deals  # noqa: E402
from game.persistence import Persistence  # noqa: E402
from game.persistence.storage import BrowserStorage, DictLocalStorage  # noqa: E402
from game.platform import APP_NAME, PageStorage  # noqa: E402
from game.solver.search import SolverTask  # noqa: E402

SLICE_BUDGET_MS = 8.0  # IDLE_SLICE_MS in game/ui/hints.py: the most a frame hands the search
VARIANTS = (("easy-harp", "N"), ("eight-off", "C8"), ("eight-off", "C4"))


def ms(seconds: float) -> float:
    return seconds * 1000


def solver_slices(codes: list[str], seconds: float) -> tuple[list[float], str]:
    """Every slice's duration (ms) over all ``codes``, and the deal of the worst."""
    slices: list[float] = []
    worst, worst_code = -1.0, ""
    for code in codes:
        task = SolverTask(Game.from_deal(code).position.copy(), seconds=seconds)
        first = True
        while True:
            start = time.perf_counter()
            done = task.step(SLICE_BUDGET_MS / 1000)
            took = ms(time.perf_counter() - start)
            slices.append(took)
            if took > worst:
                worst, worst_code = took, code + (" (first slice)" if first else "")
            first = False
            if done:
                break
    return slices, worst_code


def saves_after_moves(code: str, moves: int) -> list[float]:
    """The time (ms) of each save after an action, over a game of up to
    ``moves`` actions (legal moves, first listed, plus an undo now and then)."""
    persistence = Persistence(BrowserStorage(PageStorage(DictLocalStorage()), prefix=APP_NAME + "/"))
    persistence.load_all()
    game = Game.from_deal(code)
    persistence.new_game(game)
    times: list[float] = []
    for i in range(moves):
        actions = game.legal_actions()
        if not actions or game.position.won:
            break
        action = actions[(i * 7) % len(actions)]  # varied, repeatable
        outcome = game.play(action if i % 11 else "undo") if i else game.play(action)
        if not outcome.ok:
            continue
        start = time.perf_counter()
        assert persistence.save_game(game, float(i))
        times.append(ms(time.perf_counter() - start))
    return times


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=4, help="deals per variant for the solver (default 4)")
    p.add_argument("--seconds", type=float, default=2.0, help="search time per deal (default 2; the hint's is 3)")
    p.add_argument("--moves", type=int, default=400, help="actions played and saved per game (default 400)")
    args = p.parse_args(argv)

    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    codes = [deals.format_code(game, variant, number) for game, variant in VARIANTS
             for number in range(1, args.deals + 1)]
    slices, worst_code = solver_slices(codes, args.seconds)
    ordered = sorted(slices)
    print(f"solver: {len(codes)} deals, {len(slices)} slices of {SLICE_BUDGET_MS:g} ms budget")
    print(f"  worst slice {ordered[-1]:.1f} ms ({ordered[-1] - SLICE_BUDGET_MS:+.1f} ms over budget; {worst_code}),"
          f" p99 {ordered[int(len(ordered) * 0.99)]:.1f} ms, median {statistics.median(ordered):.1f} ms")

    saves = []
    for game, variant in VARIANTS:
        saves += saves_after_moves(deals.format_code(game, variant, 1), args.moves)
    saves.sort()
    print(f"save after a move: {len(saves)} saves, worst {saves[-1]:.2f} ms,"
          f" p99 {saves[int(len(saves) * 0.99)]:.2f} ms, median {statistics.median(saves):.2f} ms")


if __name__ == "__main__":
    main()
