"""Easy Harp solver speed, and a fingerprint of every result.

For each deal: the solver with a node budget (``--nodes``) in slices of
``--slice`` seconds (default: one slice for the whole search); prints the
verdict, node count, solution length, a hash of the solution's actions and the
CPU seconds (``time.process_time``), then the positions per second over all
deals. Two runs of different code must print the same verdict, nodes and
hash for every deal (the search is the same); only the seconds may differ.

    python3 tools/bench_eh_speed.py [--nodes 40000] [--slice 1e9] [CODE|N ...]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time

sys.path.insert(0, os.getcwd())  # the tree it is run from (old or new code)

from game.engine import deal_position  # noqa: E402
from game.engine.deals import format_code  # noqa: E402
from game.solver import SolverTask  # noqa: E402

DEFAULT = list(range(1, 13)) + list(range(500001, 500009))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--nodes", type=int, default=40000)
    ap.add_argument("--slice", type=float, default=1e9)
    ap.add_argument("deals", nargs="*")
    args = ap.parse_args()
    codes = [d if "-" in d else format_code("easy-harp", "N", int(d)) for d in args.deals] or \
        [format_code("easy-harp", "N", n) for n in DEFAULT]
    total_nodes = 0
    total_cpu = 0.0
    for code in codes:
        pos = deal_position(code)
        t0 = time.process_time()
        r = SolverTask(pos, seconds=1e9, max_nodes=args.nodes).run(args.slice)
        cpu = time.process_time() - t0
        h = hashlib.sha256("\n".join(r.actions).encode()).hexdigest()[:16]
        print(f"{code} {r.result} nodes={r.nodes} actions={len(r.actions)} hash={h} cpu={cpu:.3f}", flush=True)
        total_nodes += r.nodes
        total_cpu += cpu
    print(f"TOTAL nodes={total_nodes} cpu={total_cpu:.3f} pos/s={total_nodes / total_cpu:.0f}")


if __name__ == "__main__":
    main()
