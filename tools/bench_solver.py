"""Benchmark the solver over fixed deal sets, beside fc-solve.

    python tools/bench_solver.py            # 200 EO C8, 100 C4, 100 C2, 100 EH
    python tools/bench_solver.py --quick    # 20 / 10 / 10 / 5, a minute or so
    python tools/bench_solver.py --count 50 --eo-seconds 2 --eh-seconds 10 --sets C8 EH

The sets are deals 1 .. N of each variant (``--first`` moves them). For
each set it prints solved %, proven-unwinnable %, unknown %, the share
decided within the goal time (1 s Eight Off, 10 s Easy Harp), median and
p95 seconds per deal, and positions searched per second; every solution is
replayed through the rules engine and a failed replay stops the run; for
Easy Harp the solutions' length is printed too: actions, draws and turns of
the waste (draws with the stock empty), median and p90.

Easy Harp also gets the share decided (won or proven lost) within 1 s, 3 s
(the hint's budget) and 10 s, for this solver and, on the same deals, the
previous one (``--legacy-rev``, default the commit before the Easy Harp
solver's portfolio and restart stream: its ``easy_harp.py`` and ``search.py`` are read with
``git show`` at run time, so no copy of the old code lives in the tree).
One run per deal up to ``--eh-seconds`` gives all three columns: a search
is deterministic, so the ones decided within 1 s are those whose run ended
by then. ``--cpu-time`` counts the process's CPU time instead of the wall
clock, for both solvers' limits and the columns: on a machine shared with
other work a wall-clock limit measures the load, not the solver.

``--slice S`` runs every search in slices of S seconds with the scrap swept
between them, as the window does (``--slice 0.008``, the window's slice
while the table is still); the default is the command line's 1 s slices.
Every Easy Harp "unwinnable" is checked against the stored known wins
(``tests/known_wins``: a deal with a winning line there that is called lost
is a FALSE verdict, counted in the table and printed), and listed as a
claimed proof. ``--known`` runs only the known wins, at every budget of
``--budgets`` (default 0.05 0.2 0.5 1 2 5 s) and each slicing of ``KNOWN_SLICINGS`` (the command
line's 1 s, the window's 12 ms while a player waits for a hint and 8 ms otherwise), and reports each
false verdict:

    python tools/bench_solver.py --known --cpu-time

The Easy Harp solver's tuning looked at deals 1-30, the seed's example (deal 5) and
500001-500100; measure on others. The run reported when the portfolio landed (the
previous solver in a second process, beside it):

    nice python tools/bench_solver.py --sets EH --count 200 --first 700001 --eh-seconds 10 --cpu-time --no-fc-solve --no-legacy -v
    nice python tools/bench_solver.py --sets EH --count 200 --first 700001 --eh-seconds 10 --cpu-time --no-fc-solve --legacy-only -v

``--wasm`` solves the same deals twice, natively in this process and under
Pyodide (CPython 3.12 on WebAssembly, the pinned runtime of tools/pyodide,
run in Node by tools/pyodide/run_engine_tests.mjs), and prints both, deal by
deal and as median and p90 seconds to a verdict, with the ratio: the
WebAssembly figure of the window's slicing is

    python3 tools/bench_solver.py --sets EH --count 20 --first 555001 --slice 0.008 --cpu-time --wasm

(under Pyodide the CPU time is Node's ``process.cpuUsage()``; the wall time
is printed beside it). The native pass runs before and after the
WebAssembly one and each deal's native time is the mean of the two (on a
shared machine the speed drifts; both passes' medians are printed).

Beside the Eight Off sets it runs Debian's ``fc-solve`` (package
``freecell-solver-bin``, installed with apt-get when missing) twice per deal:
``fc-solve -g eight_off [--freecells-num 4|2]`` limits a group move to
free cells + 1, stricter than our rule, so every deal it solves must be
winnable here; with ``--sequence-move unlimited`` it is looser than our
rule, so every deal it proves unsolvable must be unwinnable here. The two
kinds of disagreement are counted (the goal is zero of each).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from game.engine import Game, card_text, deal_position  # noqa: E402
from game.engine.deals import format_code  # noqa: E402
from game.solver import UNWINNABLE, WINNABLE, SolverTask  # noqa: E402

def cpu_seconds() -> float:
    """The process's CPU time: Node's ``process.cpuUsage()`` under Pyodide
    (where ``time.process_time`` is not the process's), else Python's."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        used = js.process.cpuUsage()
        return float(used.user + used.system) / 1e6
    return time.process_time()


CLOCK = time.perf_counter  # --cpu-time: cpu_seconds
LEGACY_REV = "40c7196"  # main before the portfolio and restart stream
CHECKPOINTS = (1.0, 3.0, 10.0)  # Easy Harp: decided within these (3 s: the hint's budget)
SLICE = 1.0  # seconds per slice (--slice; the window: 0.008)
KNOWN_SLICINGS = (1.0, 0.012, 0.008)  # --known: the command line's slices, the window's while a hint is awaited, else
JSON_LINES = False  # --json-lines: one JSON line per deal as it is solved (what --wasm reads from Pyodide)
KNOWN_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "known_wins")


