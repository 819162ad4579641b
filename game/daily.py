"""Today's deal: a fixed function of the local calendar date, the same for
every player on that date, and always a deal the solver proved winnable.

For a date and a game variant, ``k = deals.today_number(date, game, variant)``
(SplitMix64 of the date, see ``game.engine.deals``). Today's deal number is
entry ``k mod n`` of the shipped list of ``n`` proven-winnable deal numbers of
that variant (``game/solver/winnable/<GAME>-<VARIANT>.txt``, ascending); while
a variant has no list, it is ``k`` itself.

>>> import datetime
>>> today_code(datetime.date(2026, 11, 29), "eight-off", "C8").startswith("EO1-C8-")
True
"""

from __future__ import annotations

import datetime as dt

from .engine import deals
from .solver.winnable import winnable_numbers


def today_number(date: dt.date, game: str = deals.EASY_HARP, variant: str | None = None) -> int:
    variant = variant or deals.GAMES[game][1][0]
    k = deals.today_number(date, game, variant)
    numbers = winnable_numbers(game, variant)
    return numbers[k % len(numbers)] if numbers else k


def today_code(date: dt.date | None = None, game: str = deals.EASY_HARP, variant: str | None = None) -> str:
    date = date or dt.date.today()
    variant = variant or deals.GAMES[game][1][0]
    return deals.format_code(game, variant, today_number(date, game, variant))
