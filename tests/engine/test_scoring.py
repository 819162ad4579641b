"""Scoring (contract section 7) on real deals played to a win."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.builders import easy_harp, eight_off
from game.engine import Game

WON = Path(__file__).resolve().parents[1] / "won_games"
WON_GAMES = sorted(p.stem for p in WON.glob("*.txt"))


def replay(code: str) -> tuple[Game, list[str]]:
    game = Game.from_deal(code)
    actions = (WON / f"{code}.txt").read_text().split("\n")
    actions = [a for a in actions if a]
    for action in actions:
        outcome = game.play(action)
        assert outcome.ok, (action, outcome.rule)
        assert game.position.score >= 0
    return game, actions


def test_there_are_won_games_of_both_kinds():
    assert sum(c.startswith("EH1") for c in WON_GAMES) >= 3
    assert any(c.startswith("EO1") for c in WON_GAMES)


@pytest.mark.parametrize("code", [c for c in WON_GAMES if c.startswith("EH1")])
def test_easy_harp_won_without_take_backs_scores_1220_plus_5_per_waste_card_to_a_column(code):
    game, actions = replay(code)
    assert game.position.won
    assert not any(a.startswith("f") for a in actions), "the game uses take-backs"
    from_waste = sum(a.startswith("w>c") for a in actions)
    assert game.position.score == 1220 + 5 * from_waste
    assert game.position.moves == len(actions)


@pytest.mark.parametrize("code", [c for c in WON_GAMES if c.startswith("EO1")])
def test_eight_off_won_scores_ten_a_card(code):
    game, actions = replay(code)
    assert game.position.won and game.position.score == 520
    assert game.position.moves == len(actions)


def test_a_take_back_wins_and_loses_nothing():
    g = easy_harp(["4H"], foundations=["3", None, None, None, None, None, None, None], score=40)
    assert g.play("f1>c1").ok and g.position.score == 40
    assert g.play("c1>f").ok and g.position.score == 50  # the card going up again scores again


def test_draws_and_turning_over_score_nothing_but_count_as_moves():
    g = Game.from_deal("EH1-N-AAAAAAF")
    for _ in range(59):
        g.play("draw")
    assert not g.position.stock and len(g.position.waste) == 59
    g.play("draw")  # turning the waste over
    assert len(g.position.stock) == 59 and not g.position.waste
    assert g.position.score == 0 and g.position.moves == 60


def test_eight_off_scores_only_foundation_cards():
    g = eight_off(["8H", "*"], cells=["7H", "AS", None, None, None, None, None, None])
    g.play("r1>c1")
    g.play("c1>r")
    assert g.position.score == 0
    g.play("r2>f")
    assert g.position.score == 10


def test_score_never_goes_below_zero_through_undo():
    g = easy_harp(["#9S #4D AS"])
    g.play("c1>f")
    g.play("undo")
    assert g.position.score == 0
    assert g.play("undo").rule == "nothing-to-undo" and g.position.score == 0