def known_wins() -> dict[str, list[str]]:
    """Deal code: a winning line, from ``tests/known_wins``."""
    try:
        names = sorted(os.listdir(KNOWN_DIR))
    except OSError:
        return {}
    wins = {}
    for name in names:
        if name.endswith(".txt"):
            with open(os.path.join(KNOWN_DIR, name), encoding="utf-8") as f:
                wins[name[:-4]] = f.read().split()
    return wins


class CpuClock:
    """Stands in for the ``time`` module inside the solvers' search modules:
    their ``perf_counter`` becomes the process's CPU time."""

    perf_counter = staticmethod(cpu_seconds)
    process_time = staticmethod(cpu_seconds)


def legacy_task_class(rev: str):
    """The previous solver's ``SolverTask``, built from ``git show REV:...``
    as the package ``game.solver_legacy`` (its relative imports then reach
    ``game.engine``); None when git or the revision is not at hand."""
    import types

    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    package = types.ModuleType("game.solver_legacy")
    package.__path__ = []
    sys.modules["game.solver_legacy"] = package
    for name in ("search", "easy_harp", "eight_off"):  # search first: the others import it
        try:
            source = subprocess.run(["git", "-C", root, "show", f"{rev}:game/solver/{name}.py"], capture_output=True,
                                    text=True, check=True, timeout=60).stdout
        except (OSError, subprocess.SubprocessError):
            return None
        module = types.ModuleType(f"game.solver_legacy.{name}")
        module.__package__ = "game.solver_legacy"
        sys.modules[module.__name__] = module
        exec(compile(source, f"{rev}:game/solver/{name}.py", "exec"), module.__dict__)
    problems = types.ModuleType("game.solver_legacy.problems")

    def problem_for(position):
        module = sys.modules["game.solver_legacy.easy_harp" if position.game == "easy-harp" else "game.solver_legacy.eight_off"]
        return module.EasyHarpProblem(position) if position.game == "easy-harp" else module.EightOffProblem(position)

    problems.problem_for = problem_for
    sys.modules[problems.__name__] = problems
    return sys.modules["game.solver_legacy.search"].SolverTask

SETS = {  # name: (game, variant, deals, goal seconds)
    "C8": ("eight-off", "C8", 200, 1.0),
    "C4": ("eight-off", "C4", 100, 1.0),
    "C2": ("eight-off", "C2", 100, 1.0),
    "EH": ("easy-harp", "N", 100, 10.0),
}
QUICK = {"C8": 20, "C4": 10, "C2": 10, "EH": 5}


def fc_board(position) -> str:
    lines = ["Foundations: S-0 H-0 D-0 C-0",
             "Freecells: " + " ".join("-" if c is None else card_text(c) for c in position.cells)]
    lines += [": " + " ".join(card_text(c) for c in col) for col in position.columns]
    return "\n".join(lines) + "\n"


