"""Make the daily deals' tables (game/play/daily_deals/), from proofs.

    nice python3 tools/make_daily.py                       # every table, resuming
    nice python3 tools/make_daily.py --only EO1-C8         # one
    python3 tools/make_daily.py --check                    # hold the shipped tables to the journals, no solving
    python3 tools/make_daily.py --report                   # the levels: per weekday and overall

How a table is made (``game/play/daily.py`` says what it means to the game):

* The weeks, Monday to Sunday, from the one holding ``daily.FIRST`` to the
  one holding ``daily.LAST``. Each week and variant has its own stream of
  candidate deal numbers: SplitMix64 (``game.engine.deals``) seeded with
  ``SEED_BASE + monday.toordinal() * 1000 + daily_index * 10 + the
  variant's place`` (the registry's pinned numbers), each number ``1 +
  next() % 999999``; a number the table already gave an earlier date of that
  variant is passed over.
* Each candidate is solved by the game's solver (``--seconds`` of CPU, 10 by
  default): a candidate proven lost, or left undecided, is passed over. A
  win the solver found is played through the rules engine (``Game.play``) to
  a won game before it counts. Then the yardstick (``game.solver.yardstick``,
  a fixed reference search of its own) measures it; a win it finds is
  played through the rules engine too (and is itself a proof, when the
  solver ran out of time).
* The first seven winnable candidates of a week, ordered by the yardstick
  (the least effort first; a deal no beam of it won after all that did;
  equal efforts by deal number), go to Monday, Tuesday, ... Sunday.
* Levels: the efforts of all the table's dates cut into five fifths (the
  four thresholds are written in the header); a deal the yardstick did not
  win is level 5.

Every verdict and measure goes to a journal as soon as it is known
(``build/daily/<PREFIX>-<VARIANT>.journal``, one JSON line per candidate);
a run reads it first and solves only what it lacks, so a stopped run loses
at most the deal it was on, and a second run writes the same table.

A shipped table is never made again or changed: the tool refuses to write
over a table whose dates differ from what it made (``--force`` only for a
table not shipped yet). ``--check`` says whether the tables and the
journals agree (the journals live in build/, so only where they were made).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # make_winnable, beside this file

from game.engine import deal_position, registry  # noqa: E402
from game.engine.deals import MAX_DEAL, SplitMix64, format_code  # noqa: E402
from game.play import daily  # noqa: E402
from game.solver import UNKNOWN, UNWINNABLE, WINNABLE, SolverTask  # noqa: E402
from game.solver.yardstick import YARDSTICK, measure  # noqa: E402
from make_winnable import append_line, replay_wins  # noqa: E402 (the same journal lines and replay)

ROOT = Path(__file__).resolve().parents[1]
SEED_BASE = 0xDA11 << 40  # the candidate streams' own seeds, apart from every date's raw number
WEEK = 7
VARIANTS = (("easy-harp", "N"), ("eight-off", "C8"), ("eight-off", "C4"), ("eight-off", "C2"))
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def mondays() -> list[dt.date]:
    first = daily.FIRST - dt.timedelta(days=daily.FIRST.weekday())
    last = daily.LAST - dt.timedelta(days=daily.LAST.weekday())
    return [first + dt.timedelta(days=WEEK * i) for i in range((last - first).days // WEEK + 1)]


def candidates(game: str, variant: str, monday: dt.date):
    """The week's stream of candidate deal numbers (endless)."""
    spec = registry.game(game)
    rng = SplitMix64(SEED_BASE + monday.toordinal() * 1000 + spec.daily_index * 10 + spec.variants.index(variant))
    while True:
        yield 1 + rng.next() % MAX_DEAL


class Journal:
    """The verdicts and measures so far, one JSON line a candidate."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.entries: dict[int, dict] = {}
        self.read_up_to = 0  # bytes of the file read so far
        self.refresh()

    def refresh(self) -> None:
        """Read what was added to the file since (by another process too: ``--prejudge``)."""
        if not self.path.exists():
            return
        with open(self.path, "rb") as f:
            f.seek(self.read_up_to)
            data = f.read()
        whole = data[:data.rfind(b"\n") + 1]  # a last line still being written is read next time
        self.read_up_to += len(whole)
        for line in whole.decode("utf-8", errors="replace").splitlines():
            try:
                entry = json.loads(line)
                self.entries[int(entry["deal"])] = entry
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short when a run was stopped: that deal is solved again

    def add(self, entry: dict) -> None:
        self.entries[entry["deal"]] = entry
        append_line(self.path, json.dumps(entry, separators=(",", ":")))


def judge(game: str, variant: str, number: int, seconds: float) -> dict:
    """One candidate: solved, its win replayed, measured by the yardstick."""
    code = format_code(game, variant, number)
    spent = time.process_time()
    result = SolverTask(deal_position(code), seconds=seconds).run(1.0)
    entry: dict = {"deal": number, "result": result.result, "seconds": seconds}
    if result.result == WINNABLE and not replay_wins(code, result.actions):
        raise SystemExit(f"{code}: the solver's win does not replay to a won game (solver bug)")
    if result.result != UNWINNABLE:
        found = measure(code)
        if found.line is not None:
            if not replay_wins(code, found.line):
                raise SystemExit(f"{code}: the yardstick's win does not replay to a won game (yardstick bug)")
            entry["result"] = WINNABLE  # the yardstick's line is a proof too
        if entry["result"] == WINNABLE:
            entry.update(effort=found.effort, width=found.width, moves=len(found.line) if found.line else None,
                         yardstick=YARDSTICK)
    entry["cpu"] = round(time.process_time() - spent, 3)
    return entry


def rank(entry: dict) -> tuple[int, int, int]:
    """The order of a week's deals: yardstick wins by effort, then those it did not win."""
    return (0 if entry["width"] is not None else 1, entry["effort"], entry["deal"])


