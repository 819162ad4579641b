"""Hint benchmark: how long a player waits from pressing Hint to seeing the
hint's move on the table, in the window app, over a fixed sample of
positions of both games.

    python tools/bench_hints.py                  # think 0 s and 3 s, every position
    python tools/bench_hints.py --think 0 5 --press button
    python tools/bench_hints.py --quick          # three positions a game, think 3 s only
    python tools/bench_hints.py --follow         # then play the hinted move and ask again
    python tools/bench_hints.py --fresh 555001 20 --think 0      # the starts of 20 Easy Harp deals
    python tools/bench_hints.py --fresh 555001 20 --solver-only --wasm   # no window: natively, then Pyodide

``--solver-only`` leaves the window out (no pygame: it runs under Pyodide,
where the page's pygame is not at hand): each position's hint search is
stepped as the window steps it while the player waits (one
``WAITING_SLICE_MS`` slice a frame, the collector held off), and the
figure is the frames until the answer at 60 a second, the CPU time and the
longest slice; ``--wasm`` runs that natively and then under Pyodide in Node.
The window's run also prints the longest frame between the press and the
answer (its work: from the frame's start to the end of its draw).

Each position gets a fresh app built as ``main.py`` builds it
(``build_app`` with ``--deal``, ``--size``, 60 frames a second, on in-memory
storage, never the player's), run frame by frame through main.py's frame guard with SDL's
dummy video driver: the real ``App.frame`` with its event handling, task
slicing and its ``clock.tick(60)``. The position is reached by playing the
first N actions of a known winning line (``tests/known_wins``,
``tests/won_games``) through the table (``TableScene.play``, the cards'
glides finished at once, as a new click does), or is a fresh deal (N = 0).
After the last of those actions the player *thinks*: ``--think`` seconds of
frames at 60 a second (the last glide plays meanwhile), then presses H (a
KEYDOWN event; ``--press button``: a click on the Hint button). A think
time of 0 presses in the very next frame. The time measured runs from the
start of the frame that handles the press to the end of the draw of the
frame that shows the hint's move (``HintMarked``), or, where the hint has no
move (a proven loss, no move that stands out), its sentence; CPU time
(``time.process_time``) over the same stretch, and the CPU the app used
while the player thought (what the game did in the background).

The positions are fixed (``LINES``, ``FRESH``, ``SHARES``); the machine's load average is
printed before and after, since other work on the machine slows a slice's
search (slices are measured in wall time).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.engine import Game, deal_position  # noqa: E402
from game.solver import HINT_SECONDS, CollectorHold, SolverTask, free_tables, prepare  # noqa: E402

FPS = 60
SUMMARY = "#summary"  # the --solver-only run's last line: its CPU median and p90 as JSON (what --wasm reads)
WAITING_SLICE_MS = 12.0  # game/play/hints.py: the search's slice of a frame while a player waits for a hint
FrameGuard = object  # the window's frame guard (game.ui.guard), imported with the window (``window``)


def window() -> None:
    """The window's modules, imported only for the window's run (``--solver-only``
    runs without pygame, under Pyodide too)."""
    global pygame, game_main, MemoryStorage, HintMarked, HintSaid, FrameGuard, build_app
    import pygame

    import game.start as game_main
    from game.persistence.storage import MemoryStorage
    from game.play.events import HintMarked, HintSaid
    from game.ui.guard import FrameGuard
    from game.ui.launch import build_app


def line_of(code: str, folder: str) -> list[str]:
    if not folder:
        return []
    return (ROOT / "tests" / folder / f"{code}.txt").read_text(encoding="utf-8").split()

THINKING = "say.hint_thinking"
# what the hint said, by catalogue key, in a word for the table
ANSWERS = {"say.hint": "proven", "say.hint_guess": "guess", "say.hint_no_guess": "no-guess",
           "say.hint_no_move": "no-move", "say.hint_unwinnable": "lost", "say.hint_lost_undo": "lost",
           "say.hint_won": "won"}

# Every deal with a winning line on file (``tests/known_wins``, ``tests/won_games``) gives the
# positions after 0 %, 25 % and 50 % of its line's actions; the Eight Off 2-cell deals are fresh
# deals (one the solver proved winnable, one from the plain numbers).
LINES: dict[str, list[tuple[str, str]]] = {
    "Easy Harp": [(code, "known_wins") for code in ("EH1-N-AAAAAAB", "EH1-N-AAAAAAC", "EH1-N-AAAAAAE",
                                                    "EH1-N-AAAAAAF", "EH1-N-AAAAAAG", "EH1-N-AAAAAAJ")]
    + [("EH1-N-AAAAAAD", "won_games"), ("EH1-N-AAAAAAH", "won_games")],
    "Eight Off": [(code, "known_wins") for code in ("EO1-C8-AAAAAAB", "EO1-C8-AAAAAAC", "EO1-C8-AAAAAAD",
                                                    "EO1-C8-AAAAAAE", "EO1-C4-AAAAAAR", "EO1-C4-AAAAABV")]
    + [("EO1-C8-AAAAAFA", "won_games")],
}
FRESH = {"Easy Harp": [], "Eight Off": ["EO1-C2-AAAAANE", "EO1-C2-AAAAAAK"]}
SHARES = (0.0, 0.25, 0.5)  # how far along its line each position is


def positions(game: str) -> list[tuple[str, int, str]]:
    """(deal code, actions of its line played first, the line's folder)."""
    out = []
    for code, folder in LINES[game]:
        line = line_of(code, folder)
        seen = set()
        for share in SHARES:
            played = round(len(line) * share)
            if played not in seen:
                seen.add(played)
                out.append((code, played, folder if played else ""))
    return out + [(code, 0, "") for code in FRESH.get(game, [])]


QUICK = 3  # --quick: the first positions of each game (one deal's 0 %, 25 %, 50 %)


@dataclass
class Hint:
    """One press of Hint and what came of it."""

    game: str
    label: str
    think: float
    answer: str = "none"
    wall: float = float("nan")
    frames: int = 0
    cpu: float = float("nan")
    think_cpu: float = 0.0
    slices: int = 0
    longest_frame: float = 0.0  # the longest frame's work between the press and the answer (s)
    follow: "Hint | None" = None
    notes: list[str] = field(default_factory=list)


class Bench:
    def __init__(self, size: str, press: str, limit_s: float) -> None:
        self.size, self.press, self.limit_s = size, press, limit_s
        window()

    def build(self, code: str):
        argv = ["--deal", code, "--size", self.size, "--fps", str(FPS)]
        app = build_app(argv, browser=False, storage=MemoryStorage())
        guard = FrameGuard(app, rebuild=None)
        game_main.settle_start_up()
        return app, guard

    def frames_for(self, guard: FrameGuard, seconds: float) -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            guard.frame()

    def post_press(self, app) -> None:
        if self.press == "key":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_h, mod=0, unicode="h", scancode=0))
        else:
            at = app.table.layout.buttons["hint"].center
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))

    def ask(self, app, guard: FrameGuard, hint: Hint, think: float) -> None:
        """Think, press Hint, run frames until its answer is drawn."""
        said: list[str] = []
        marked: list[str] = []
        app.play.on(HintSaid, lambda event: said.append(event.key))
        app.play.on(HintMarked, lambda event: marked.append(event.action))
        cpu0 = time.process_time()
        if think > 0:
            self.frames_for(guard, think)
        hint.think_cpu = time.process_time() - cpu0
        said.clear()
        marked.clear()
        drawn: list[float] = []
        frame_work: list[float] = []  # each frame's work: from its start to the end of its draw
        draw = app.draw

        def stamped_draw():
            rects = draw()
            drawn.append(time.perf_counter())
            return rects

        app.draw = stamped_draw  # when the frame's draw ended
        self.post_press(app)
        start, cpu_start = time.perf_counter(), time.process_time()
        frames = 0
        answer = None
        while answer is None and time.perf_counter() - start < self.limit_s:
            began, draws = time.perf_counter(), len(drawn)
            guard.frame()
            frames += 1
            frame_work.append((drawn[-1] if len(drawn) > draws else time.perf_counter()) - began)
            if guard.error is not None:
                hint.notes.append(f"frame failed: {guard.error}")
                break
            done = [key for key in said if key != THINKING]
            if marked or done:
                answer = ANSWERS.get(done[0], done[0]) if done else "marked"
        end, cpu_end = (drawn[-1] if drawn else time.perf_counter()), time.process_time()
        del app.draw
        hint.longest_frame = max(frame_work, default=0.0)
        if answer is not None:
            hint.answer, hint.wall, hint.frames, hint.cpu = answer, end - start, frames, cpu_end - cpu_start
        else:
            hint.notes.append(f"no answer within {self.limit_s:g} s")

    def run(self, game: str, code: str, played: int, folder: str, think: float, follow: bool) -> Hint:
        label = f"{code} +{played}" if played else f"{code} (deal)"
        hint = Hint(game, label, think)
        app, guard = self.build(code)
        line = line_of(code, folder)[:played]
        try:
            for i, action in enumerate(line):
                outcome = app.table.play(action)
                if not outcome.ok:
                    raise SystemExit(f"{code}: action {i + 1} {action!r} refused")
                if i < len(line) - 1:
                    app.settle()  # the glide ends at once (the next click would end it)
            guard.frame()  # the frame that handles the last action (a move or the deal)
            self.ask(app, guard, hint, think)
            shown = app.play.hints.shown
            if follow and shown is not None:
                hint.follow = Hint(game, label + " next hint", think)
                app.table.play(shown[1])
                self.ask(app, guard, hint.follow, think)
        finally:
            app.play.quit()
            del app, guard
            gc.unfreeze()
            gc.collect()
        return hint


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


