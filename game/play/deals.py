"""Which deal a new game gets: any deal number, one the solver proved
winnable ("Winnable deals only", for the games that have such a list), or
today's deal (game/daily.py)."""

from __future__ import annotations

import datetime

from .. import daily
from ..engine import deals
from ..solver.winnable import winnable_numbers


def random_code(game: str, variant: str, seed: int, winnable_only: bool = False) -> str:
    """A deal code for ``seed`` (any number: it is mixed first)."""
    number = deals.random_number(seed)
    if winnable_only:
        numbers = winnable_numbers(game, variant)
        if numbers:
            number = numbers[number % len(numbers)]
    return deals.format_code(game, variant, number)


def today_code(game: str, variant: str, today: datetime.date | None = None) -> str:
    return daily.today_code(today or datetime.date.today(), game, variant)
