"""Make, or check, the small Easy Harp end games the solver's cross-checks
use, each with the engine's own verdict (``tests/golden/end_games.json``;
see ``tests/solver/end_games.py``).

    python3 tools/make_end_games.py           # derive every group and write the file
    python3 tools/make_end_games.py --check   # derive every group again; exit 1 if the file differs

Each verdict comes from a brute-force search over the engine's legal moves
(``tests.solver.end_games.engine_search``), which shares nothing with the solver
but the rules; the whole derivation takes about two minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from tests.solver.end_games import FIXTURE, GROUPS, LIMIT, derive  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="derive again and compare with the stored file")
    args = ap.parse_args()
    groups = {}
    for name in GROUPS:
        start = time.process_time()
        groups[name] = derive(name)
        won = sum(e["winnable"] for e in groups[name])
        print(f"{name}: {len(groups[name])} end games, {won} winnable, "
              f"{max(e['states'] for e in groups[name])} states at most, {time.process_time() - start:.1f} s CPU")
    data = {"made_by": "python3 tools/make_end_games.py", "limit": LIMIT, "groups": groups}
    if args.check:
        stored = json.loads(FIXTURE.read_text(encoding="utf-8"))
        if stored["groups"] != groups:
            bad = [name for name in groups if stored["groups"].get(name) != groups[name]]
            print(f"{FIXTURE} differs from what the engine says in: {', '.join(bad)}", file=sys.stderr)
            return 1
        print(f"{FIXTURE}: every verdict is what the engine says")
        return 0
    FIXTURE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
