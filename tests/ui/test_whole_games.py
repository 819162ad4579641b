"""A newcomer's whole game with the mouse alone: real deals won by clicks and
drags only (the winning lines are the solver's, replayed as pointer input)."""

from __future__ import annotations

import pytest

from game.engine import Action, Move, Pile

from .conftest import ROOT

WON = ROOT / "tests" / "won_games"


def drop_point(d, dst: Pile):
    if dst.kind == "c" and d.game.position.columns[dst.index]:
        return d.card_center(dst, -1)
    return d.pile_center(dst)


def play_by_mouse(d, token: str) -> None:
    action = Action.parse(token)
    if action.kind == "draw":
        d.click(d.pile_center(Pile("s")))
        return
    result = d.game.check(action)
    assert isinstance(result, Move), (token, result)
    dst = action.dst
    if dst.kind == "f":
        dst = Pile("f", 0)  # dropped anywhere on the foundations: the slot that takes it is found
    elif dst.kind == "r":
        dst = result.dst
    d.drag(d.card_center(action.src, -action.count), drop_point(d, dst))


@pytest.mark.parametrize("code", ["EO1-C8-AAAAAFA", "EH1-N-AAAAAAD"])
def test_a_whole_game_won_with_the_mouse_alone(driver_for, code):
    d = driver_for(code)
    d.settle()
    tokens = [t for t in (WON / f"{code}.txt").read_text().split("\n") if t]
    for n, token in enumerate(tokens, 1):
        before = d.game.position.moves
        play_by_mouse(d, token)
        d.settle()
        assert d.game.position.moves == before + 1, f"step {n}: {token} was not played by the pointer"
    assert d.game.position.won
    assert d.app.session.won and d.app.session.counted and d.app.top().__class__.__name__ == "WinScene"
