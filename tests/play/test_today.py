"""Today's deal: a fixed function of the date, picked from the proven-winnable lists."""

from __future__ import annotations

import datetime as dt

import pytest

from game.engine import parse_code
from game.play.today import today_deal
from game.solver.winnable import winnable_numbers


def today_code(day, game, variant):
    return str(today_deal(game, variant, day))


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


# Today's deal for a few dates, pinned. The code is entry ``k mod n`` of the
# variant's winnable list, where ``k`` (pinned in test_engine_deals) depends
# only on the date: so each pin below also depends on the list it was taken
# from, named by its length and the sum of its numbers. Regenerating a list
# changes the players' daily deals: then re-pin (the assertion says so).
PINNED = {
    # (game, variant): ((list length, list sum), {date: code})
    ("easy-harp", "N"): ((1000, 500500), {"2026-11-30": "EH1-N-AAAAAQX", "2027-01-01": "EH1-N-AAAAAHE", "2030-06-15": "EH1-N-AAAABEM"}),
    ("eight-off", "C8"): ((500, 125485), {"2026-11-30": "EO1-C8-AAAAAQH", "2027-01-01": "EO1-C8-AAAAALM", "2030-06-15": "EO1-C8-AAAAACU"}),
    ("eight-off", "C4"): ((500, 969996), {"2026-11-30": "EO1-C4-AAAAAZZ", "2027-01-01": "EO1-C4-AAAAEXK", "2030-06-15": "EO1-C4-AAAADDZ"}),
    ("eight-off", "C2"): ((100, 1226529), {"2026-11-30": "EO1-C2-AAAADTM", "2027-01-01": "EO1-C2-AAAAJZR", "2030-06-15": "EO1-C2-AAAAKYK"}),
}


@pytest.mark.parametrize("game, variant", sorted(PINNED))
def test_todays_deal_on_pinned_dates(game, variant):
    (length, total), codes = PINNED[(game, variant)]
    numbers = winnable_numbers(game, variant)
    assert (len(numbers), sum(numbers)) == (length, total), (
        f"the {game} {variant} winnable list changed, and with it the daily deals: re-pin these dates"
    )
    for date, code in codes.items():
        assert today_code(dt.date.fromisoformat(date), game, variant) == code


def test_every_game_and_variant_has_pinned_dates():
    from game.engine import registry

    assert sorted(registry.choices()) == sorted(PINNED)
