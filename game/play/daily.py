"""The daily deals: one deal a local calendar date per game variant, each
proven winnable, with its level, fixed for good.

Where they come from
--------------------
A table per variant ships in ``daily_deals/<PREFIX>-<VARIANT>.txt`` (Easy
Harp, Eight Off with 8, 4 and 2 cells), one line a date from ``FIRST``
(2026-01-01) to ``LAST`` (2031-12-31)::

    2026-03-02 412345 1 95 1

the date, the deal number, the level (1 easiest to 5 hardest), and the
yardstick's effort and beam width (``game.solver.yardstick``; ``-`` when no
beam of it won: then another proof made it winnable). ``tools/make_daily.py``
made them: for each week (Monday to Sunday) it draws deal numbers from a
stream fixed by the week and the variant, keeps the first seven that the
solver proves winnable (each win played through the rules engine first),
and gives them to the week's days in order of the yardstick's effort: Monday
the least, Sunday the most. The levels cut the efforts of the whole table
into fifths (the thresholds are in the table's header). The table is read
here, never computed: a later solver, yardstick or winnable list changes no
date's deal and no level. A line is never changed once shipped (a test pins
dates across the years and a digest of every table).

Past ``LAST`` the table repeats: a date's deal is that of the date
``CYCLE_DAYS`` (312 weeks) earlier, as often as needed, so it keeps its
weekday and its level pattern; ``DailyDeal.repeat_of`` names the table's
date. This is the definition for every later date, not a stopgap: a later
build that wanted new deals there would have to say so as a new table
version, since those dates already have deals. Before ``FIRST`` there is no
daily deal (``NoDailyDeal``).

A variant without a table (a game added later, tests/third_game) has no
daily deals; its "today's deal" follows the older rule (``game.play.today``).

A win of a daily deal counts for its date whichever way the deal was
opened (Today's deal, the calendar, a typed code or a link): the deal's
code says which date it is (``date_of``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
from dataclasses import dataclass
import re
from functools import cached_property, lru_cache
from typing import NamedTuple

from ..engine import DealCode, registry
from ..engine.deals import MAX_DEAL, format_code
from ..engine.errors import EngineInputError

FIRST = dt.date(2026, 1, 1)  # the first date with a daily deal
LAST = dt.date(2031, 12, 31)  # the table's last date; later dates repeat it (CYCLE_DAYS)
CYCLE_DAYS = 312 * 7  # past LAST, a date has the deal of the date this many days earlier (whole weeks)
LEVELS = 5
TABLE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "daily_deals")
MAX_TABLE_BYTES = 1024 * 1024  # a table is about 60 kB
SHIPPED = ("EH1-N", "EO1-C8", "EO1-C4", "EO1-C2")  # the tables the game ships (a missing one is reported at start)


class NoDailyDeal(EngineInputError):
    """A date or variant without a daily deal; the message says why."""


@dataclass(frozen=True)
class DailyDeal:
    """One date's daily deal of a game variant."""

    date: dt.date
    code: DealCode
    level: int  # 1 (easiest) .. LEVELS (hardest)
    effort: int | None  # the yardstick's effort (None: no beam of it won)
    repeat_of: dt.date | None = None  # past LAST: the table's date whose deal this is

    @property
    def weekday(self) -> int:
        """0 Monday .. 6 Sunday."""
        return self.date.weekday()


class Entry(NamedTuple):
    """A table's line for one date (a tuple: quick to make, 2191 at a time)."""

    number: int
    level: int
    effort: int | None
    width: int | None


@dataclass(frozen=True)
class Table:
    """A variant's table as read: ``entries[i]`` is the date ``FIRST + i``
    (None: a line that could not be read, named in ``problems``)."""

    name: str
    entries: tuple[Entry | None, ...]
    problems: tuple[str, ...]
    digest: str  # SHA-256 of the file's bytes

    def dates_of(self, number: int) -> list[int]:
        """The offsets (from FIRST) of the dates whose deal is ``number``."""
        return self._index.get(number, [])

    @cached_property
    def _index(self) -> dict[int, list[int]]:
        index: dict[int, list[int]] = {}
        for offset, entry in enumerate(self.entries):
            if entry is not None:
                index.setdefault(entry.number, []).append(offset)
        return index


