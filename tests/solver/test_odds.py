"""The odds the New game dialog shows are the solver's: the table
(game/solver/odds_table.py, made by tools/make_odds.py, read through
game.solver.odds) agrees with the
shipped winnable lists, and its words follow its numbers."""

from __future__ import annotations

import os

import pytest

from game.engine import games
from game.solver.odds import Odds, figure, odds_of, table, tried_range
from game.solver.winnable import LIST_DIR, list_name, list_path, read_list

ODDS = table()
SHIPPED = {list_name(spec.id, v): (spec.id, v) for spec in games() for v in spec.variants
           if os.path.exists(list_path(spec.id, v)) and os.path.dirname(list_path(spec.id, v)) == LIST_DIR}


def shipped_list(name: str) -> tuple[tuple[int, ...], str]:
    path = list_path(*SHIPPED[name])
    with open(path, "rb") as f:
        data = f.read()
    return read_list(data)[0], data.decode("utf-8").partition("\n")[0]


def test_every_shipped_list_has_its_odds_and_every_odds_its_list():
    assert SHIPPED, "no shipped winnable lists found"
    assert set(ODDS) == set(SHIPPED)


@pytest.mark.parametrize("name", sorted(ODDS))
def test_the_table_agrees_with_the_list(name):
    numbers, header = shipped_list(name)
    odds = ODDS[name]
    # the range the list's maker tried: its header's "deals 1-N", else up to its last number
    assert odds.tried == tried_range(numbers, header) >= numbers[-1]
    listed = set(numbers)
    also = set(odds.also_won)
    assert not also & listed, "a deal counted twice"
    assert all(1 <= n <= odds.tried for n in also)
    assert odds.winnable == len(listed | also)
    assert odds.winnable + odds.lost + odds.unknown == odds.tried
    assert odds.seconds > 0


def test_the_odds_of_a_game_variant_are_its_lists():
    assert odds_of("eight-off", "C2") == ODDS["EO1-C2"]
    assert odds_of("easy-harp", "N") == ODDS["EH1-N"]
    assert odds_of("eight-off", "C5") is None and odds_of("no-such-game", "N") is None


def test_the_range_tried_is_the_header_s_or_the_last_number():
    assert tried_range((1, 2, 5), "# EH1-N: ... (tools/make_winnable.py: 3 s per deal; deals 1-1000)") == 1000
    assert tried_range((3, 40), "# EO1-C2: deal numbers proven winnable (tools/make_winnable.py, 5 s per deal)") == 40
    assert tried_range((), "# nothing") == 0


def odds(tried, won, unknown=0):
    return Odds(tried=tried, winnable=won, lost=tried - won - unknown, unknown=unknown, seconds=5)


@pytest.mark.parametrize("measured, kind, value", [
    (odds(22296, 100), "one_in", 220),  # two significant figures past 20
    (odds(3622, 504), "one_in", 7),
    (odds(1000, 150), "one_in", 7),
    (odds(1000, 600), "percent", 60),
    (odds(1000, 200), "percent", 20),
    (odds(1000, 970), "nearly_all", 97),
    (odds(501, 500), "nearly_all", 99),  # never "100": one deal was lost
    (odds(1000, 1000), "nearly_all", 99),  # nor for every deal tried: not every deal was
    (odds(1000, 0), "none", 0),
])
def test_the_words_follow_the_share(measured, kind, value):
    said = figure(measured)
    assert (said.kind, said.value, said.at_least) == (kind, value, False)


def test_unknown_deals_that_could_change_the_words_make_them_a_floor():
    assert figure(odds(1000, 10, unknown=90)).at_least  # 1 in 100, or 1 in 10 were they all won
    assert figure(odds(1000, 300, unknown=200)).at_least  # 30 %, or 50 %
    assert not figure(odds(22296, 100, unknown=1)).at_least  # 1 in 220 either way
    assert not figure(odds(1000, 990, unknown=10)).at_least  # nearly every deal either way


def test_the_shipped_figures():
    """What the dialog says of each variant (the table's numbers, not typed in here)."""
    for name, o in ODDS.items():
        said = figure(o)
        share = o.winnable / o.tried
        if said.kind == "one_in":
            assert abs(1 / share - said.value) <= 0.05 * said.value + 0.5
        elif said.kind == "percent":
            assert round(share * 100) == said.value
        else:
            assert said.kind == "nearly_all" and share >= 0.97, name