def summary(name: str, hints: list[Hint]) -> str:
    walls = [h.wall for h in hints if h.wall == h.wall]
    cpus = [h.cpu for h in hints if h.cpu == h.cpu]
    if not walls:
        return f"  {name:<24} no answers"
    return (f"  {name:<24} n={len(walls):<3} median {statistics.median(walls):6.2f} s  p90 {p90(walls):6.2f} s  "
            f"max {max(walls):6.2f} s   cpu median {statistics.median(cpus):5.2f} s  p90 {p90(cpus):5.2f} s  "
            f"frames median {statistics.median([h.frames for h in hints if h.wall == h.wall]):.0f}  "
            f"cpu while thinking median {statistics.median([h.think_cpu for h in hints]):5.2f} s  "
            f"longest frame {1000 * max(h.longest_frame for h in hints):.1f} ms")


def load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def _letters(number: int) -> str:
    """A deal number's seven letters (the deal code's last part)."""
    out = ""
    for _ in range(7):
        number, digit = divmod(number, 26)
        out = chr(65 + digit) + out
    return out


def cpu_seconds() -> float:
    """The process's CPU time: Node's ``process.cpuUsage()`` under Pyodide, else Python's."""
    if sys.platform == "emscripten":
        import js

        used = js.process.cpuUsage()
        return float(used.user + used.system) / 1e6
    return time.process_time()


