"""Make, or check, the table of how often each variant's random deals can be
won (``game/solver/odds_table.py``), which the New game dialog shows.

    python3 tools/make_odds.py             # solve the deals the lists leave out, write the table
    python3 tools/make_odds.py --check     # the table against the lists (no solving); exit 1 if it differs
    python3 tools/make_odds.py --only EO1-C2 --seconds 5

Each shipped list (``game/solver/winnable/<PREFIX>-<VARIANT>.txt``, made by
``tools/make_winnable.py``) comes from solving deals 1, 2, 3, ... in turn: with
``--count`` it stops at the last number it keeps, so deals 1 to the list's
last number were all tried; with ``--deals N`` the header names the range
(``deals 1-N``). The winnable count is the list's. Every other deal of that
range is solved here again for ``--seconds`` of CPU time each (default 5)
and counted as proven lost or as unknown (the search ran out of time): an
unknown deal may still be winnable, so the shown figure is a floor, and the
dialog says "at least" where the unknowns could change its words. A deal
this solver wins that is not on its list (the list's solver was older) is
replayed to a win through the rules engine, counted as winnable and named in
the table (``also_won``); the list itself is left as it is, since today's
deal is picked from it (``game/play/today.py``: remaking a list changes the days'
deals; ``tools/make_winnable.py`` remakes one from proofs, and ``--only``
then remakes its row here). The four shipped lists take about two minutes of
CPU in all (the run that made the table: EO1-C2 40 s, EO1-C4 47 s, EO1-C8
1 s; EH1-N, every deal of 1-1000 on its list since it was remade, none).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import game.solver.search as search_module  # noqa: E402
from game.engine import Game, deal_position, games  # noqa: E402
from game.engine.deals import format_code  # noqa: E402
from game.solver import UNWINNABLE, WINNABLE, SolverTask  # noqa: E402
from game.solver.odds import Odds, table as shipped_table, tried_range  # noqa: E402
from game.solver.winnable import list_name, list_path, read_list  # noqa: E402

TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "game", "solver", "odds_table.py")


class CpuClock:
    """The search module's clock becomes the process's CPU time: on a shared
    machine the wall clock measures the load, not the solver."""

    perf_counter = staticmethod(time.process_time)


def shipped() -> dict[str, tuple[str, str]]:
    """List name: (game, variant), for every variant with a shipped list."""
    return {list_name(spec.id, v): (spec.id, v) for spec in games() for v in spec.variants
            if os.path.exists(list_path(spec.id, v))}


def read(game: str, variant: str) -> tuple[tuple[int, ...], str]:
    with open(list_path(game, variant), "rb") as f:
        data = f.read()
    numbers, problems = read_list(data)
    if problems:
        raise SystemExit(f"{list_path(game, variant)}: {problems[0]}")
    return numbers, data.decode("utf-8", errors="replace").partition("\n")[0]


def measure(name: str, game: str, variant: str, seconds: float, log=print) -> Odds:
    """The odds of one list: its wins, and the others of its range solved again."""
    numbers, header = read(game, variant)
    tried = tried_range(numbers, header)
    listed = set(numbers)
    tally = {UNWINNABLE: 0, "unknown": 0}
    also_won = []
    started = time.process_time()
    for number in range(1, tried + 1):
        if number in listed:
            continue
        code = format_code(game, variant, number)
        result = SolverTask(deal_position(code), seconds=seconds).run(1.0)
        if result.result == WINNABLE:
            if not replay_wins(code, result.actions):
                raise SystemExit(f"{code}: the solution does not replay to a win (solver bug)")
            also_won.append(number)
        else:
            tally[result.result] += 1
        if number % 2000 == 0:
            log(f"{name}: {number} of {tried}, {time.process_time() - started:.0f} s CPU", flush=True)
    on_list = sum(1 for n in numbers if n <= tried)
    odds = Odds(tried=tried, winnable=on_list + len(also_won), lost=tally[UNWINNABLE], unknown=tally["unknown"],
                seconds=seconds, also_won=tuple(also_won))
    log(f"{name}: deals 1-{tried}: {on_list} on the list, {len(also_won)} more won now, {odds.lost} proven lost, "
        f"{odds.unknown} unknown at {seconds:g} s CPU each ({time.process_time() - started:.0f} s CPU)", flush=True)
    return odds


def replay_wins(code: str, actions: list[str]) -> bool:
    game = Game(deal_position(code))
    return all(game.play(action).ok for action in actions) and game.position.won


def table_text(table: dict[str, Odds], command: str) -> str:
    lines = [
        '"""How often each variant\'s random deals can be won, as the solver measured it',
        "(read through ``game.solver.odds``).",
        "",
        f"Made by ``{command}`` from the shipped winnable lists",
        "(game/solver/winnable/); see that tool for how. Do not edit: remake it.",
        "tests/solver/test_odds.py holds it to the lists.",
        '"""',
        "",
        "# list name (deal code prefix and variant): (deals 1..tried, of them winnable, proven lost, unknown,",
        "# CPU seconds per deal of the recount, the deals won that the list leaves out)",
        "ROWS: dict[str, tuple[int, int, int, int, float, tuple[int, ...]]] = {",
    ]
    for name in sorted(table):
        o = table[name]
        lines.append(f'    "{name}": ({o.tried}, {o.winnable}, {o.lost}, {o.unknown}, {o.seconds:g}, {o.also_won!r}),')
    lines.append("}")
    return "\n".join(lines) + "\n"


def check() -> int:
    """The table against the lists: the same names, each list's count of
    wins and range (the solving is not redone)."""
    wrong = []
    lists = shipped()
    for name in sorted(set(lists) | set(shipped_table())):
        if name not in lists or name not in shipped_table():
            wrong.append(f"{name}: {'no list' if name not in lists else 'not in the table'}")
            continue
        numbers, header = read(*lists[name])
        tried = tried_range(numbers, header)
        o = shipped_table()[name]
        won = {n for n in numbers if n <= tried}
        also = set(o.also_won)
        if (o.tried != tried or o.winnable != len(won | also) or also & won or not all(1 <= n <= tried for n in also)
                or o.winnable + o.lost + o.unknown != o.tried):
            wrong.append(f"{name}: the table says {o.winnable} of 1-{o.tried} ({len(also)} not on the list, {o.lost} "
                         f"lost, {o.unknown} unknown), the list {len(won)} of 1-{tried}")
    for line in wrong:
        print(line, file=sys.stderr)
    if not wrong:
        print(f"{TABLE}: agrees with the lists ({', '.join(sorted(lists))})")
    return 1 if wrong else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare the table with the lists; no solving")
    parser.add_argument("--only", action="append", help="remake just this entry (repeatable), e.g. EO1-C2")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per deal the list leaves out")
    args = parser.parse_args()
    if args.check:
        return check()
    search_module.time = CpuClock  # type: ignore[assignment]
    lists = shipped()
    for name in args.only or ():
        if name not in lists:
            parser.error(f"no shipped list {name} (there are {', '.join(sorted(lists))})")
    table = {name: odds for name, odds in shipped_table().items() if name in lists}
    for name in args.only or sorted(lists):
        table[name] = measure(name, *lists[name], args.seconds)
    command = "python3 tools/make_odds.py" + (f" --seconds {args.seconds:g}" if args.seconds != 5.0 else "")
    with open(TABLE, "w", encoding="utf-8") as f:
        f.write(table_text(table, command))
    print(f"wrote {os.path.normpath(TABLE)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
