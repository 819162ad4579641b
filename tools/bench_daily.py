"""What the daily deals cost the game when it starts a deal: reading a
variant's table (once a process) and finding which date a deal is the daily
deal of (at every game's start), natively and under WebAssembly.

    python3 tools/bench_daily.py           # natively
    python3 tools/bench_daily.py --wasm    # under the pinned Pyodide, in Node

Wall-clock milliseconds, the best of a few runs (Pyodide has no CPU clock):
compare within one run, the machines here are shared.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]) if sys.platform != "emscripten" else "/repo")

from game.play import daily  # noqa: E402


def best_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return 1000 * min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wasm", action="store_true", help="run it under Pyodide (Node)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    if args.wasm:
        return under_wasm(["--runs", str(args.runs)])
    here = "WebAssembly (Pyodide)" if sys.platform == "emscripten" else "natively"
    first = best_ms(daily._dates, 1)
    print(f"{here}: the dates' texts, once a process: {first:.1f} ms")
    for game, variant in daily.variants_with_daily():
        data = Path(daily.table_path(game, variant)).read_bytes()
        name = daily.table_name(game, variant)
        whole = best_ms(lambda: daily.read_table(data, name), args.runs)
        lines = best_ms(lambda: daily._read_lines(data.decode(), name, ""), max(1, args.runs // 2))
        deal = daily.daily(game, variant, dt.date(2027, 3, 1)).code
        table = daily.table(game, variant)
        assert table is not None
        table.dates_of(0)  # its index, made once
        look = best_ms(lambda: daily.date_of(deal, dt.date(2027, 3, 2)), args.runs) * 1000
        print(f"{here}: {name}: read {whole:.1f} ms (line by line {lines:.1f} ms); a deal's date {look:.1f} us")
    return 0


def under_wasm(argv: list[str]) -> int:
    tool = Path(__file__).resolve().parent / "pyodide"
    if not (tool / "node_modules" / "pyodide").is_dir() or not list(tool.glob("wheels/*.whl")):
        if shutil.which("npm") is None or shutil.which("node") is None:
            print("bench_daily: the WebAssembly run needs node and npm (then tools/pyodide/setup.sh)", file=sys.stderr)
            return 2
        subprocess.run(["bash", str(tool / "setup.sh")], check=True)
    return subprocess.run(["node", "tools/pyodide/run_engine_tests.mjs", "--run", "tools/bench_daily.py", *argv],
                          cwd=tool.parents[1], env=dict(os.environ)).returncode


if __name__ == "__main__":
    status = main()
    if status:  # under Pyodide a SystemExit, even of 0, ends the interpreter's run with an error
        sys.exit(status)