def make(game: str, variant: str, journal: Journal, seconds: float, log=print,
         solve: bool = True) -> list[tuple[dt.date, dict]]:
    """Every date of the table (whole weeks) with its deal's journal entry
    (``solve=False``: a candidate the journal has no verdict for is an error)."""
    used: set[int] = set()
    days: list[tuple[dt.date, dict]] = []
    started = time.perf_counter()
    weeks = mondays()
    for w, monday in enumerate(weeks):
        chosen: list[dict] = []
        for number in candidates(game, variant, monday):
            if number in used:
                continue
            entry = journal.entries.get(number)
            if entry is None:
                journal.refresh()
                entry = journal.entries.get(number)
            if entry is None or (entry["result"] == UNKNOWN and entry["seconds"] < seconds):
                if not solve:
                    raise SystemExit(f"{daily.table_name(game, variant)}: deal {number} of the week of {monday} "
                                     f"has no verdict in {journal.path}")
                entry = judge(game, variant, number, seconds)
                journal.add(entry)
            if entry["result"] == WINNABLE:
                chosen.append(entry)
                used.add(number)
                if len(chosen) == WEEK:
                    break
        chosen.sort(key=rank)
        days += [(monday + dt.timedelta(days=i), entry) for i, entry in enumerate(chosen)]
        if (w + 1) % 10 == 0 or w + 1 == len(weeks):
            log(f"{daily.table_name(game, variant)}: {w + 1}/{len(weeks)} weeks, "
                f"{time.perf_counter() - started:.0f} s", flush=True)
    return days


def prejudge(game: str, variant: str, journal: Journal, seconds: float, first_week: int, last_week: int | None = None,
             log=print) -> None:
    """Judge the candidates of the weeks from ``first_week`` on into the
    journal, without making the table: a second process on another core
    (the run that makes the table then finds them judged). It cannot know
    the numbers earlier weeks used, so now and then the real run judges
    one candidate more."""
    weeks = mondays()
    for w in range(first_week, min(len(weeks), last_week or len(weeks))):
        wins = 0
        for number in candidates(game, variant, weeks[w]):
            entry = journal.entries.get(number)
            if entry is None:
                journal.refresh()  # another process may have judged it meanwhile
                entry = journal.entries.get(number)
            if entry is None:
                entry = judge(game, variant, number, seconds)
                journal.add(entry)
            wins += entry["result"] == WINNABLE
            if wins == WEEK:
                break
        if (w + 1) % 10 == 0:
            log(f"{daily.table_name(game, variant)}: judged up to week {w + 1}/{len(weeks)}", flush=True)


def thresholds(efforts: list[int], count: int) -> list[int]:
    """The four efforts that cut ``count`` dates into five fifths (``efforts``
    are the yardstick's wins among them; the others rank above all)."""
    ranked = sorted(efforts)
    cuts = []
    for k in range(1, daily.LEVELS):
        at = k * count // daily.LEVELS  # dates below the cut
        cuts.append(ranked[at - 1] if at <= len(ranked) else ranked[-1])
    return cuts


def level_of(entry: dict, cuts: list[int]) -> int:
    if entry["width"] is None:
        return daily.LEVELS
    return 1 + sum(1 for cut in cuts if entry["effort"] > cut)


