"""The two frame costs the browser build worries about, measured where it runs.

    python3 tools/bench_wasm.py --wasm                                  # WebAssembly: fetches Pyodide first if missing
    node tools/pyodide/run_engine_tests.mjs --run tools/bench_wasm.py   # the same, once tools/pyodide/setup.sh ran
    python3 tools/bench_wasm.py                                         # natively, to compare
    ... --run tools/bench_wasm.py --deals 12 --seconds 3                # more deals, longer searches

1. The worst solver slice: the hint's search (``SolverTask``) stepped the way
   the game steps it, with the largest budget a frame ever gives it (8 ms,
   the idle slice of game/play/search.py), from the start of Easy Harp and
   Eight Off deals, until it finishes or its search time runs out, then the
   slices that free the last search's tables (``sweep``; each search frees
   the one before in its own slices). Every slice is timed; the worst one
   (and how far past its budget) is printed. Then the cancel a move makes
   in the middle of an Easy Harp search, timed alone.
2. The worst save after a move: a game played through, saved after every
   action exactly as the window saves it (``Persistence.save_game`` into
   ``BrowserStorage`` over the page adapter of game/host.py, with an
   in-memory localStorage), undo history growing all the way.

Beside each worst time it prints the CPU time the process spent in it (a
shared machine takes the processor away for whole scheduler ticks, 4 ms and
more, which the wall clock counts; under Node the CPU time is Node's
``process.cpuUsage()``), and how many collections the cyclic GC made inside
the timed pieces. It prints numbers and asserts nothing: compare runs on
one machine.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.engine import Game, deals  # noqa: E402
from game.persistence import Persistence  # noqa: E402
from game.persistence.storage import BrowserStorage, DictLocalStorage  # noqa: E402
from game.host import APP_NAME, PageStorage  # noqa: E402
from game.solver.search import SolverTask  # noqa: E402

try:
    from game.solver.search import sweep  # noqa: E402
except ImportError:  # an older solver, which frees a search's tables at once, not a slice at a time (to compare)

    def sweep(budget_seconds: float) -> bool:
        return False

SLICE_BUDGET_MS = 8.0  # IDLE_SLICE_MS in game/play/search.py: a still frame's slice (12 ms, WAITING_SLICE_MS, while a hint is awaited)
VARIANTS = (("easy-harp", "N"), ("eight-off", "C8"), ("eight-off", "C4"))
HARD = ("EH1-N-AABZFJZ", "EH1-N-AABZFMT")  # deals 900015 and 900087: no answer within a second or more


def ms(seconds: float) -> float:
    return seconds * 1000


def _cpu_clock():
    """Seconds of CPU time this process has used (Node's, under Pyodide)."""
    if sys.platform == "emscripten":
        import js

        def node_cpu() -> float:
            used = js.process.cpuUsage()
            return (used.user + used.system) / 1e6

        return node_cpu
    return time.process_time


cpu_clock = _cpu_clock()
collections = [0, 0.0, 0.0]  # collections of the cyclic GC so far, the start of the one running, the longest (ms)


def _collection(phase: str, info: dict) -> None:
    if phase == "start":
        collections[1] = time.perf_counter()
    else:
        collections[0] += 1
        collections[2] = max(collections[2], ms(time.perf_counter() - collections[1]))


gc.callbacks.append(_collection)


class Timed:
    """Wall time, CPU time and GC collections of each timed piece (ms)."""

    def __init__(self) -> None:
        self.rows: list[tuple[float, float, str]] = []
        self.collections = 0
        self.longest_collection = 0.0

    def time(self, what: str, work):
        collections[2] = 0.0
        collected, cpu, start = collections[0], cpu_clock(), time.perf_counter()
        result = work()
        wall = ms(time.perf_counter() - start)
        self.rows.append((wall, ms(cpu_clock() - cpu), what))
        if collections[0] > collected:
            self.collections += collections[0] - collected
            self.longest_collection = max(self.longest_collection, collections[2])
        return result

    def summary(self, budget: float = 0.0) -> str:
        if not self.rows:
            return "nothing timed"
        walls = sorted(r[0] for r in self.rows)
        wall, cpu, what = max(self.rows)
        # the work itself: the smaller of wall and CPU time (the wall clock counts the
        # ticks another process had; Node's CPU time counts its own helper threads too)
        works = sorted((min(r[0], r[1]), r[2]) for r in self.rows)
        over = f" ({wall - budget:+.1f} ms over budget)" if budget else ""
        return (f"worst {wall:.1f} ms{over}, CPU {cpu:.1f} ms ({what});"
                f" p99 {walls[int(len(walls) * 0.99)]:.1f} ms, median {statistics.median(walls):.2f} ms;"
                f" {self.collections} GC collections inside"
                + (f" (longest {self.longest_collection:.1f} ms)" if self.collections else "") + "\n"
                f"  smaller of wall and CPU: worst {works[-1][0]:.1f} ms ({works[-1][1]}),"
                f" p99 {works[int(len(works) * 0.99)][0]:.1f} ms")


def solver_slices(codes: list[str], seconds: float) -> Timed:
    """Every slice over all ``codes``, then the slices that sweep the last tables."""
    timed = Timed()
    budget = SLICE_BUDGET_MS / 1000
    for code in codes:
        task = SolverTask(Game.from_deal(code).position.copy(), seconds=seconds)
        first = True
        while not timed.time(code + (" first slice" if first else ""), lambda: task.step(budget)):
            first = False
    while timed.time("sweeping the last search's tables", lambda: sweep(budget)):
        pass
    return timed


def cancels(codes: list[str], seconds: float) -> Timed:
    """Each search stepped for ``seconds``, then cancelled (timed alone: what
    the frame of the move that cancels it pays); a search that ends sooner
    is not counted."""
    timed = Timed()
    for code in codes:
        task = SolverTask(Game.from_deal(code).position.copy(), seconds=600)
        end = time.perf_counter() + seconds
        while not task.done and time.perf_counter() < end:
            task.step(SLICE_BUDGET_MS / 1000)
        if not task.done:
            timed.time(f"{code} after {task.nodes} states", task.cancel)
        while sweep(1.0):
            pass
    return timed


def saves_after_moves(code: str, moves: int, timed: Timed) -> None:
    """Each save after an action, over a game of up to ``moves`` actions
    (legal moves, first listed, plus an undo now and then)."""
    persistence = Persistence(BrowserStorage(PageStorage(DictLocalStorage()), prefix=APP_NAME + "/"))
    persistence.load_all()
    game = Game.from_deal(code)
    persistence.new_game(game)
    for i in range(moves):
        actions = game.legal_actions()
        if not actions or game.position.won:
            break
        action = actions[(i * 7) % len(actions)]  # varied, repeatable
        outcome = game.play(action if i % 11 else "undo") if i else game.play(action)
        if not outcome.ok:
            continue
        assert timed.time(f"{code} action {i}", lambda: persistence.save_game(game, float(i)))


def under_wasm(argv: list[str]) -> int:
    """Run this benchmark under Pyodide in Node (tools/pyodide/run_engine_tests.mjs), after
    fetching the pinned Pyodide and wheels (tools/pyodide/setup.sh) when a fresh clone lacks them."""
    import shutil
    import subprocess

    tool = Path(__file__).resolve().parent / "pyodide"
    if not (tool / "node_modules" / "pyodide").is_dir() or not list(tool.glob("wheels/*.whl")):
        if shutil.which("npm") is None or shutil.which("node") is None:
            print("bench_wasm: the WebAssembly run needs node and npm (then tools/pyodide/setup.sh)", file=sys.stderr)
            return 1
        print("bench_wasm: fetching the pinned Pyodide (tools/pyodide/setup.sh)", file=sys.stderr)
        if subprocess.run(["bash", str(tool / "setup.sh")]).returncode != 0:
            return 1
    root = tool.parents[1]  # the checkout, as run_engine_tests.mjs mounts it: paths relative to it
    return subprocess.run(["node", "tools/pyodide/run_engine_tests.mjs", "--run", "tools/bench_wasm.py", *argv],
                          cwd=root).returncode


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if "--wasm" in argv:
        sys.exit(under_wasm([a for a in argv if a != "--wasm"]))
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=4, help="deals per variant for the solver (default 4)")
    p.add_argument("--seconds", type=float, default=2.0, help="search time per deal (default 2; the hint's is 3)")
    p.add_argument("--moves", type=int, default=400, help="actions played and saved per game (default 400)")
    args = p.parse_args(argv)

    print(f"Python {sys.version.split()[0]} on {sys.platform}")
    codes = [deals.format_code(game, variant, number) for game, variant in VARIANTS
             for number in range(1, args.deals + 1)]
    slices = solver_slices(codes, args.seconds)
    print(f"solver: {len(codes)} deals, {len(slices.rows)} slices of {SLICE_BUDGET_MS:g} ms budget")
    print("  " + slices.summary(SLICE_BUDGET_MS))
    print(f"cancel by a move, {args.seconds:g} s into a search ({len(HARD)} hard Easy Harp deals):")
    print("  " + cancels(list(HARD), args.seconds).summary())

    saves = Timed()
    for game, variant in VARIANTS:
        saves_after_moves(deals.format_code(game, variant, 1), args.moves, saves)
    print(f"save after a move: {len(saves.rows)} saves")
    print("  " + saves.summary())


if __name__ == "__main__":
    main()
