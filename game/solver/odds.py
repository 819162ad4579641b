"""How often a variant's random deals can be won: the solver's measurement.

A shipped winnable list (``winnable``) was made by solving deals 1, 2, 3, ...
in turn, so it says how many of deals 1..N the solver proved winnable; the
others of that range were solved again by ``tools/make_odds.py`` and counted
as won (``also_won``: the list's solver was older), proven lost or unknown
(out of time). The figures are in
``odds_table.ROWS``, which that tool writes and ``tests/solver/test_odds.py`` holds
to the lists. ``figure`` turns one into what the New game dialog says.

>>> figure(Odds(tried=22296, winnable=100, lost=22196, unknown=0, seconds=5))
Figure(kind='one_in', value=220, at_least=False)
>>> figure(Odds(tried=1000, winnable=990, lost=0, unknown=10, seconds=5))
Figure(kind='nearly_all', value=99, at_least=False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ..engine import registry
from .odds_table import ROWS

NEARLY_ALL = 0.97  # from this share up: "nearly every deal"
PERCENT = 0.2  # from this share up: "about N %"; below it: "about 1 deal in N"


@dataclass(frozen=True)
class Odds:
    tried: int  # deals 1..tried were solved
    winnable: int  # of them, proven winnable: the numbers on the list and ``also_won``
    lost: int  # proven unwinnable
    unknown: int  # the search ran out of time: maybe winnable
    seconds: float  # CPU seconds per deal of the recount of the deals the list leaves out
    # deals of the range that the recount won though the list leaves them out (an
    # older solver's list: it is not remade here, since today's deal is picked from it)
    also_won: tuple[int, ...] = ()

    @property
    def share(self) -> float:
        return self.winnable / self.tried if self.tried else 0.0


@dataclass(frozen=True)
class Figure:
    """What the dialog says: ``nearly_all`` (``value``: the percent),
    ``percent`` (about ``value`` %) or ``one_in`` (about 1 deal in
    ``value``) or ``none`` (no deal was won); ``at_least`` when the unknown deals, were they all
    winnable, would change those words."""

    kind: Literal["nearly_all", "percent", "one_in", "none"]
    value: int
    at_least: bool


def table() -> dict[str, Odds]:
    """The shipped measurements, by list name (``EO1-C2``)."""
    return {name: Odds(*row[:5], also_won=row[5]) for name, row in ROWS.items()}


def odds_of(game: str, variant: str) -> Odds | None:
    """The measured odds of a game variant (None: no measurement ships)."""
    try:
        prefix = registry.game(game).prefix
    except registry.UnknownGameError:
        return None
    row = ROWS.get(f"{prefix}-{variant}")
    return None if row is None else Odds(*row[:5], also_won=row[5])


def _words(share: float) -> tuple[Literal["nearly_all", "percent", "one_in", "none"], int]:
    if share >= NEARLY_ALL:
        return "nearly_all", min(99, int(share * 100))  # never "100 %": not every deal was proven
    if share >= PERCENT:
        return "percent", round(share * 100)
    if share <= 0:
        return "none", 0
    n = 1 / share
    if n >= 20:  # two significant figures: 223 -> 220
        digits = len(str(int(n))) - 2
        return "one_in", int(round(n / 10 ** digits) * 10 ** digits)
    return "one_in", round(n)


def figure(odds: Odds) -> Figure:
    """The words for ``odds``: "at least" only where the unknown deals, were
    they all winnable, would give an "about" figure of other words."""
    kind, value = _words(odds.share)
    best = _words((odds.winnable + odds.unknown) / odds.tried) if odds.tried else (kind, value)
    return Figure(kind, value, at_least=kind in ("percent", "one_in") and best != (kind, value))


def tried_range(numbers: tuple[int, ...], header: str) -> int:
    """How many deals (1..N) the list's maker tried: ``deals 1-N`` in its
    header (``make_winnable.py --deals N``), else up to its last number
    (``--count``: the maker stops at the last number it keeps)."""
    found = re.search(r"deals 1-(\d{1,7})\b", header)
    return int(found.group(1)) if found else (numbers[-1] if numbers else 0)
