"""Today's deal: the one definition, used by the command line and the window.

A fixed function of the local calendar date, the same for every player on
that date, and always a deal the solver proved winnable where a list ships:

* ``k = deals.date_number(date, game, variant)``: SplitMix64 of the date and
  the game's pinned daily index (see ``game.engine.deals``); it never changes;
* today's deal number is entry ``k mod n`` of the shipped list of ``n``
  proven-winnable deal numbers of that variant (``<PREFIX>-<VARIANT>.txt`` in
  the game's winnable folder, ascending); while a variant has no list, it is
  ``k`` itself. So the day's deal also depends on that list: regenerating a
  list changes the days' deals from then on.

>>> import datetime
>>> str(today_deal("eight-off", "C8", datetime.date(2026, 11, 29))).startswith("EO1-C8-")
True
"""

from __future__ import annotations

import datetime as dt

from ..engine import DealCode, deals, registry
from ..solver import winnable_numbers


def today_number(date: dt.date, game: str | None = None, variant: str | None = None) -> int:
    """The deal number of ``date``'s deal of a game variant (default: the
    first game, its first variant): the date's number (``deals.date_number``)
    picks it from the variant's winnable list."""
    spec = registry.game(game) if game else registry.default_game()
    variant = variant or spec.variants[0]
    k = deals.date_number(date, spec.id, variant)
    numbers = winnable_numbers(spec.id, variant)
    return numbers[k % len(numbers)] if numbers else k


def today_deal(game: str | None = None, variant: str | None = None, date: dt.date | None = None) -> DealCode:
    """Today's (or ``date``'s) deal of a game variant (default: the first
    game, its first variant)."""
    date = date or dt.date.today()
    spec = registry.game(game) if game else registry.default_game()
    variant = variant or spec.variants[0]
    return DealCode(spec.id, variant, today_number(date, spec.id, variant))
