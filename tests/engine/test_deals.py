"""Deal codes, the documented generator, and golden layouts."""

from __future__ import annotations

import datetime as dt
import random as _stdlib_random
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from game.engine import DealCodeError, Game, deal_position, format_code, parse_code, registry
from game.i18n import CATALOGUES, translate
from game.engine.deals import MAX_DEAL, SplitMix64, date_number, deal_order

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
GOLDEN_CODES = sorted(p.stem for p in GOLDEN.glob("*.txt"))


def test_golden_set_covers_every_variant_three_times_and_the_contract_examples():
    for game, variant in registry.choices():
        prefix = f"{registry.game(game).prefix}-{variant}-"
        assert sum(code.startswith(prefix) for code in GOLDEN_CODES) >= 3, prefix
    assert "EH1-N-AAAAAAF" in GOLDEN_CODES and "EO1-C8-AAAAAFA" in GOLDEN_CODES


@pytest.mark.parametrize("code", GOLDEN_CODES)
def test_golden_layouts(code):
    expected = (GOLDEN / f"{code}.txt").read_text(encoding="utf-8").rstrip("\n")
    assert deal_position(code).text() == expected


def test_splitmix64_matches_the_published_reference_values():
    # Reference outputs of SplitMix64 seeded with 0 (as in Vigna's splitmix64.c).
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_dealing_never_touches_pythons_random(monkeypatch):
    def forbidden(*args, **kwargs):
        raise AssertionError("deals must not use the random module")

    for name in ("random", "shuffle", "randrange", "randint", "choice", "seed", "getrandbits"):
        monkeypatch.setattr(_stdlib_random, name, forbidden)
    deal_position("EH1-N-AAAAAAF")
    deal_position("EO1-C2-AAAAAFA")


def test_contract_examples_decode():
    assert parse_code("EH1-N-AAAAAAF").number == 5
    eo = parse_code("EO1-C8-AAAAAFA")
    assert (eo.game, eo.variant, eo.number) == ("eight-off", "C8", 130)


def test_reading_ignores_case_and_spaces():
    assert str(parse_code("  eo1-c4-aaaaafa\t")) == "EO1-C4-AAAAAFA"


@given(st.integers(1, MAX_DEAL), st.sampled_from([("easy-harp", "N"), ("eight-off", "C8"), ("eight-off", "C4"), ("eight-off", "C2")]))
def test_codes_round_trip(number, game_variant):
    game, variant = game_variant
    code = format_code(game, variant, number)
    back = parse_code(code)
    assert (back.game, back.variant, back.number) == (game, variant, number)
    assert str(back) == code and len(code.split("-")[2]) == 7


@pytest.mark.parametrize(
    "code, words",
    [
        ("XX1-N-AAAAAAF", "unknown game"),
        ("EH2-N-AAAAAAF", "unknown game"),
        ("EH1-C8-AAAAAAF", "no variant"),
        ("EO1-N-AAAAAAF", "no variant"),
        ("EO1-C3-AAAAAAF", "no variant"),
        ("EH1-N-AAAAAF", "7 letters"),
        ("EH1-N-AAAAAAF1", "7 letters"),
        ("EH1-N-AAAA1AF", "7 letters"),
        ("EH1-N-AAAAAAA", "out of range"),
        ("EH1-N-ZZZZZZZ", "out of range"),
        ("EH1-N-AACEXHO", "out of range"),  # 1 000 000
        ("EH1N-AAAAAAF", "GAME-VARIANT-NUMBER"),
        ("", "empty"),
        ("   ", "empty"),
    ],
)
def test_wrong_codes_are_refused_with_what_is_wrong(code, words):
    with pytest.raises(DealCodeError) as err:
        parse_code(code)
    assert words in str(err.value)
    # the window says the same in the player's language, from the catalogue
    assert err.value.key in CATALOGUES["en"]
    for lang in CATALOGUES:
        text = translate(err.value.key, lang, **err.value.params)
        assert text and "{" not in text


def test_highest_number_is_accepted():
    assert parse_code("EH1-N-AACEXHN").number == MAX_DEAL


@pytest.mark.parametrize("code", ["EH1-N-AAAAAAF", "EH1-N-AACEXHN"])
def test_easy_harp_deal_shape(code):
    pos = deal_position(code)
    assert [len(c) for c in pos.columns] == list(range(1, 10))
    assert pos.hidden == list(range(9)) and sum(pos.hidden) == 36
    assert len(pos.stock) == 59 and pos.waste == [] and pos.foundations == [[]] * 8
    every = sorted([c for col in pos.columns for c in col] + pos.stock)
    assert every == sorted(list(range(52)) * 2)


@pytest.mark.parametrize("variant, cells, lengths", [
    ("C8", 8, [6] * 8), ("C4", 4, [6] * 8), ("C2", 2, [6, 6, 7, 7, 6, 6, 6, 6]),
])
def test_eight_off_deal_shape(variant, cells, lengths):
    pos = deal_position(f"EO1-{variant}-AAAAAFA")
    assert [len(c) for c in pos.columns] == lengths and pos.hidden == [0] * 8
    assert len(pos.cells) == cells
    filled = [c for c in pos.cells if c is not None]
    assert len(filled) == (2 if variant == "C2" else 4)
    assert pos.cells[: len(filled)] == filled  # filled cells first
    assert sorted([c for col in pos.columns for c in col] + filled) == list(range(52))


def test_eight_off_variants_share_the_shuffle_of_a_number():
    c8, c4, c2 = (deal_position(f"EO1-{v}-AAAAAFA") for v in ("C8", "C4", "C2"))
    assert c8.columns == c4.columns and c8.cells[:4] == c4.cells
    assert c2.cells == c8.cells[:2]
    assert c2.columns[2][-1] == c8.cells[2] and c2.columns[3][-1] == c8.cells[3]


def test_games_deal_differently_from_the_same_number():
    assert deal_order("easy-harp", 5)[:52] != deal_order("eight-off", 5)


def test_the_days_raw_number_is_a_fixed_function_of_the_date():
    # Depends only on the date and the games' pinned daily indexes (never on
    # the winnable lists): these numbers never change.
    day = dt.date(2026, 11, 30)
    assert [date_number(day, g, v) for g, v in
            [("easy-harp", "N"), ("eight-off", "C8"), ("eight-off", "C4"), ("eight-off", "C2")]] == [
        424438, 301921, 793076, 637407]
    assert date_number(dt.date(2027, 1, 1), "eight-off", "C8") == 319796
    week = {date_number(day + dt.timedelta(days=i), "easy-harp") for i in range(7)}
    assert len(week) == 7


def test_the_engine_has_no_second_todays_deal():
    import game.engine as engine
    from game.engine import deals

    assert not hasattr(engine, "today_code") and not hasattr(deals, "today_code")
    # the date's raw number is not today's deal (game.play.today.today_number): another name
    assert not hasattr(deals, "today_number") and hasattr(deals, "date_number")


def test_a_new_game_from_a_code_is_playable():
    assert Game.from_deal("EO1-C8-AAAAAFA").legal_actions()
