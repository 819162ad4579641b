"""A player who follows the hints: press Hint, play what it marks, again and
again, from the deal to the win.

    python3 tools/bench_follow.py EH 555001 50            # Easy Harp deals 555001-555050, as the window runs them
    python3 tools/bench_follow.py C8 271828 50            # Eight Off, 8 cells
    python3 tools/bench_follow.py C4 1 20 --winnable      # the first 20 deals of the shipped C4 winnable list
    python3 tools/bench_follow.py EH 555001 50 --via cli  # python -m game hint --deal CODE ACTION..., each press
    python3 tools/bench_follow.py EH 555001 5 --wasm      # the same natively, then under Pyodide in Node
    (tools/bench_hints.py --follow SET FIRST COUNT [...] runs this too)

``--via app`` (the default) drives the application layer the window runs
(``game.play.Application``: its search service, plan and hints), frame by
frame as the window drives it while a player waits (``Application.tick``
with the table still, at 60 frames a second), without a window: a press is
``HintService.request``, the answer is the ``HintMarked`` event, and the
marked move is played through the application. ``--via cli`` asks the
command line's hint (``game.solver.cli.path_hint``, what ``python -m game
hint --deal CODE ACTION...`` prints) with the actions played so far, in this
process. An Easy Harp hint that names draws and the move they lead to is
followed as a player reads it: the draws, then that move, for one press.

Each deal ends ``won``; ``looped`` when a position comes back (the same
piles exactly, however it was reached); ``stuck`` when the hint marks no
move (a proven loss, or no sure win found and no move that stands out) or
the marked move is refused; ``capped`` after ``--cap`` actions. Per set it
prints how many deals the first hint proved winnable and how each ended,
the actions to the win and the presses (median, p90), how many hints were
guesses (no win proven in time), and the latency of a press: frames until
the answer (at 60 a second) and CPU seconds, median, p90 and the longest.
Nothing is written anywhere: the application keeps nothing (no records).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.engine import Action, DealCode, Game, deal_position  # noqa: E402
from game.persistence.settings import Settings  # noqa: E402
from game.play.application import Application  # noqa: E402
from game.play.events import HintMarked, HintSaid  # noqa: E402
from game.play.session import replay_of  # noqa: E402
from game.solver import winnable_numbers  # noqa: E402
from game.solver.cli import path_hint  # noqa: E402

FPS = 60
SETS = {"EH": ("easy-harp", "N"), "C8": ("eight-off", "C8"), "C4": ("eight-off", "C4"), "C2": ("eight-off", "C2")}
GUESS = "say.hint_guess"


def cpu_seconds() -> float:
    """The process's CPU time: Node's ``process.cpuUsage()`` under Pyodide, else Python's."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        used = js.process.cpuUsage()
        return float(used.user + used.system) / 1e6
    return time.process_time()


@dataclass
class Run:
    """One deal followed by hints."""

    code: str
    end: str = "capped"
    actions: int = 0
    presses: int = 0
    proven: bool = False  # the first hint came from a proven line
    guesses: int = 0
    frames: list[int] = field(default_factory=list)  # per press: frames until the answer
    cpu: list[float] = field(default_factory=list)  # per press: CPU seconds until the answer
    note: str = ""


class Follower:
    """Plays one deal by hints, keeping every position met."""

    def __init__(self, code: str, cap: int) -> None:
        self.run = Run(code)
        self.cap = cap
        self.met: set[bytes] = set()

    def played(self, position) -> bool:
        """A position reached: False (and the run ends ``looped``) if it came back."""
        key = position.packed_key()
        if key in self.met:
            self.run.end = "looped"
            return False
        self.met.add(key)
        return True

    def press(self, frames: int, cpu: float, proven: bool) -> None:
        run = self.run
        if run.presses == 0:
            run.proven = proven
        run.presses += 1
        run.frames.append(frames)
        run.cpu.append(cpu)
        run.guesses += not proven


def follow_app(code: str, cap: int, frame_limit: int) -> Run:
    """The application layer, frame by frame, as the window runs it."""
    app = Application(Settings(), now=lambda: 0)
    app.start(Game.from_deal(code))
    me = Follower(code, cap)
    run = me.run
    marked: list[HintMarked] = []
    said: list[str] = []
    app.on(HintMarked, marked.append)
    app.on(HintSaid, lambda event: said.append(event.key))
    session = app.session
    assert session.game is not None
    me.played(session.game.position)
    while not session.won and session.game.position.moves < cap:
        marked.clear()
        said.clear()
        began = cpu_seconds()
        app.hints.request()
        frames = 0
        while not marked and app.search.awaiting_hint and frames < frame_limit:
            app.tick(idle=True)
            frames += 1
        me.press(frames, cpu_seconds() - began, bool(marked) and GUESS not in said)
        if not marked:
            run.end, run.note = "stuck", ",".join(key.removeprefix("say.") for key in said)
            break
        hint = marked[-1]
        actions = [hint.action] if not hint.draws or hint.then is None else (
            [hint.action] * hint.draws + [str(replay_of(hint.then))])
        for action in actions:
            if not app.play(action).ok:
                run.end, run.note = "stuck", f"{action} refused"
                break
            if not me.played(session.game.position):
                break
        if run.end != "capped":
            break
    if session.won:
        run.end = "won"
    run.actions = session.game.position.moves
    app.quit()
    return run