def replayed(code: str, played: int, folder: str):
    """The position after the first ``played`` actions of the deal's line."""
    game = Game(deal_position(code))
    for action in line_of(code, folder)[:played]:
        if not game.play(action).ok:
            raise SystemExit(f"{code}: {action!r} refused")
    return game.position


def solver_only(args) -> dict[str, float]:
    """Each position's hint search, stepped the way the window steps it while
    the player waits (one ``WAITING_SLICE_MS`` slice a frame, from the press,
    the hint's ``HINT_SECONDS``): the frames until its answer and the CPU
    time; at 60 frames a second the player sees the answer after that many
    frames (``frames / 60``, the slices fitting their frames); and the
    longest slice. The cyclic collector is held off meanwhile, as the
    window's task runner holds it (``CollectorHold``)."""
    budget = WAITING_SLICE_MS / 1000
    hold = CollectorHold()
    hold.keep(True)
    print(f"Hint search as the window steps it while a player waits: {WAITING_SLICE_MS:g} ms a frame at {FPS} "
          f"frames a second, {HINT_SECONDS:g} s of search at most; Python {sys.version.split()[0]} on {sys.platform}")
    print(f"  {'game':<10} {'position':<30} {'answer':<10} {'frames':>6} {'at 60/s':>8} {'cpu s':>6} {'slice ms':>9} "
          f"{'cpu ms':>8}")
    rows = []
    for game in LINES:
        chosen = positions(game)[:QUICK] if args.quick else positions(game)
        for code, played, folder in chosen:
            if args.only and args.only not in code:
                continue
            position = replayed(code, played, folder)
            prepare(position.game)  # as the window does when the game starts (game.play.search)
            task = SolverTask(position, seconds=HINT_SECONDS)
            frames, longest, longest_cpu, cpu = 0, 0.0, 0.0, cpu_seconds()
            while True:
                began, began_cpu = time.perf_counter(), cpu_seconds()
                done = task.step(budget)
                longest = max(longest, time.perf_counter() - began)
                longest_cpu = max(longest_cpu, cpu_seconds() - began_cpu)
                frames += 1
                if done:
                    break
            cpu = cpu_seconds() - cpu
            while free_tables(budget):  # the sweeper's frames, not the hint's
                pass
            label = f"{code} +{played}" if played else f"{code} (deal)"
            rows.append((game, frames / FPS, cpu, longest, longest_cpu))
            print(f"  {game:<10} {label:<30} {task.result.result:<10} {frames:6d} {frames / FPS:8.2f} {cpu:6.2f} "
                  f"{1000 * longest:9.1f} {1000 * longest_cpu:8.1f}", flush=True)
    hold.release()
    for game in list(LINES) + ["both games"]:
        mine = [r for r in rows if r[0] == game or game == "both games"]
        if mine:
            shown, cpus = [r[1] for r in mine], [r[2] for r in mine]
            print(f"  {game:<12} n={len(mine):<3} press to answer at 60 frames/s: median {statistics.median(shown):5.2f} s,"
                  f" p90 {p90(shown):5.2f} s; cpu median {statistics.median(cpus):5.2f} s, p90 {p90(cpus):5.2f} s;"
                  f" longest slice {1000 * max(r[3] for r in mine):.1f} ms wall, "
                  f"{1000 * max(r[4] for r in mine):.1f} ms CPU", flush=True)
    cpus = [r[2] for r in rows]
    summary = {"median": statistics.median(cpus), "p90": p90(cpus)} if cpus else {}
    print(f"{SUMMARY} {json.dumps(summary)}", flush=True)  # what --wasm reads of each run
    return summary


