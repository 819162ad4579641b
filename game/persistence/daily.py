"""The daily deals' results, and their JSON record (the storage key ``daily``).

For each game variant and date: whether its daily deal was started (a move
made in it), and once won, the local date of the first win and the best
time and fewest moves of its wins. A streak is built from them
(``streaks``).

>>> results = DailyResults()
>>> results.started("eight-off", "C8", dt.date(2026, 12, 5))
>>> results.won("eight-off", "C8", dt.date(2026, 12, 6), on=dt.date(2026, 12, 6), seconds=300, moves=140)
>>> results.won("eight-off", "C8", dt.date(2026, 12, 6), on=dt.date(2026, 12, 7), seconds=250, moves=150)
>>> day = results.get("eight-off", "C8", dt.date(2026, 12, 6))
>>> day.won, day.won_on, day.seconds, day.moves
(True, datetime.date(2026, 12, 6), 250, 140)
>>> results.get("eight-off", "C8", dt.date(2026, 12, 5)).won
False

Merging, not overwriting
------------------------
Every change is a *join*: a day's entry only ever gains (started, then
won; the first win's date only goes earlier, the best time and the fewest
moves only go lower), so applying the same results in any order, or twice,
gives the same record (``merge``). Two windows that each record their own
days, or the same day, each read the record as it is just before they
write and join their own results onto it (``records.Persistence``, under
the storage's lock natively): neither loses the other's, and a write
repeated after a failure or a kill changes nothing. A kill (``kill -9``)
in the middle of a write leaves the record as it was (the storage writes a
whole file and renames it over the old one, keeping a backup). A daily win
is written before its game is saved as won (``game.play.autosave``):
killed before it, the winning move is not saved either and the game
resumes one move before its win; killed after it, the next start counts
the won game in the statistics, as for any game.

Which days count for the streak
-------------------------------
A streak is a run of consecutive dates whose daily deal was won *in
time*: on its own date, or the day after (a grace for a game finished
after midnight, or a player a few hours away from home). A date won later
from the calendar shows as won, with its time, but does not mend a broken
streak. ``streaks`` gives the current streak (ending today, or yesterday
while today's deal is still to win) and the best one ever; over one variant,
or over all of them (a date counts when any variant's daily deal of that
date was won in time).

The record (format 1)::

    {"schema": "easy-harp-eight-off/daily", "version": 1,
     "variants": {"eight-off/C8": {"2026-12-06": {"won": "2026-12-06", "seconds": 250, "moves": 140},
                                   "2026-12-05": {}}}}

A day with ``{}`` was started, not won; ``seconds`` and ``moves`` come only
with ``won``. There is no earlier format (the daily results are new); a
record of a newer format is left alone, as for the other records. The
results are a record of their own, not a new format of the statistics, so
a version of the game from before them keeps reading and writing its
statistics beside a newer one (it would leave a newer statistics format
alone, and stop counting games).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

from ..engine import registry
from ..engine.rules import MAX_SCORE_AND_MOVES
from .savegame import SaveError, check_header, check_keys, parse_json, whole_number
from .stats import MAX_GAME_SECONDS, game_seconds, variant_key

SCHEMA = "easy-harp-eight-off/daily"
VERSION = 1
GRACE_DAYS = 1  # a win on the day after a date still counts for the streak
MAX_DAYS = 100_000  # days kept per variant (273 years): more is no record of ours
_DAY_KEYS = {"won", "seconds", "moves"}


@dataclass(frozen=True)
class DayResult:
    """One date's daily deal of one variant, as the player left it: an
    entry means it was started."""

    won_on: dt.date | None = None  # the local date of its first win (None: not won)
    seconds: int | None = None  # the best time of a win
    moves: int | None = None  # the fewest moves of a win

    @property
    def won(self) -> bool:
        return self.won_on is not None

    def in_time(self, date: dt.date) -> bool:
        """Won on ``date`` (its date) or within the grace after it: counts for the streak."""
        return self.won_on is not None and self.won_on <= date + dt.timedelta(days=GRACE_DAYS)

    def join(self, other: "DayResult") -> "DayResult":
        """Both results in one: the earlier first win, the best time, the fewest moves."""
        return DayResult(_least(self.won_on, other.won_on), _least(self.seconds, other.seconds),
                         _least(self.moves, other.moves))

    def to_dict(self) -> dict[str, Any]:
        if self.won_on is None:
            return {}
        return {"won": self.won_on.isoformat(), "seconds": self.seconds, "moves": self.moves}


def _least(a: Any, b: Any) -> Any:
    if a is None:
        return b
    if b is None:
        return a
    return min(a, b)


@dataclass(frozen=True)
class Streaks:
    current: int  # consecutive dates won in time, up to today (or yesterday, while today is still open)
    best: int  # the longest such run ever
    today_won: bool  # today's date is won (in time): the current streak includes it


class DailyResults:
    """Every variant's daily results, by date."""

    def __init__(self) -> None:
        self.variants: dict[str, dict[dt.date, DayResult]] = {}

    # ---- reading -----------------------------------------------------------------

    def get(self, game: str, variant: str, date: dt.date) -> DayResult | None:
        """The result of a date's daily deal (None: never started)."""
        return self.variants.get(variant_key(game, variant), {}).get(date)

    def days(self, game: str, variant: str) -> dict[dt.date, DayResult]:
        """A variant's days that were started, by date (a copy)."""
        return dict(self.variants.get(variant_key(game, variant), {}))

    def won_dates(self, game: str | None = None, variant: str | None = None) -> set[dt.date]:
        """The dates won in time: of one variant, or (no arguments) of any."""
        if game is not None and variant is not None:
            keys: Iterable[str] = [variant_key(game, variant)]
        else:
            keys = self.variants
        return {date for key in keys for date, day in self.variants.get(key, {}).items() if day.in_time(date)}

    def streaks(self, today: dt.date, game: str | None = None, variant: str | None = None) -> Streaks:
        """The current and best streaks of one variant, or of all (any variant won on a date)."""
        return streaks(self.won_dates(game, variant), today)

    # ---- changing (each a join: see the module's docstring) -------------------------

    def started(self, game: str, variant: str, date: dt.date) -> None:
        self.add(game, variant, date, DayResult())

    def won(self, game: str, variant: str, date: dt.date, *, on: dt.date, seconds: float, moves: int) -> None:
        self.add(game, variant, date, DayResult(on, game_seconds(seconds), max(0, min(int(moves), MAX_SCORE_AND_MOVES))))

    def add(self, game: str, variant: str, date: dt.date, result: DayResult) -> None:
        key = variant_key(game, variant)
        if not registry.known(game, variant):
            raise ValueError(f"no such game and variant: {key}")
        days = self.variants.setdefault(key, {})
        old = days.get(date)
        days[date] = result if old is None else old.join(result)

    def merge(self, other: "DailyResults") -> None:
        """Join another record's results onto these."""
        for key, days in other.variants.items():
            mine = self.variants.setdefault(key, {})
            for date, day in days.items():
                old = mine.get(date)
                mine[date] = day if old is None else old.join(day)

    # ---- the record ------------------------------------------------------------------

    def to_json(self) -> str:
        variants = {key: {date.isoformat(): day.to_dict() for date, day in sorted(days.items())}
                    for key, days in sorted(self.variants.items()) if days}
        return json.dumps({"schema": SCHEMA, "version": VERSION, "variants": variants}, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: object) -> "DailyResults":
        record = check_header(parse_json(text, "daily results record"), SCHEMA, VERSION, "daily results record")
        check_keys(record, {"schema", "version", "variants"}, "daily results record")
        variants = record["variants"]
        if not isinstance(variants, dict):
            raise SaveError("daily results 'variants' is not a JSON object")
        known = {variant_key(g, v) for g, v in registry.choices()}
        results = cls()
        for key, days in variants.items():
            if key not in known:
                raise SaveError(f"daily results: unknown game and variant {key!r}")
            if not isinstance(days, dict) or len(days) > MAX_DAYS:
                raise SaveError(f"daily results of {key} must be a JSON object of at most {MAX_DAYS} days")
            results.variants[key] = dict(_read_days(days, key))
        return results


