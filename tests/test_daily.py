"""Today's deal: a fixed function of the date, picked from the proven-winnable lists."""

from __future__ import annotations

import datetime as dt

import pytest

from game.daily import today_code
from game.engine import parse_code
from game.solver.winnable import winnable_numbers


@pytest.mark.parametrize("game, variant", [("easy-harp", "N"), ("eight-off", "C8"), ("eight-off", "C4"), ("eight-off", "C2")])
def test_today_is_the_same_all_day_and_winnable_where_a_list_ships(game, variant):
    day = dt.date(2026, 11, 29)
    code = today_code(day, game, variant)
    assert code == today_code(day, game, variant)
    parsed = parse_code(code)
    assert (parsed.game, parsed.variant) == (game, variant)
    numbers = winnable_numbers(game, variant)
    if numbers:
        assert parsed.number in numbers
    days = {today_code(day + dt.timedelta(days=i), game, variant) for i in range(10)}
    assert len(days) >= 8  # a new deal (almost) every day