def follow_cli(code: str, cap: int, seconds: float) -> Run:
    """The command line's hint, asked with the actions played so far."""
    start = deal_position(code)
    game = Game(start.copy())
    me = Follower(code, cap)
    run = me.run
    played: list[Action] = []
    me.played(game.position)
    while not game.position.won and game.position.moves < cap:
        began = cpu_seconds()
        hint = path_hint(start, played, seconds)
        me.press(0, cpu_seconds() - began, hint["result"] == "winnable")
        if hint["action"] is None:
            run.end, run.note = "stuck", hint["result"]
            break
        actions = [hint["action"]] if "draws" not in hint else ["draw"] * hint["draws"] + [hint["then"]]
        for text in actions:
            action = Action.parse(text)
            if not game.play(action).ok:
                run.end, run.note = "stuck", f"{text} refused"
                break
            played.append(action)
            if not me.played(game.position):
                break
        if run.end != "capped":
            break
    if game.position.won:
        run.end = "won"
    run.actions = game.position.moves
    return run


def pick(kind: str, first: int, count: int, winnable: bool) -> list[str]:
    game, variant = SETS[kind]
    if winnable:
        numbers = [n for n in winnable_numbers(game, variant) if n >= first][:count]
    else:
        numbers = list(range(first, first + count))
    return [str(DealCode(game, variant, n)) for n in numbers]


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


def report(kind: str, via: str, runs: list[Run]) -> None:
    ends = {end: sum(r.end == end for r in runs) for end in ("won", "looped", "stuck", "capped")}
    proven = sum(r.proven for r in runs)
    won = [r for r in runs if r.end == "won"]
    frames = [f for r in runs for f in r.frames]
    cpus = [c for r in runs for c in r.cpu]
    print(f"{kind} via {via}, {len(runs)} deals on {sys.platform} (Python {sys.version.split()[0]}): "
          f"first hint proven winnable {proven}; won {ends['won']}, looped {ends['looped']}, "
          f"stuck {ends['stuck']}, capped {ends['capped']}; guesses {sum(r.guesses for r in runs)}")
    if won:
        acts, presses = [r.actions for r in won], [r.presses for r in won]
        print(f"  to the win: actions median {statistics.median(acts):.0f}, p90 {p90(acts):.0f}; "
              f"presses median {statistics.median(presses):.0f}, p90 {p90(presses):.0f}")
    if cpus:
        firsts = [r.cpu[0] for r in runs if r.cpu]
        print(f"  a press to its answer: CPU median {statistics.median(cpus):.3f} s, p90 {p90(cpus):.3f} s, "
              f"max {max(cpus):.3f} s; the first press of a deal: median {statistics.median(firsts):.3f} s, "
              f"p90 {p90(firsts):.3f} s"
              + (f"; frames median {statistics.median(frames):.0f}, p90 {p90(frames):.0f}, max {max(frames)} "
                 f"(max {max(frames) / FPS:.2f} s at {FPS} a second)" if via == "app" else ""), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("set", choices=list(SETS), help="EH, C8, C4 or C2")
    parser.add_argument("first", type=int, help="the first deal number")
    parser.add_argument("count", type=int, help="how many deals")
    parser.add_argument("--winnable", action="store_true",
                        help="the first COUNT deals of the shipped winnable list from FIRST on")
    parser.add_argument("--via", choices=("app", "cli"), default="app")
    parser.add_argument("--cap", type=int, default=3000, help="actions before a deal counts as capped")
    parser.add_argument("--seconds", type=float, default=3.0, help="--via cli: the hint's search time")
    parser.add_argument("--frames", type=int, default=20_000, help="--via app: frames a press may wait")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per deal")
    parser.add_argument("--wasm", action="store_true", help="natively, then the same under Pyodide in Node")
    args = parser.parse_args(argv)
    codes = pick(args.set, args.first, args.count, args.winnable)
    print(f"load average {' '.join(Path('/proc/loadavg').read_text().split()[:3]) if Path('/proc/loadavg').exists() else '?'}"
          f", {os.cpu_count()} CPUs", flush=True)
    runs = []
    for code in codes:
        run = follow_app(code, args.cap, args.frames) if args.via == "app" else follow_cli(code, args.cap, args.seconds)
        runs.append(run)
        if args.verbose:
            print(f"  {code} {run.end:<7} actions {run.actions:5d} presses {run.presses:4d} guesses {run.guesses} "
                  f"first press {run.cpu[0] if run.cpu else 0:.3f} s {run.note}", flush=True)
    report(args.set, args.via, runs)
    if args.wasm:
        print("\nthe same under Pyodide (WebAssembly) in Node:", flush=True)
        rest = [a for a in (argv if argv is not None else sys.argv[1:]) if a != "--wasm"]
        subprocess.run(["node", "tools/pyodide/run_engine_tests.mjs", "--run", "tools/bench_follow.py", *rest], cwd=ROOT)
    return 0 if all(r.end == "won" for r in runs if r.proven) else 1


if __name__ == "__main__":
    sys.exit(main())