def _read_days(days: dict[Any, Any], key: str) -> Iterator[tuple[dt.date, DayResult]]:
    for text, value in days.items():
        where = f"daily results of {key} on {str(text)[:20]!r}"
        date = read_date(text, where)
        if not isinstance(value, dict):
            raise SaveError(f"{where} is not a JSON object")
        if not value:
            yield date, DayResult()
            continue
        check_keys(value, _DAY_KEYS, where)
        yield date, DayResult(read_date(value["won"], f"{where} 'won'"),
                              whole_number(value["seconds"], f"{where} 'seconds'", MAX_GAME_SECONDS),
                              whole_number(value["moves"], f"{where} 'moves'"))


def read_date(value: object, where: str) -> dt.date:
    """A date as the record keeps it: ``YYYY-MM-DD``, years 2000 to 9999."""
    if isinstance(value, str) and len(value) == 10 and value.isascii() and value[4] == value[7] == "-":
        try:
            date = dt.date.fromisoformat(value)
        except ValueError:
            pass
        else:
            if date.year >= 2000:
                return date
    raise SaveError(f"{where} is not a date like 2026-12-06")


def streaks(won: set[dt.date], today: dt.date) -> Streaks:
    """The current and best runs of consecutive dates in ``won`` (the
    current one ends today, or yesterday while today is not won yet)."""
    best = run = 0
    previous: dt.date | None = None
    for date in sorted(d for d in won if d <= today):
        run = run + 1 if previous is not None and (date - previous).days == 1 else 1
        best = max(best, run)
        previous = date
    today_won = today in won
    end = today if today_won else today - dt.timedelta(days=1)
    current = 0
    while end - dt.timedelta(days=current) in won:
        current += 1
    return Streaks(current, best, today_won)