def wasm(argv: list[str], native: dict[str, float]) -> None:
    """``--solver-only`` again under Pyodide in Node (tools/pyodide/run_engine_tests.mjs --run),
    and the ratio of its CPU seconds to the native run's (median and p90 of the positions)."""
    import subprocess

    print()
    print("the same under Pyodide (WebAssembly) in Node:", flush=True)
    argv = [a for a in argv if a != "--wasm"] + ["--solver-only"]
    run = subprocess.run(["node", "tools/pyodide/run_engine_tests.mjs", "--run", "tools/bench_hints.py", *argv],
                         cwd=ROOT, capture_output=True, text=True)
    theirs: dict[str, float] = {}
    for line in run.stdout.splitlines():
        if line.startswith(SUMMARY):
            theirs = json.loads(line[len(SUMMARY):])
        else:
            print(line, flush=True)
    if theirs and native:
        print(f"  Pyodide / native, CPU seconds from the press to the answer: median "
              f"{theirs['median'] / max(native['median'], 1e-9):.2f}, p90 {theirs['p90'] / max(native['p90'], 1e-9):.2f}"
              f" (Pyodide median {theirs['median']:.3f} s, p90 {theirs['p90']:.3f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--think", type=float, nargs="+", default=[0.0, 3.0],
                        help="seconds the player thinks before pressing Hint (default: 0 and 3)")
    parser.add_argument("--press", choices=("key", "button"), default="key", help="H (default) or the Hint button")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--quick", action="store_true", help=f"the first {QUICK} positions of each game")
    parser.add_argument("--only", metavar="TEXT", help="only positions whose code contains TEXT")
    parser.add_argument("--follow", action="store_true", help="then play the hinted move, think, and ask again")
    parser.add_argument("--limit", type=float, default=30.0, help="give up waiting after this many seconds")
    parser.add_argument("--fresh", type=int, nargs=2, metavar=("FIRST", "COUNT"),
                        help="instead of the fixed positions: the starts of Easy Harp deals FIRST .. FIRST+COUNT-1")
    parser.add_argument("--solver-only", action="store_true",
                        help="no window: the hint's search stepped as the window steps it while a player waits")
    parser.add_argument("--wasm", action="store_true", help="--solver-only natively, then under Pyodide in Node")
    args = parser.parse_args()
    if args.fresh:
        first, count = args.fresh
        LINES.clear()
        LINES["Easy Harp"] = [(f"EH1-N-{_letters(n)}", "") for n in range(first, first + count)]
        FRESH.clear()
    if args.solver_only or args.wasm:
        native = solver_only(args)
        if args.wasm:
            wasm(sys.argv[1:], native)
        return
    bench = Bench(args.size, args.press, args.limit)
    print(f"Hint benchmark: the window app as main.py builds it ({args.size}, {FPS} frames a second, SDL dummy "
          f"video driver), frames through main.py's frame guard; press: {args.press}")
    print(f"load average before: {load()}  (CPUs: {os.cpu_count()})")
    everything: dict[float, list[Hint]] = {}
    for think in args.think:
        print()
        print(f"== the player thought for {think:g} s before pressing Hint (frames ran meanwhile) ==")
        print(f"  {'game':<10} {'position':<30} {'answer':<8} {'wall s':>7} {'frames':>6} {'cpu s':>6} "
              f"{'cpu thinking':>12} {'frame ms':>9}")
        hints: list[Hint] = []
        for game in LINES:
            chosen = positions(game)[:QUICK] if args.quick else positions(game)
            for code, played, folder in chosen:
                if args.only and args.only not in code:
                    continue
                hint = bench.run(game, code, played, folder, think, args.follow)
                hints.append(hint)
                for h in [hint] + ([hint.follow] if hint.follow else []):
                    print(f"  {h.game:<10} {h.label:<30} {h.answer:<8} {h.wall:7.2f} {h.frames:6d} {h.cpu:6.2f} "
                          f"{h.think_cpu:12.2f} {1000 * h.longest_frame:9.1f} {' '.join(h.notes)}", flush=True)
        everything[think] = hints
        print(f"  -- think {think:g} s --")
        for game in LINES:
            print(summary(game, [h for h in hints if h.game == game]))
        print(summary("both games", hints))
        follows = [h.follow for h in hints if h.follow is not None]
        if follows:
            print(summary("after following the hint", follows))
    print()
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
