"""Make the shipped lists of proven-winnable deal numbers.

    python tools/make_winnable.py                 # every list, as shipped
    python tools/make_winnable.py --only EO1-C2 --count 100 --seconds 2
    python tools/make_winnable.py --only EH1-N --deals 1000 --seconds 120 --cpu-time --slice 0.008

The build resumes where it stopped: every verdict goes to a journal as soon
as it is known (``build/winnable/<PREFIX>-<VARIANT>.journal`` unless
``--journal`` names another file; ``--fresh`` starts it again), one JSON line
per deal: its number, verdict, the time limit it had, the CPU seconds and
nodes it took. A run reads the journal first and solves only the deals it
has no verdict for, and the ones that were ``unknown`` with a shorter time
limit than this run's; so a run stopped half way (or a machine that went
down) loses at most the deal it was on, and a second run with a longer
``--seconds`` spends it on the deals the first left unknown. At the end it
writes the list from the journal's proven wins and says what is left:
the unknown deals of the range, by number, if any.

With ``--unlisted`` the deals already on the list are kept as they are (each
was replayed to a win when it was listed) and only the others are tried.
``--slice S`` runs each search in slices of S seconds with the scrap swept
between them, as the window does (8 ms); ``--lines DIR`` writes each
solution found as DIR/CODE.txt, one action per line (known wins for the
tests: ``tests/known_wins``).

With ``--deals N`` it tries exactly deals 1..N and keeps every winnable one
(instead of stopping at ``--count`` numbers); the list's header then says
``deals 1-N``, the range ``tools/make_odds.py`` counts the odds over (a
``--count`` list's range ends at its last number). Either way it prints
how many deals it found winnable, proven lost and unknown.

For each game and variant it solves deals 1, 2, 3, ... in turn and keeps
a number only when the solver found a solution *and* that solution, played
action by action through the rules engine (``game.engine.Game.play``), wins
the game (a win in the journal was replayed before it was written). It
stops after ``--count`` numbers and writes ``<PREFIX>-<VARIANT>.txt`` in the
game's winnable folder (the shipped ``game/solver/winnable/`` unless its spec
names another): a comment line, then one deal number per line, ascending.
The result depends only on the solver and the time limit, never on luck;
rerunning it with the same solver gives the same lists (a slower machine may
miss a deal that took close to the limit). The daily deals do not come from
these lists (``game/play/daily.py``: tables of their own, fixed for good); only
a variant without a daily table picks its "today's deal" from its list.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.engine import Game, deal_position, games  # noqa: E402
from game.engine.deals import format_code  # noqa: E402
from game.solver import UNWINNABLE, WINNABLE, SolverTask  # noqa: E402
from game.solver.winnable import winnable_numbers  # noqa: E402
from game.solver.winnable import list_name, list_path  # noqa: E402

DEFAULT_PLAN = (500, 5.0)


def sets() -> dict[str, tuple[str, str, int, float]]:
    """name: (game, variant, numbers wanted, seconds per deal), for every
    variant of every registered game (its spec's ``winnable_plan``)."""
    return {
        list_name(spec.id, v): (spec.id, v, *spec.winnable_plan.get(v, DEFAULT_PLAN))
        for spec in games()
        for v in spec.variants
    }


def replay_wins(code: str, actions: list[str]) -> bool:
    """Whether ``actions`` play the deal ``code`` to a won game through the rules engine."""
    game = Game(deal_position(code))
    for action in actions:
        if not game.play(action).ok:
            return False
    return game.position.won


ROOT = Path(__file__).resolve().parents[1]
FINAL = (WINNABLE, UNWINNABLE)  # verdicts a journal keeps for good


class Journal:
    """The verdicts so far, one JSON line a deal, appended as each is known
    (so a run that stops loses at most the deal it was on)."""

    def __init__(self, path: Path | None, fresh: bool = False) -> None:
        self.path = path  # None: kept in memory only
        self.entries: dict[int, dict] = {}
        if path is not None and fresh and path.exists():
            path.unlink()
        if path is not None and path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    entry = json.loads(line)
                    self.entries[int(entry["deal"])] = entry
                except (ValueError, KeyError, TypeError):
                    continue  # a line cut short when a run was stopped: that deal is solved again

    def wanted(self, number: int, seconds: float) -> bool:
        """Whether ``number`` still needs solving at a limit of ``seconds``."""
        entry = self.entries.get(number)
        return entry is None or (entry["result"] not in FINAL and entry["seconds"] < seconds)

    def add(self, entry: dict) -> None:
        self.entries[entry["deal"]] = entry
        if self.path is not None:
            append_line(self.path, json.dumps(entry))


def append_line(path: Path, line: str) -> None:
    """Append ``line`` to the journal ``path`` (made if need be), on a line
    of its own also after a line a stopped run cut short (tools/make_daily.py too)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as f:
        f.seek(0, os.SEEK_END)
        if f.tell():
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                f.write(b"\n")
        f.write((line + "\n").encode("utf-8"))


def make(game: str, variant: str, count: int, seconds: float, log=print, save=None, deals: int | None = None,
         tally: dict | None = None, keep: frozenset[int] = frozenset(), slice_seconds: float = 1.0,
         lines: str | None = None, journal: Journal | None = None) -> list[int]:
    """Winnable deal numbers from 1 up: ``count`` of them, or every one of
    deals 1..``deals``; ``tally`` counts the verdicts. Numbers in ``keep``
    are taken without solving them again (tallied as ``listed``); so are the
    verdicts ``journal`` holds (``Journal.wanted``), and each new one goes to it."""
    found: list[int] = []
    number = 0
    started = time.perf_counter()
    tally = {} if tally is None else tally
    journal = journal or Journal(None)
    while (number < deals) if deals else (len(found) < count):
        number += 1
        if number in keep:
            found.append(number)
            tally["listed"] = tally.get("listed", 0) + 1
            continue
        if journal.wanted(number, seconds):
            journal.add(solve_one(game, variant, number, seconds, slice_seconds, lines, log if keep else None))
        entry = journal.entries[number]
        tally[entry["result"]] = tally.get(entry["result"], 0) + 1
        if entry["result"] == WINNABLE:
            found.append(number)
            if save and len(found) % 25 == 0:
                save(found)  # a long run leaves a usable (shorter) list if stopped
        if number % 100 == 0:
            log(f"{game} {variant}: {number} deals tried, {len(found)} winnable, {time.perf_counter() - started:.0f} s",
                flush=True)
    return found


def solve_one(game: str, variant: str, number: int, seconds: float, slice_seconds: float, lines: str | None,
              log=None) -> dict:
    """One deal solved: its journal entry; a win only once its solution replayed to a won game."""
    code = format_code(game, variant, number)
    spent = time.process_time()
    result = SolverTask(deal_position(code), seconds=seconds).run(slice_seconds)
    spent = time.process_time() - spent
    if log:
        log(f"{code} {result.result} {spent:.1f} s CPU, {result.nodes} nodes", flush=True)
    if result.result == WINNABLE:
        if not replay_wins(code, result.actions):
            raise SystemExit(f"{code}: the solution does not replay to a win (solver bug)")
        if lines:
            os.makedirs(lines, exist_ok=True)
            with open(os.path.join(lines, code + ".txt"), "w", encoding="utf-8") as f:
                f.write("".join(a + "\n" for a in result.actions))
    return {"deal": number, "result": result.result, "seconds": seconds, "cpu": round(spent, 3),
            "nodes": result.nodes, "slice": slice_seconds}


def left(journal: Journal, last: int) -> list[int]:
    """The deals 1..``last`` without a final verdict in the journal."""
    return [n for n in range(1, last + 1) if journal.entries.get(n, {}).get("result") not in FINAL]


def how_made(game: str, variant: str) -> str:
    """What the list's header says of how it was made (the text after
    ``tools/make_winnable.py``), or "" without a list."""
    try:
        with open(list_path(game, variant), encoding="utf-8") as f:
            first = f.readline()
    except OSError:
        return ""
    head, _, tail = first.partition("tools/make_winnable.py")
    return tail.strip().lstrip(",:").strip().rstrip(")").strip() if tail else ""


def write(game: str, variant: str, numbers: list[int], seconds: float, clock: str = "", note: str = "") -> str:
    name = list_name(game, variant)
    path = list_path(game, variant)
    note = note or f"{seconds:g} s{clock} per deal"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# {name}: deal numbers proven winnable (tools/make_winnable.py: {note})\n")
        for n in numbers:
            f.write(f"{n}\n")
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    plans = sets()
    parser.add_argument("--only", choices=sorted(plans), action="append", help="make just this list (repeatable)")
    parser.add_argument("--count", type=int, help="numbers per list (default: as shipped)")
    parser.add_argument("--seconds", type=float, help="search time per deal (default: per list)")
    parser.add_argument("--deals", type=int, help="try exactly deals 1..N and keep every winnable one")
    parser.add_argument("--cpu-time", action="store_true", help="limit each deal's CPU time, not wall-clock time")
    parser.add_argument("--unlisted", action="store_true",
                        help="keep the numbers already listed and try only the others (with --deals)")
    parser.add_argument("--slice", type=float, default=1.0, help="seconds per slice (the window: 0.008)")
    parser.add_argument("--lines", help="write each solution to this folder as CODE.txt")
    parser.add_argument("--journal", help="the journal to resume from and add to (default: build/winnable/NAME.journal)")
    parser.add_argument("--fresh", action="store_true", help="forget the journal: solve every deal again")
    args = parser.parse_args()
    if args.unlisted and not args.deals:
        parser.error("--unlisted needs --deals N")
    if args.cpu_time:  # on a shared machine the wall clock measures the load, not the solver
        import game.solver.search as search_module

        search_module.time = type("CpuClock", (), {"perf_counter": staticmethod(time.process_time)})
    clock = " CPU" if args.cpu_time else ""
    for name in args.only or plans:
        game, variant, count, seconds = plans[name]
        count = args.count or count
        seconds = args.seconds or seconds
        tally: dict[str, int] = {}
        keep = frozenset(winnable_numbers(game, variant)) if args.unlisted else frozenset()
        sliced = f" in {args.slice:g} s slices" if args.slice != 1.0 else ""
        note = f"{seconds:g} s{clock} per deal{sliced}"
        if keep:
            note = f"{how_made(game, variant)}; then, for the deals that left out, {note}"
        if args.deals:  # the range tried, for tools/make_odds.py (a --count list ends at its last deal tried)
            note = re.sub(r"; deals 1-\d+", "", note) + f"; deals 1-{args.deals}"
        journal = Journal(Path(args.journal) if args.journal and len(args.only or plans) == 1
                          else ROOT / "build" / "winnable" / f"{name}.journal", fresh=args.fresh)
        already = sum(1 for e in journal.entries.values() if not journal.wanted(e["deal"], seconds))
        print(f"{name}: journal {journal.path} holds {already} verdicts that stand", flush=True)
        numbers = make(game, variant, count, seconds, save=lambda found: write(game, variant, found, seconds, clock, note),
                       deals=args.deals, tally=tally, keep=keep, slice_seconds=args.slice, lines=args.lines,
                       journal=journal)
        print(f"wrote {write(game, variant, numbers, seconds, clock, note)} ({len(numbers)} numbers, up to deal "
              f"{numbers[-1] if numbers else '-'})", flush=True)
        print(f"{name}: deals 1-{sum(tally.values())}: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())),
              flush=True)
        todo = left(journal, sum(tally.values())) if not keep else []
        print(f"{name}: left without a proof: " + (" ".join(map(str, todo)) + f" (rerun with more than --seconds "
              f"{seconds:g} to try them again)" if todo else "none"), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