def write(game: str, variant: str, days: list[tuple[dt.date, dict]], force: bool) -> tuple[str, list[int]]:
    shipped = [(d, e) for d, e in days if daily.FIRST <= d <= daily.LAST]
    found = [e["effort"] for _, e in shipped if e["width"] is not None]
    cuts = thresholds(found, len(shipped))
    name = daily.table_name(game, variant)
    lines = [
        f"# {name}: the daily deals, one line a date: date, deal number, level (1-5), the yardstick's effort"
        f" and beam width ('-': none of its beams won)",
        f"# made by tools/make_daily.py ({YARDSTICK}); fixed for good: a shipped line is never changed",
        f"# levels: effort up to {cuts[0]}: 1, up to {cuts[1]}: 2, up to {cuts[2]}: 3, up to {cuts[3]}: 4, more: 5",
    ]
    for date, entry in shipped:
        effort = "-" if entry["width"] is None else str(entry["effort"])
        width = "-" if entry["width"] is None else str(entry["width"])
        lines.append(f"{date.isoformat()} {entry['deal']} {level_of(entry, cuts)} {effort} {width}")
    text = "\n".join(lines) + "\n"
    path = Path(daily.table_path(game, variant))
    if path.exists() and not force:
        old = daily.read_table(path.read_bytes(), name)
        new = daily.read_table(text.encode("utf-8"), name)
        if old.entries != new.entries:
            raise SystemExit(f"{path} is shipped and differs from what this run made: a shipped table is never "
                             f"changed (--force only before it ships)")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return str(path), cuts


def report(game: str, variant: str) -> str:
    """The levels of a shipped table: per weekday's mean, and how many of each."""
    t = daily.table(game, variant)
    if t is None:
        return f"{daily.table_name(game, variant)}: no table"
    per_day: dict[int, list[int]] = {i: [] for i in range(WEEK)}
    levels: Counter[int] = Counter()
    unwon = 0
    for offset, entry in enumerate(t.entries):
        if entry is None:
            continue
        day = (daily.FIRST + dt.timedelta(days=offset)).weekday()
        per_day[day].append(entry.level)
        levels[entry.level] += 1
        unwon += entry.width is None
    means = "  ".join(f"{DAYS[d]} {sum(v) / len(v):.2f}" for d, v in per_day.items() if v)
    counts = "  ".join(f"{level}: {levels[level]}" for level in range(1, daily.LEVELS + 1))
    return (f"{t.name}: {sum(levels.values())} dates; mean level {means}\n"
            f"{t.name}: dates per level  {counts}  (of level 5, {unwon} no beam of the yardstick won)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    names = {daily.table_name(g, v): (g, v) for g, v in VARIANTS}
    parser.add_argument("--only", choices=sorted(names), action="append", help="make just this table (repeatable)")
    parser.add_argument("--seconds", type=float, default=10.0, help="the solver's CPU seconds per candidate")
    parser.add_argument("--force", action="store_true", help="write over a table that differs (never a shipped one)")
    parser.add_argument("--report", action="store_true", help="print the shipped tables' levels, no solving")
    parser.add_argument("--check", action="store_true", help="hold the tables to the journals, no solving")
    parser.add_argument("--prejudge", type=int, metavar="WEEK",
                        help="only judge the candidates of the weeks from WEEK on (a second process), no table")
    parser.add_argument("--until", type=int, metavar="WEEK", help="with --prejudge: stop before this week")
    args = parser.parse_args()
    import game.solver.search as search_module  # CPU time, not wall-clock: the machine is shared

    search_module.time = type("CpuClock", (), {"perf_counter": staticmethod(time.process_time)})
    for name in args.only or names:
        game, variant = names[name]
        if args.report:
            print(report(game, variant))
            continue
        journal = Journal(ROOT / "build" / "daily" / f"{name}.journal")
        print(f"{name}: journal {journal.path} holds {len(journal.entries)} candidates", flush=True)
        if args.prejudge is not None:
            prejudge(game, variant, journal, args.seconds, args.prejudge, args.until)
            continue
        if args.check:
            days = make(game, variant, journal, args.seconds, log=lambda *a, **k: None, solve=False)
            path = Path(daily.table_path(game, variant))
            shipped = daily.read_table(path.read_bytes(), name)
            cuts = thresholds([e["effort"] for d, e in days if daily.FIRST <= d <= daily.LAST and e["width"]],
                              sum(1 for d, _ in days if daily.FIRST <= d <= daily.LAST))
            want = [daily.Entry(e["deal"], level_of(e, cuts), e["effort"] if e["width"] else None, e["width"])
                    for d, e in days if daily.FIRST <= d <= daily.LAST]
            ok = list(shipped.entries) == want
            print(f"{name}: {'the table agrees with the journal' if ok else 'THE TABLE DIFFERS FROM THE JOURNAL'}")
            if not ok:
                return 1
            continue
        started = time.process_time()
        days = make(game, variant, journal, args.seconds)
        path, cuts = write(game, variant, days, args.force)
        tried = Counter(e["result"] for e in journal.entries.values())
        print(f"wrote {path}: level thresholds {cuts}; candidates in the journal: "
              + ", ".join(f"{k} {v}" for k, v in sorted(tried.items()))
              + f"; this run {time.process_time() - started:.0f} s CPU", flush=True)
        daily.table.cache_clear()
        print(report(game, variant), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
