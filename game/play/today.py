"""Today's deal: the one definition, used by the command line and the window.

A fixed function of the local calendar date, the same for every player on
that date:

* for a variant with daily deals (``game.play.daily``: Easy Harp, Eight Off
  with 8, 4 and 2 cells), the date's daily deal from the shipped table,
  proven winnable and fixed for good (a later solver or winnable list
  changes nothing); dates past the table's last one repeat it, whole weeks
  at a time; before its first date (2026-01-01) there is none
  (``daily.NoDailyDeal``);
* for a variant without (a game added later), the older rule: ``k =
  deals.date_number(date, game, variant)``, a SplitMix64 of the date and the
  game's pinned daily index, picks entry ``k mod n`` of the variant's
  shipped list of ``n`` proven-winnable deal numbers, or is the deal number
  itself while no list ships (so there the day's deal also depends on that
  list).

"The local calendar date" is the date on the player's own clock where the
game runs (``datetime.date.today()``: natively the system's time zone; in
the browser, the page's, which Emscripten takes from the browser's own).

>>> import datetime
>>> str(today_deal("eight-off", "C8", datetime.date(2026, 11, 29)))
'EO1-C8-AAAPCQZ'
"""

from __future__ import annotations

import datetime as dt

from ..engine import DealCode, deals, registry
from ..solver import winnable_numbers
from . import daily


def today_number(date: dt.date, game: str | None = None, variant: str | None = None) -> int:
    """The deal number of ``date``'s deal of a game variant (default: the
    first game, its first variant)."""
    return today_deal(game, variant, date).number


def today_deal(game: str | None = None, variant: str | None = None, date: dt.date | None = None) -> DealCode:
    """Today's (or ``date``'s) deal of a game variant (default: the first
    game, its first variant). ``daily.NoDailyDeal`` for a date before the
    daily deals began, in a variant that has them."""
    date = date or dt.date.today()
    spec = registry.game(game) if game else registry.default_game()
    variant = variant or spec.variants[0]
    spec.variant_rules(variant)
    if daily.has_daily(spec.id, variant):
        return daily.daily(spec.id, variant, date).code
    return older_rule(spec.id, variant, date)


def older_rule(game: str, variant: str, date: dt.date) -> DealCode:
    """The deal the rule before the daily tables gives ``date``: for the
    variants without a table (and a window's last resort, a table's damaged
    line)."""
    spec = registry.game(game)
    k = deals.date_number(date, spec.id, variant)
    numbers = winnable_numbers(spec.id, variant)
    return DealCode(spec.id, variant, numbers[k % len(numbers)] if numbers else k)
