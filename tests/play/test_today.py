"""Today's deal: a fixed function of the date. Where a daily table ships
(every variant of both games) it is the date's daily deal
(tests/play/test_daily.py pins those); elsewhere, the older rule picks it
from the proven-winnable list."""

from __future__ import annotations

import datetime as dt

import pytest

from game.engine import parse_code, registry
from game.play import daily
from game.play.today import older_rule, today_deal, today_number
from game.solver.winnable import winnable_numbers


@pytest.mark.parametrize("game, variant", registry.choices())
def test_today_is_the_dates_daily_deal_the_same_all_day_and_new_each_day(game, variant):
    day = dt.date(2026, 11, 29)
    code = today_deal(game, variant, day)
    assert code == today_deal(game, variant, day) == daily.daily(game, variant, day).code
    assert (code.game, code.variant) == (game, variant)
    assert today_number(day, game, variant) == code.number
    days = {today_deal(game, variant, day + dt.timedelta(days=i)) for i in range(30)}
    assert len(days) == 30  # a new deal every day


def test_the_default_is_the_first_game_and_its_first_variant():
    day = dt.date(2027, 1, 1)
    assert today_deal(date=day) == today_deal("easy-harp", "N", day)
    assert today_deal("eight-off", date=day) == today_deal("eight-off", "C8", day)


def test_an_unknown_variant_is_an_error_not_another_deal():
    with pytest.raises(registry.UnknownGameError):
        today_deal("eight-off", "C5", dt.date(2027, 1, 1))


# The older rule (for a variant without a daily table): entry ``k mod n`` of the variant's winnable
# list, where ``k`` (pinned in tests/engine/test_deals.py) depends only on the date; so each pin
# below also depends on the list it was taken from, named by its length and the sum of its numbers.
PINNED = {
    ("easy-harp", "N"): ((1000, 500500), {"2026-11-30": "EH1-N-AAAAAQX", "2030-06-15": "EH1-N-AAAABEM"}),
    ("eight-off", "C8"): ((500, 125485), {"2026-11-30": "EO1-C8-AAAAAQH", "2030-06-15": "EO1-C8-AAAAACU"}),
    ("eight-off", "C4"): ((500, 969996), {"2026-11-30": "EO1-C4-AAAAAZZ", "2030-06-15": "EO1-C4-AAAADDZ"}),
}


@pytest.mark.parametrize("game, variant", sorted(PINNED))
def test_the_older_rule_on_pinned_dates(game, variant):
    (length, total), codes = PINNED[(game, variant)]
    numbers = winnable_numbers(game, variant)
    assert (len(numbers), sum(numbers)) == (length, total), (
        f"the {game} {variant} winnable list changed, and with it the older rule's deals (no daily deal): re-pin")
    for date, code in codes.items():
        found = older_rule(game, variant, dt.date.fromisoformat(date))
        assert str(found) == code and parse_code(code).number in numbers