def ensure_fc_solve() -> str | None:
    path = shutil.which("fc-solve")
    if path:
        return path
    print("fc-solve missing: apt-get install -y freecell-solver-bin", flush=True)
    try:
        subprocess.run(["apt-get", "update"], capture_output=True, timeout=600)
        subprocess.run(["apt-get", "install", "-y", "freecell-solver-bin"], capture_output=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return shutil.which("fc-solve")


def _children_cpu() -> float:
    """CPU seconds of the child processes waited for so far."""
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def fc_start_up(exe: str) -> float:
    """What fc-solve takes to start and stop, solving nothing (a board already
    won; the median of 9 runs), in the clock of its other figures."""
    board = "Foundations: S-K H-K D-K C-K\nFreecells: - - - - - - - -\n" + ":\n" * 8
    times = []
    for _ in range(9):
        start, used = time.perf_counter(), _children_cpu()
        subprocess.run([exe, "-g", "eight_off", "-"], input=board, capture_output=True, text=True, timeout=30)
        times.append(_children_cpu() - used if CLOCK is cpu_seconds else time.perf_counter() - start)
    return statistics.median(times)


def fc_solve(exe: str, position, unlimited: bool, timeout: float) -> tuple[str, float]:
    args = [exe, "-g", "eight_off"]
    if len(position.cells) != 8:
        args += ["--freecells-num", str(len(position.cells))]
    if unlimited:
        args += ["--sequence-move", "unlimited"]
    args.append("-")
    start, used = time.perf_counter(), _children_cpu()
    try:
        out = subprocess.run(args, input=fc_board(position), capture_output=True, text=True, timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return "unknown", timeout
    # with --cpu-time its CPU time (user + system of the process, its start included), else the wall clock
    seconds = _children_cpu() - used if CLOCK is cpu_seconds else time.perf_counter() - start
    if "This game is solveable" in out:
        return WINNABLE, seconds
    if "I could not solve this game" in out:
        return UNWINNABLE, seconds
    return "unknown", seconds


def pct(n: int, total: int) -> str:
    return f"{100.0 * n / total:5.1f}%" if total else "  -  "


def quantile(values: list[float], q: float) -> float:
    """The value below which ``q`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def p95(values: list[float]) -> float:
    return quantile(values, 0.95)


def p90(values: list[float]) -> float:
    return quantile(values, 0.90)


def run_set(name: str, count: int, first: int, seconds: float, exe: str | None, verbose: bool,
            task_class=SolverTask) -> dict:
    game, variant, _, goal = SETS[name]
    ours: dict[str, int] = {}
    times, nodes, decided_in_goal = [], 0, 0
    decided_by = {t: 0 for t in CHECKPOINTS}
    fc = {"strict": {}, "loose": {}, "strict_times": [], "loose_times": []}
    kind_a = kind_b = 0  # fc-solve solved / we call unwinnable; fc-solve (unlimited) unsolvable / we solve
    known = known_wins()
    records: list[dict] = []  # per deal: code, result, seconds (CLOCK), wall, nodes
    false = []  # deals with a known win called unwinnable
    for number in range(first, first + count):
        code = format_code(game, variant, number)
        position = deal_position(code)
        started, wall = CLOCK(), time.perf_counter()
        result = solve_with(task_class, position, seconds, SLICE)
        spent, wall = CLOCK() - started, time.perf_counter() - wall
        records.append({"code": code, "result": result.result, "seconds": spent, "wall": wall, "nodes": result.nodes})
        if result.result == WINNABLE:
            records[-1].update(line_figures(code, result.actions))
        if JSON_LINES:
            print(json.dumps(records[-1]), flush=True)
        ours[result.result] = ours.get(result.result, 0) + 1
        times.append(spent)
        nodes += result.nodes
        if result.result != "unknown" and spent <= goal:
            decided_in_goal += 1
        for t in CHECKPOINTS:
            decided_by[t] += result.result != "unknown" and spent <= t
        line = f"{code} {result.result:10} {spent:7.3f}s {result.nodes:8d} nodes"
        if result.result == UNWINNABLE and game == "easy-harp":
            line += "  claimed proof"
        if result.result == UNWINNABLE and code in known:
            false.append(code)
            line += "  FALSE: a known win"
            print(line, flush=True)
        if exe and game == "eight-off":
            strict, t1 = fc_solve(exe, position, False, 30.0)
            loose, t2 = fc_solve(exe, position, True, 30.0)
            fc["strict"][strict] = fc["strict"].get(strict, 0) + 1
            fc["loose"][loose] = fc["loose"].get(loose, 0) + 1
            fc["strict_times"].append(t1)
            fc["loose_times"].append(t2)
            if strict == WINNABLE and result.result == UNWINNABLE:
                kind_a += 1
                line += "  DISAGREE: fc-solve solves it"
            if loose == UNWINNABLE and result.result == WINNABLE:
                kind_b += 1
                line += "  DISAGREE: fc-solve (unlimited) proves it lost"
            line += f"  | fc-solve {strict} {t1:.3f}s, unlimited {loose} {t2:.3f}s"
        if verbose:
            print(line, flush=True)
    total_time = sum(times)
    return {
        "name": name, "count": count, "ours": ours, "median": statistics.median(times), "p95": p95(times),
        "rate": nodes / total_time if total_time else 0.0, "in_goal": decided_in_goal, "goal": goal,
        "fc": fc, "kind_a": kind_a, "kind_b": kind_b, "has_fc": bool(exe and game == "eight-off"),
        "decided_by": decided_by, "seconds": seconds, "false": false, "slice": SLICE, "p90": p90(times),
        "records": records,
    }


def line_figures(code: str, actions: list[str]) -> dict:
    """A solution replayed through the rules engine (a failed replay stops the
    run): its actions, draws and turns of the waste (draws with the stock empty)."""
    replay = Game(deal_position(code))
    turns = 0
    for action in actions:
        turns += action == "draw" and not replay.position.stock
        if not replay.play(action).ok:
            break
    if not replay.position.won:
        raise SystemExit(f"{code}: the solution does not replay to a win")
    return {"actions": len(actions), "draws": actions.count("draw"), "turns": turns}


def line_table(records: list[dict]) -> list[str]:
    """Median and p90 of the solutions' actions, draws and turns of the waste."""
    lines = [r for r in records if "actions" in r]
    if not lines:
        return []
    out = [f"Easy Harp solutions ({len(lines)} won)   median      p90"]
    for key, label in (("actions", "actions"), ("draws", "draws"), ("turns", "turns of the waste")):
        values = [r[key] for r in lines]
        out.append(f"  {label:27} {statistics.median(values):7g} {p90(values):8g}")
    return out


def solve_with(task_class, position, seconds: float, slice_seconds: float):
    """One solve in slices of ``slice_seconds``, the scrap swept between
    them (``SolverTask.step`` does) and at the end, with the cyclic
    collector held off from the first slice until the tables are freed, as
    the window's task runner (``game.play.tasks.Tasks``) and the command
    line (``SolverTask.run``) hold it (a solver without ``CollectorHold``
    runs as it is). With the collector on, its collections walked the
    search's tables: EH1-N-AAARBXJ, 10 CPU seconds in 8 ms slices, reached
    598,910 nodes with it on and won at 610,753 nodes in 9.0 s held."""
    module = sys.modules[task_class.__module__]
    hold = module.CollectorHold() if hasattr(module, "CollectorHold") else None
    if hold is not None:
        hold.keep(True)
    try:
        task = task_class(position, seconds=seconds)
        while not task.step(slice_seconds):
            pass
        while module.sweep(1.0):
            pass
    finally:
        if hold is not None:
            hold.release()
    return task.result


def run_known(budgets: list[float], verbose: bool) -> int:
    """Every known win at every budget, in the command line's 1 s slices
    and the window's 8 ms: the false verdicts (a known win called lost)."""
    false = 0
    rows = []
    for code, actions in known_wins().items():
        for slice_seconds in KNOWN_SLICINGS:
            for seconds in budgets:
                started = CLOCK()
                result = solve_with(SolverTask, deal_position(code), seconds, slice_seconds)
                spent = CLOCK() - started
                wrong = result.result == UNWINNABLE
                false += wrong
                if result.result == WINNABLE:
                    line_figures(code, result.actions)
                rows.append((code, slice_seconds, seconds, result.result))
                if verbose or wrong:
                    print(f"{code} slice {slice_seconds:g} s budget {seconds:g} s: {result.result:10} {spent:7.3f}s "
                          f"{result.nodes:8d} nodes" + ("  FALSE: a known win called lost" if wrong else ""), flush=True)
    won = sum(r[3] == WINNABLE for r in rows)
    print(f"known wins: {len(known_wins())} deals x {len(budgets)} budgets x {len(KNOWN_SLICINGS)} slicings = "
          f"{len(rows)} solves: "
          f"{won} won, {len(rows) - won - false} unknown, {false} FALSE (called lost)")
    return 1 if false else 0


def print_table(rows: list[dict]) -> None:
    print()
    print("set   deals  solved  unwinn. unknown  decided<=goal  median s   p90 s   p95 s  positions/s  slice s  false")
    for r in rows:
        o, n = r["ours"], r["count"]
        print(f"{r['name']:5} {n:5}  {pct(o.get(WINNABLE, 0), n)}  {pct(o.get(UNWINNABLE, 0), n)}  "
              f"{pct(o.get('unknown', 0), n)}  {pct(r['in_goal'], n)} ({r['goal']:g}s)  "
              f"{r['median']:8.3f} {r['p90']:7.3f} {r['p95']:7.3f}  {r['rate']:10.0f}  {r['slice']:7g}  "
              f"{len(r['false']):5d}")
    false = [code for r in rows for code in r["false"]]
    if false:
        print("FALSE verdicts (a known win called unwinnable): " + " ".join(false))
    eh_rows = [r for r in rows if r["name"].startswith("EH")]
    for r in eh_rows:
        print()
        for line in line_table(r["records"]):
            print(("previous solver: " if r["name"] == "EH-old" else "") + line)
    if eh_rows:
        print()
        print("Easy Harp decided (won or proven lost) within")
        print("solver        deals    " + "  ".join(f"{t:>6g} s" for t in CHECKPOINTS) + "   (limit per deal)")
        for r in eh_rows:
            label = "previous" if r["name"] == "EH-old" else "this one"
            print(f"{label:12} {r['count']:6}    " + "  ".join(
                f"{pct(r['decided_by'][t], r['count'])}" if t <= r["seconds"] else "    -  " for t in CHECKPOINTS)
                + f"   ({r['seconds']:g} s)")
    fc_rows = [r for r in rows if r["has_fc"]]
    if fc_rows:
        print()
        print("fc-solve on the same deals (free cells + 1 | --sequence-move unlimited)")
        print("set   solved  unsolv. unknown  median s | solved  unsolv. unknown  median s | disagree A  B")
        for r in fc_rows:
            n, s, l = r["count"], r["fc"]["strict"], r["fc"]["loose"]
            print(f"{r['name']:5} {pct(s.get(WINNABLE, 0), n)}  {pct(s.get(UNWINNABLE, 0), n)}  "
                  f"{pct(s.get('unknown', 0), n)}  {statistics.median(r['fc']['strict_times']):8.3f} | "
                  f"{pct(l.get(WINNABLE, 0), n)}  {pct(l.get(UNWINNABLE, 0), n)}  {pct(l.get('unknown', 0), n)}  "
                  f"{statistics.median(r['fc']['loose_times']):8.3f} | {r['kind_a']:9d} {r['kind_b']:2d}")
        print("A: fc-solve solved it (stricter moves) but we said unwinnable; "
              "B: fc-solve --sequence-move unlimited proved it lost but we solved it.")
        exe = shutil.which("fc-solve")
        if exe:
            clock = "CPU" if CLOCK is cpu_seconds else "wall"
            print(f"fc-solve's times are its {clock} seconds, its start included: starting and stopping on a board "
                  f"already won takes {fc_start_up(exe):.4f} s")
            for r in fc_rows:
                ours, theirs = r["median"], statistics.median(r["fc"]["strict_times"])
                print(f"{r['name']}: our median {ours:.4f} s, fc-solve's {theirs:.4f} s: ratio {ours / max(theirs, 1e-9):.2f}")


def under_wasm(argv: list[str]) -> list[dict]:
    """The same benchmark under Pyodide in Node (tools/pyodide/run_engine_tests.mjs
    --run), one JSON line per deal: those records (setup.sh fetches Pyodide when missing)."""
    tool = Path(__file__).resolve().parent / "pyodide"
    if not (tool / "node_modules" / "pyodide").is_dir() or not list(tool.glob("wheels/*.whl")):
        if shutil.which("npm") is None or shutil.which("node") is None:
            raise SystemExit("bench_solver --wasm: the WebAssembly run needs node and npm (then tools/pyodide/setup.sh)")
        print("bench_solver: fetching the pinned Pyodide (tools/pyodide/setup.sh)", file=sys.stderr, flush=True)
        if subprocess.run(["bash", str(tool / "setup.sh")]).returncode != 0:
            raise SystemExit("bench_solver --wasm: tools/pyodide/setup.sh failed")
    command = ["node", "tools/pyodide/run_engine_tests.mjs", "--run", "tools/bench_solver.py", *argv, "--json-lines"]
    records = []
    with subprocess.Popen(command, cwd=tool.parents[1], stdout=subprocess.PIPE, text=True) as run:
        assert run.stdout is not None
        for line in run.stdout:
            if line.startswith("{"):
                record = json.loads(line)
                records.append(record)
                print(f"  wasm   {record['code']} {record['result']:10} {record['seconds']:7.3f}s "
                      f"({record['wall']:7.3f}s wall)", flush=True)
            elif line.startswith("Pyodide"):
                print("  " + line.rstrip(), flush=True)
    if run.returncode:
        raise SystemExit(f"bench_solver --wasm: the Pyodide run ended with status {run.returncode}")
    return records


def print_wasm(native: list[dict], wasm: list[dict], cpu_time: bool) -> None:
    """Both runs deal by deal, then their medians and p90s to a verdict and the ratios."""
    clock = "CPU" if cpu_time else "wall"
    by_code = {r["code"]: r for r in wasm}
    pairs = [(r, by_code[r["code"]]) for r in native if r["code"] in by_code]
    print()
    print(f"deal             native {clock} s  verdict     | WebAssembly {clock} s  wall s  verdict     | ratio")
    for r, w in pairs:
        print(f"{r['code']:16} {r['seconds']:12.3f}  {r['result']:10}  | {w['seconds']:16.3f} {w['wall']:7.3f}  "
              f"{w['result']:10}  | {w['seconds'] / max(r['seconds'], 1e-9):5.2f}")
    if not pairs:
        print("no deal ran under WebAssembly")
        return
    ours = [r["seconds"] for r, _ in pairs]
    theirs = [w["seconds"] for _, w in pairs]
    walls = [w["wall"] for _, w in pairs]
    rate_ours = sum(r["nodes"] for r, _ in pairs) / max(sum(ours), 1e-9)
    rate_theirs = sum(w["nodes"] for _, w in pairs) / max(sum(theirs), 1e-9)
    print()
    print(f"{len(pairs)} deals, {clock} seconds to a verdict   median     p90   positions/s")
    print(f"  native                          {statistics.median(ours):7.3f} {p90(ours):7.3f}   {rate_ours:9.0f}")
    print(f"  WebAssembly (Pyodide in Node)   {statistics.median(theirs):7.3f} {p90(theirs):7.3f}   {rate_theirs:9.0f}"
          f"   (wall: median {statistics.median(walls):.3f}, p90 {p90(walls):.3f})")
    print(f"  ratio WebAssembly / native      {statistics.median(theirs) / statistics.median(ours):7.2f} "
          f"{p90(theirs) / p90(ours):7.2f}   {rate_ours / max(rate_theirs, 1e-9):9.2f}   (per deal, median: "
          f"{statistics.median([w['seconds'] / max(r['seconds'], 1e-9) for r, w in pairs]):.2f})")
    for line in line_table(wasm):
        print("  " + line)
    same = sum(r["result"] == w["result"] for r, w in pairs)
    print(f"  the same verdict on {same} of {len(pairs)} deals (a time limit may cut one run and not the other)")


def main() -> int:
    parser = argparse.ArgumentParser(description="Benchmark the solver beside fc-solve.")
    parser.add_argument("--sets", nargs="+", choices=list(SETS), default=list(SETS))
    parser.add_argument("--quick", action="store_true", help="small sets: 20 C8, 10 C4, 10 C2, 5 EH")
    parser.add_argument("--count", type=int, help="deals per set (overrides the defaults)")
    parser.add_argument("--first", type=int, default=1, help="first deal number of every set")
    parser.add_argument("--eo-seconds", type=float, default=10.0, help="time limit per Eight Off deal")
    parser.add_argument("--eh-seconds", type=float, default=10.0, help="time limit per Easy Harp deal")
    parser.add_argument("--no-fc-solve", action="store_true", help="skip fc-solve")
    parser.add_argument("--legacy-rev", default=LEGACY_REV, help="git revision of the previous Easy Harp solver")
    parser.add_argument("--no-legacy", action="store_true", help="skip the previous Easy Harp solver")
    parser.add_argument("--legacy-only", action="store_true",
                        help="Easy Harp: run only the previous solver (to run the two side by side in two processes)")
    parser.add_argument("-v", "--verbose", action="store_true", help="one line per deal")
    parser.add_argument("--cpu-time", action="store_true", help="time limits and columns in CPU seconds")
    parser.add_argument("--slice", type=float, default=1.0, help="seconds per slice (the window: 0.008)")
    parser.add_argument("--known", action="store_true", help="run only the known wins, at every --budgets and slicing")
    parser.add_argument("--budgets", type=float, nargs="+", default=[0.05, 0.2, 0.5, 1.0, 2.0, 5.0],
                        help="--known: the time limits per deal")
    parser.add_argument("--wasm", action="store_true",
                        help="solve the sets natively and under Pyodide (WebAssembly), print both and the ratio")
    parser.add_argument("--json-lines", action="store_true", help=argparse.SUPPRESS)  # what --wasm reads
    argv = sys.argv[1:]
    args = parser.parse_args(argv)
    global CLOCK, SLICE, JSON_LINES
    SLICE = args.slice
    JSON_LINES = args.json_lines
    if args.cpu_time:
        import game.solver.search as search_module

        CLOCK = cpu_seconds
        search_module.time = CpuClock  # type: ignore[assignment]
    if args.wasm:
        if args.known:
            parser.error("--wasm runs the sets, not --known")
        def natively(when: str) -> list[dict]:
            records = []
            for name in args.sets:
                count = args.count or (QUICK[name] if args.quick else SETS[name][2])
                seconds = args.eh_seconds if name == "EH" else args.eo_seconds
                print(f"native {name} ({when}): {count} deals from {args.first}", flush=True)
                records += run_set(name, count, args.first, seconds, None, args.verbose)["records"]
            return records

        # natively before and after the WebAssembly run, each deal's time the mean of the two
        # (the machine's speed drifts on a shared machine: the two passes say how much)
        before = natively("before")
        print("WebAssembly: the same deals under Pyodide in Node", flush=True)
        wasm = under_wasm([a for a in argv if a != "--wasm"] + ["--no-fc-solve", "--no-legacy"])
        after = natively("after")
        native = [dict(b, seconds=(b["seconds"] + a["seconds"]) / 2, wall=(b["wall"] + a["wall"]) / 2)
                  for b, a in zip(before, after)]
        print_wasm(native, wasm, args.cpu_time)
        if before:
            print(f"  native passes before and after: median {statistics.median([r['seconds'] for r in before]):.3f} "
                  f"and {statistics.median([r['seconds'] for r in after]):.3f} s")
        return 0
    if args.known:
        return run_known(args.budgets, args.verbose)
    exe = None if args.no_fc_solve else ensure_fc_solve()
    if not args.no_fc_solve and not exe:
        print("fc-solve is not available: its columns are left out", flush=True)
    rows = []
    for name in args.sets:
        count = args.count or (QUICK[name] if args.quick else SETS[name][2])
        seconds = args.eh_seconds if name == "EH" else args.eo_seconds
        if not (args.legacy_only and name == "EH"):
            rows.append(run_set(name, count, args.first, seconds, exe, args.verbose))
            print(f"{name}: done", flush=True)
        if name == "EH" and not args.no_legacy:
            legacy = legacy_task_class(args.legacy_rev)
            if legacy is not None and args.cpu_time:
                sys.modules["game.solver_legacy.search"].time = CpuClock
            if legacy is None:
                print(f"the previous solver ({args.legacy_rev}) is not at hand (git): its column is left out")
                continue
            row = run_set(name, count, args.first, seconds, None, args.verbose, task_class=legacy)
            row["name"] = "EH-old"
            rows.append(row)
            print(f"EH, previous solver {args.legacy_rev}: done", flush=True)
    print_table(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
