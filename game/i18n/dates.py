"""Dates, weekdays, months, the daily deals' levels and streaks in the
player's words (the catalogue's ``weekday.*``, ``month.*``, ``date.*`` and
``daily.*`` texts), and where each language starts its week.

>>> import datetime
>>> date_text(datetime.date(2026, 12, 7), "en"), date_text(datetime.date(2026, 12, 7), "hu")
('Monday 7 December 2026', '2026. december 7., hétfő')
>>> month_year(2026, 12, "vi"), [weekday_name(d, "vi", short=True) for d in (0, 6)]
('tháng 12 năm 2026', ['T2', 'CN'])

The week starts on Monday in all three languages (``WEEK_START``): Vietnam
and Hungary start it there, and so does the British English the catalogue
is written in (ISO 8601); a week of the calendar then also runs from its
easiest daily deal to its hardest (``game.play.daily``). A language whose
players start on Sunday would say 6 here.
"""

from __future__ import annotations

import datetime as dt

from . import DEFAULT_LANGUAGE, translate

WEEK_START = {"en": 0, "vi": 0, "hu": 0}  # 0 Monday .. 6 Sunday: the calendar's first column


def week_start(lang: str = DEFAULT_LANGUAGE) -> int:
    """The weekday a calendar's week starts on in ``lang`` (0 Monday .. 6 Sunday)."""
    return WEEK_START.get(lang, WEEK_START[DEFAULT_LANGUAGE])


def weekday_name(weekday: int, lang: str = DEFAULT_LANGUAGE, *, short: bool = False) -> str:
    """``weekday`` (0 Monday .. 6 Sunday), whole or short (a calendar's header)."""
    return translate(f"weekday.{'short.' if short else ''}{weekday % 7}", lang)


def month_name(month: int, lang: str = DEFAULT_LANGUAGE) -> str:
    return translate(f"month.{month}", lang)


def month_year(year: int, month: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """A calendar page's title: "December 2026"."""
    return translate("date.month_year", lang, month=month_name(month, lang), year=year)


def date_text(date: dt.date, lang: str = DEFAULT_LANGUAGE, weekday: bool = True) -> str:
    """A date in full: "Monday 7 December 2026" (``weekday=False``: as short
    as the language writes it: "7 December 2026", "7 tháng 12, 2026", "2026. december 7.")."""
    return translate("date.day" if weekday else "date.day_short", lang, weekday=weekday_name(date.weekday(), lang),
                     day=date.day, month=month_name(date.month, lang), year=date.year)


def level_name(level: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """A daily deal's level (1 .. 5) as a word: "Very easy" .. "Very hard"."""
    return translate(f"daily.level.{min(max(level, 1), 5)}", lang)
