"""Make the known wins the tests hold the solver to (``tests/known_wins``).

    python tools/make_known_wins.py EH1-N-AAAAAAF EO1-C8-AAAAAAB ...
    python tools/make_known_wins.py --from-folder DIR     # lines already found (make_winnable --lines)

For each deal code it solves the deal (``--seconds`` of CPU, default 60) or
takes the line found before (``--from-folder``), replays the line action by
action through the rules engine (``game.engine.Game.play``) and keeps it
only when it wins. An Eight Off deal is kept only when Debian's ``fc-solve``
(package ``freecell-solver-bin``) solves it too, with its group moves limited
to free cells + 1 (stricter than our rule, so its win is a win here): the
known wins then do not rest on our solver alone. Each kept line is written
as ``tests/known_wins/CODE.txt``, one action per line.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from game.engine import Game, deal_position  # noqa: E402
from game.solver import WINNABLE, SolverTask  # noqa: E402
import game.solver.search as search_module  # noqa: E402

OUT = os.path.join(ROOT, "tests", "known_wins")


def replays_to_win(code: str, actions: list[str]) -> bool:
    game = Game(deal_position(code))
    return all(game.play(a).ok for a in actions) and game.position.won


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes", nargs="*", help="deal codes")
    parser.add_argument("--from-folder", help="take CODE.txt lines from this folder instead of solving")
    parser.add_argument("--seconds", type=float, default=60.0, help="CPU seconds per deal")
    parser.add_argument("--out", default=OUT, help="where the lines go")
    args = parser.parse_args()
    search_module.time = type("CpuClock", (), {"perf_counter": staticmethod(time.process_time)})
    codes = list(args.codes)
    if args.from_folder:
        codes += sorted(name[:-4] for name in os.listdir(args.from_folder) if name.endswith(".txt"))
    exe = None
    if any(code.startswith("EO") for code in codes):
        from bench_solver import ensure_fc_solve, fc_solve

        exe = ensure_fc_solve()
        if exe is None:
            raise SystemExit("fc-solve is needed for Eight Off deals: apt-get install freecell-solver-bin")
    os.makedirs(args.out, exist_ok=True)
    kept = 0
    for code in codes:
        position = deal_position(code)
        if args.from_folder and os.path.exists(os.path.join(args.from_folder, code + ".txt")):
            with open(os.path.join(args.from_folder, code + ".txt"), encoding="utf-8") as f:
                actions = f.read().split()
        else:
            result = SolverTask(position, seconds=args.seconds).run()
            actions = result.actions if result.result == WINNABLE else []
        if not actions or not replays_to_win(code, actions):
            print(f"{code}: no winning line, left out", flush=True)
            continue
        if code.startswith("EO"):
            verdict, _ = fc_solve(exe, position, False, 60.0)
            if verdict != WINNABLE:
                print(f"{code}: fc-solve does not solve it ({verdict}), left out", flush=True)
                continue
        with open(os.path.join(args.out, code + ".txt"), "w", encoding="utf-8") as f:
            f.write("".join(a + "\n" for a in actions))
        kept += 1
        print(f"{code}: {len(actions)} actions", flush=True)
    print(f"{kept} known wins written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
