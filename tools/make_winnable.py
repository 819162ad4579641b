"""Make the shipped lists of proven-winnable deal numbers.

    python tools/make_winnable.py                 # every list, as shipped
    python tools/make_winnable.py --only EO1-C2 --count 100 --seconds 2

For each game and variant it solves deals 1, 2, 3, ... in turn and keeps
a number only when the solver found a solution *and* that solution, played
action by action through the rules engine (``game.engine.Game.play``), wins
the game. It stops after ``--count`` numbers and writes
``game/solver/winnable/<GAME>-<VARIANT>.txt``: a comment line, then one
deal number per line, ascending. The result depends only on the solver and
the time limit, never on luck; rerunning it with the same solver gives the
same lists (a slower machine may miss a deal that took close to the limit).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.engine import Game, deal_position  # noqa: E402
from game.engine.deals import format_code  # noqa: E402
from game.solver import WINNABLE, solve  # noqa: E402
from game.solver.winnable import LIST_DIR, list_name  # noqa: E402

SETS = {  # name: (game, variant, numbers wanted, seconds per deal)
    "EH1-N": ("easy-harp", "N", 500, 1.5),
    "EO1-C8": ("eight-off", "C8", 500, 5.0),
    "EO1-C4": ("eight-off", "C4", 500, 5.0),
    "EO1-C2": ("eight-off", "C2", 100, 5.0),
}


def replay_wins(code: str, actions: list[str]) -> bool:
    game = Game(deal_position(code))
    for action in actions:
        if not game.play(action).ok:
            return False
    return game.position.won


def make(game: str, variant: str, count: int, seconds: float, log=print, save=None) -> list[int]:
    found: list[int] = []
    number = 0
    started = time.perf_counter()
    while len(found) < count:
        number += 1
        code = format_code(game, variant, number)
        result = solve(deal_position(code), seconds)
        if result.result == WINNABLE:
            if not replay_wins(code, result.actions):
                raise SystemExit(f"{code}: the solution does not replay to a win (solver bug)")
            found.append(number)
            if save and len(found) % 25 == 0:
                save(found)  # a long run leaves a usable (shorter) list if stopped
        if number % 100 == 0:
            log(f"{game} {variant}: {number} deals tried, {len(found)} winnable, {time.perf_counter() - started:.0f} s")
    return found


def write(name: str, numbers: list[int], seconds: float) -> str:
    os.makedirs(LIST_DIR, exist_ok=True)
    path = os.path.join(LIST_DIR, name + ".txt")
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"# {name}: deal numbers proven winnable (tools/make_winnable.py, {seconds:g} s per deal)\n")
        for n in numbers:
            f.write(f"{n}\n")
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=sorted(SETS), action="append", help="make just this list (repeatable)")
    parser.add_argument("--count", type=int, help="numbers per list (default: as shipped)")
    parser.add_argument("--seconds", type=float, help="search time per deal (default: per list)")
    args = parser.parse_args()
    for name in args.only or SETS:
        game, variant, count, seconds = SETS[name]
        count = args.count or count
        seconds = args.seconds or seconds
        assert name == list_name(game, variant)
        numbers = make(game, variant, count, seconds, save=lambda found: write(name, found, seconds))
        print(f"wrote {write(name, numbers, seconds)} ({len(numbers)} numbers, up to deal {numbers[-1]})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
