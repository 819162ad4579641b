"""The daily deals' calendar and streaks, as a window shows them: pure data
from the daily table (``daily``) and the player's results
(``game.persistence.daily``), nothing drawn.

    play = Application.open(...)               # the window's ``app.play``
    play.refresh_daily()                       # when the calendar opens: other windows' days too
    page = play.calendar("eight-off", "C8", 2026, 12, week_start=week_start(lang))  # game.i18n.dates
    month_year(page.year, page.month, lang)    # its title; weekday_name(d, lang, short=True) for
    weekday_order(page.week_start)             # ... the header's columns, in this order
    for row in page.weeks:                     # rows of 7, from the week's first day
        for day in row:                        # None: a cell outside the month
            day.date, day.state                # "won", "started" or "none"
            day.deal.level, day.seconds        # the level (1-5: level_name), the best time of a win
            day.moves, day.in_time             # fewest moves of a win; won in time for the streak
            day.today, day.future, day.open    # open: it has a deal and is not in the future
            day.deal.repeat_of                 # past 2031: the date whose deal it repeats
    page.previous, page.next                   # (year, month) to page to, or None
    play.streaks()                             # any variant: Streaks(current, best, today_won)
    play.streaks("eight-off", "C8")            # one variant
    deal = play.daily_deal("eight-off", "C8", day.date)  # NoDailyDeal for a future day
    # ... then the window starts deal.code as it starts any deal (request_new_game): the win
    # counts for that date by itself (game.play.autosave)

Every date is a local calendar date; "today" is the application's (its
``today`` callable: ``datetime.date.today`` unless a test hands in another).
The grid's columns follow ``week_start`` (0 Monday .. 6 Sunday: the
language's, ``game.i18n.week_start``); ``weekday_order`` gives the
columns' weekdays for the header (``game.i18n.weekday_name``).
"""

from __future__ import annotations

import calendar as _calendar
import datetime as dt
from dataclasses import dataclass
from typing import Literal

from ..persistence.daily import DailyResults, DayResult, Streaks
from . import daily
from .daily import DailyDeal, NoDailyDeal

State = Literal["won", "started", "none"]


@dataclass(frozen=True)
class CalendarDay:
    """One date of a variant's calendar."""

    date: dt.date
    deal: DailyDeal | None  # None: no daily deal that date (before the first)
    result: DayResult | None  # None: not played
    today: bool
    future: bool  # after today: closed

    @property
    def state(self) -> State:
        if self.result is None:
            return "none"
        return "won" if self.result.won else "started"

    @property
    def open(self) -> bool:
        """A tap opens its deal: it has one, and it is not in the future."""
        return self.deal is not None and not self.future

    @property
    def seconds(self) -> int | None:
        """The best time of a win (None: not won)."""
        return self.result.seconds if self.result is not None else None

    @property
    def moves(self) -> int | None:
        """The fewest moves of a win (None: not won)."""
        return self.result.moves if self.result is not None else None

    @property
    def in_time(self) -> bool:
        """Won on its date or the day after: it counts for the streak."""
        return self.result is not None and self.result.in_time(self.date)


@dataclass(frozen=True)
class CalendarMonth:
    """A month of a variant's daily deals."""

    game: str
    variant: str
    year: int
    month: int
    days: tuple[CalendarDay, ...]  # the 1st to the last
    weeks: tuple[tuple[CalendarDay | None, ...], ...]  # rows of 7 from week_start (None: outside the month)
    week_start: int  # 0 Monday .. 6 Sunday
    today: dt.date
    first: dt.date  # the first date with a daily deal
    previous: tuple[int, int] | None  # (year, month) before, if it has daily deals
    next: tuple[int, int] | None  # (year, month) after, unless it is all in the future

    @property
    def won(self) -> int:
        return sum(1 for day in self.days if day.state == "won")

    @property
    def playable(self) -> int:
        """Days that can be played (open) this month."""
        return sum(1 for day in self.days if day.open)


def weekday_order(week_start: int) -> tuple[int, ...]:
    """The weekdays (0 Monday .. 6 Sunday) of a calendar's columns."""
    return tuple((week_start + i) % 7 for i in range(7))


def month(results: DailyResults, game: str, variant: str, year: int, month_number: int, today: dt.date,
          week_start: int = 0) -> CalendarMonth:
    """A month of a variant's daily deals with the player's results.
    ``NoDailyDeal`` for a variant without daily deals; ValueError for a
    month that does not exist (year 1 to 9999, month 1 to 12)."""
    if not daily.has_daily(game, variant):
        raise NoDailyDeal(f"{game} {variant} has no daily deals", "daily.none")
    if not (1 <= month_number <= 12 and dt.MINYEAR <= year <= dt.MAXYEAR) or not 0 <= week_start <= 6:
        raise ValueError(f"no month {year}-{month_number:02d} (or week start {week_start})")
    last = _calendar.monthrange(year, month_number)[1]
    days = tuple(_day(results, game, variant, dt.date(year, month_number, d), today) for d in range(1, last + 1))
    lead = (days[0].date.weekday() - week_start) % 7
    cells: list[CalendarDay | None] = [None] * lead + list(days)
    cells += [None] * (-len(cells) % 7)
    weeks = tuple(tuple(cells[i:i + 7]) for i in range(0, len(cells), 7))
    before = (year, month_number - 1) if month_number > 1 else (year - 1, 12)
    after = (year, month_number + 1) if month_number < 12 else (year + 1, 1)
    first = daily.FIRST
    previous = before if before >= (first.year, first.month) and before[0] >= dt.MINYEAR else None
    following = after if after <= (today.year, today.month) and after[0] <= dt.MAXYEAR else None
    return CalendarMonth(game, variant, year, month_number, days, weeks, week_start, today, first, previous, following)


def _day(results: DailyResults, game: str, variant: str, date: dt.date, today: dt.date) -> CalendarDay:
    try:
        deal: DailyDeal | None = daily.daily(game, variant, date)
    except NoDailyDeal:
        deal = None
    return CalendarDay(date, deal, results.get(game, variant, date), date == today, date > today)


def streaks(results: DailyResults, today: dt.date, game: str | None = None, variant: str | None = None) -> Streaks:
    """The current and best daily streaks: of one variant, or (no game and
    variant) of all, where a date counts when any variant's daily deal of
    that date was won in time."""
    return results.streaks(today, game, variant)