def table_name(game: str, variant: str) -> str:
    """``EO1-C8`` for eight-off C8: the deal code's first two parts."""
    return f"{registry.game(game).prefix}-{variant}"


def table_path(game: str, variant: str) -> str:
    return os.path.join(TABLE_DIR, table_name(game, variant) + ".txt")


_ROW = re.compile(r"^(\d{4}-\d\d-\d\d) ([1-9]\d{0,5}) ([1-5]) (\d{1,9}|-) (\d{1,9}|-)$", re.MULTILINE | re.ASCII)


def read_table(data: bytes, name: str) -> Table:
    """A table from its file's bytes: every line that reads, and what is
    wrong with the others (never an exception). A whole table is read in
    one pass of a pattern (the browser reads one in a few milliseconds);
    one with anything amiss, line by line, to name what."""
    text = data.decode("utf-8", errors="replace")
    digest = hashlib.sha256(data).hexdigest()
    rows = _ROW.findall(text)
    lines = sum(1 for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#"))
    if len(rows) == lines == len(_dates()) and [row[0] for row in rows] == _dates():
        return Table(name, tuple(Entry(int(n), int(level), None if e == "-" else int(e), None if w == "-" else int(w))
                                 for _, n, level, e, w in rows), (), digest)
    return _read_lines(text, name, digest)


@lru_cache(maxsize=1)
def _dates() -> list[str]:
    """Every date of the table as its line writes it, FIRST to LAST."""
    return [(FIRST + dt.timedelta(days=i)).isoformat() for i in range((LAST - FIRST).days + 1)]


def _read_lines(text: str, name: str, digest: str) -> Table:
    """``read_table`` line by line: what reads, and what is wrong with the rest."""
    span = (LAST - FIRST).days + 1
    entries: list[Entry | None] = [None] * span
    problems: list[str] = []
    for i, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        entry, offset, problem = _read_line(line)
        if problem:
            problems.append(f"line {i}: {problem}")
        elif entries[offset] is not None:
            problems.append(f"line {i}: a second line for {line.split()[0]}")
        else:
            entries[offset] = entry
    missing = sum(1 for e in entries if e is None)
    if missing:
        first = next(FIRST + dt.timedelta(days=k) for k, e in enumerate(entries) if e is None)
        problems.append(f"{missing} of its {span} dates have no deal (the first: {first.isoformat()})")
    return Table(name, tuple(entries), tuple(problems), digest)


def _read_line(line: str) -> tuple[Entry | None, int, str | None]:
    parts = line.split()
    if len(parts) != 5 or not line.isascii():
        return None, 0, f"not 'date deal level effort width': {line[:60]!r}"
    text, number, level, effort, width = parts
    try:
        date = dt.date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        date = None
    if date is None or not FIRST <= date <= LAST:
        return None, 0, f"{text[:20]!r} is not a date from {FIRST} to {LAST}"
    if not (number.isdigit() and len(number) <= 6 and 1 <= int(number) <= MAX_DEAL):
        return None, 0, f"{number[:20]!r} is not a deal number"
    if level not in [str(n) for n in range(1, LEVELS + 1)]:
        return None, 0, f"{level[:20]!r} is not a level 1 to {LEVELS}"
    counts: list[int | None] = []
    for value in (effort, width):
        if value == "-":
            counts.append(None)
        elif value.isdigit() and len(value) <= 9:
            counts.append(int(value))
        else:
            return None, 0, f"{value[:20]!r} is not a count or '-'"
    return Entry(int(number), int(level), counts[0], counts[1]), (date - FIRST).days, None


@lru_cache(maxsize=None)
def table(game: str, variant: str) -> Table | None:
    """The shipped table of a game variant, or None when none ships (or it
    can't be read at all: ``problems`` says so)."""
    try:
        path = table_path(game, variant)
        with open(path, "rb") as f:
            data = f.read(MAX_TABLE_BYTES + 1)
    except (OSError, registry.UnknownGameError):
        return None
    if len(data) > MAX_TABLE_BYTES:
        return Table(table_name(game, variant), (), (f"more than {MAX_TABLE_BYTES} bytes",), "")
    return read_table(data, table_name(game, variant))


def problems(game: str, variant: str) -> list[str]:
    """What is wrong with a variant's shipped table (none when it is fine or
    the variant has none): for the check at start
    (``game.textfile.check_shipped``). A table of ``SHIPPED`` that is
    missing is a problem: its variant then has no daily deals."""
    if not os.path.exists(table_path(game, variant)):
        name = table_name(game, variant)
        return [f"{table_path(game, variant)}: missing (no daily deals)"] if name in SHIPPED else []
    t = table(game, variant)
    if t is None:
        return [f"{table_path(game, variant)}: cannot be read"]
    return [f"{table_path(game, variant)}: {problem}" for problem in t.problems]


def has_daily(game: str, variant: str) -> bool:
    """Whether the variant has daily deals (a table ships for it)."""
    t = table(game, variant)
    return t is not None and any(t.entries)


def variants_with_daily() -> tuple[tuple[str, str], ...]:
    """Every (game, variant) with daily deals, in the order offered."""
    return tuple((g, v) for g, v in registry.choices() if has_daily(g, v))


def table_date(date: dt.date) -> dt.date | None:
    """The table's date whose line gives ``date``'s deal: ``date`` itself
    up to LAST, an earlier one past it (whole cycles of CYCLE_DAYS), None
    before FIRST."""
    if date < FIRST:
        return None
    if date <= LAST:
        return date
    cycles = -(-(date - LAST).days // CYCLE_DAYS)
    return date - dt.timedelta(days=cycles * CYCLE_DAYS)


def daily(game: str, variant: str, date: dt.date) -> DailyDeal:
    """``date``'s daily deal of a game variant; ``NoDailyDeal`` when there
    is none (a variant without a table, a date before FIRST, a line of the
    table that could not be read: reported at start)."""
    spec = registry.game(game)
    spec.variant_rules(variant)
    t = table(spec.id, variant)
    if t is None or not any(t.entries):
        raise NoDailyDeal(f"{spec.id} {variant} has no daily deals", "daily.none")
    source = table_date(date)
    if source is None:
        raise NoDailyDeal(f"the daily deals start on {FIRST.isoformat()}: {date.isoformat()} has none",
                          "daily.before", first=FIRST.isoformat())
    entry = t.entries[(source - FIRST).days]
    if entry is None:
        raise NoDailyDeal(f"the daily table {t.name} has no readable line for {source.isoformat()}", "daily.damaged")
    code = DealCode(spec.id, variant, entry.number)
    return DailyDeal(date, code, entry.level, entry.effort, source if source != date else None)


def date_of(code: DealCode, today: dt.date) -> dt.date | None:
    """The date whose daily deal ``code`` is, for a win on ``today``: the
    latest such date up to ``today`` (past LAST a deal comes back every
    CYCLE_DAYS); None when it is no daily deal, or only a later date's."""
    t = table(code.game, code.variant)
    if t is None:
        return None
    best: dt.date | None = None
    for offset in t.dates_of(code.number):
        date = FIRST + dt.timedelta(days=offset)
        if date > today:
            continue
        if today > LAST and date > LAST - dt.timedelta(days=CYCLE_DAYS):  # the repeats of this line
            date += dt.timedelta(days=((today - date).days // CYCLE_DAYS) * CYCLE_DAYS)
        if best is None or date > best:
            best = date
    return best


def code_text(deal: DailyDeal) -> str:
    """The deal code as text (``EH1-N-AAAAAAF``)."""
    return format_code(deal.code.game, deal.code.variant, deal.code.number)
