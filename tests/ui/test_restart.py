"""What the player sees survives quitting and starting again (a new app on
the same data folder), in both games: Redo still plays what was undone,
Easy Harp's stock still says how many cards it holds, and the win panel
still knows the player's records."""

import pygame
import pytest

from game.persistence.storage import FileStorage
from game.ui.launch import build_app

from .conftest import FakeClock

GAMES = [
    ("EH1-N-AAAAABV", ["c5>c4", "c1>c4", "draw", "draw"]),
    ("EO1-C8-AAAAAAC", ["c7>r", "c3>r", "c3>c7", "r1>c8"]),
]


def start(data, *args):
    app = build_app(["--size", "1280x720", *args], storage=FileStorage(data), headless=True, now=FakeClock())
    pygame.event.clear()
    app.settle()
    app.frame()
    return app


def quit_app(app) -> None:
    app.dispatch(pygame.event.Event(pygame.QUIT))


@pytest.mark.parametrize("deal, actions", GAMES)
def test_redo_survives_a_restart(tmp_path, deal, actions):
    first = start(tmp_path / "data", "--deal", deal)
    for action in actions:
        assert first.table.play(action).ok, action
    played = first.session.game.position
    after, score, moves = played.key(), played.score, played.moves
    first.table.undo()
    first.table.undo()
    assert first.session.game.position.key() != after
    quit_app(first)

    again = start(tmp_path / "data")  # no --deal: the saved game comes back
    assert again.session.can_redo
    again.table.redo()
    again.table.redo()
    pos = again.session.game.position
    assert (pos.key(), pos.score) == (after, score)
    assert pos.moves == moves + 2  # undo never lowers the counter; each redo is a move
    assert not again.session.can_redo
    quit_app(again)
    third = start(tmp_path / "data")  # and once redone there is nothing left to redo
    assert not third.session.can_redo and third.session.game.position.key() == after


def test_a_new_move_after_a_restart_still_forgets_the_redo(tmp_path):
    deal, actions = GAMES[0]
    first = start(tmp_path / "data", "--deal", deal)
    for action in actions:
        assert first.table.play(action).ok
    first.table.undo()
    quit_app(first)
    again = start(tmp_path / "data")
    assert again.session.can_redo
    assert again.table.play("c5>c4").ok or again.table.play("draw").ok
    quit_app(again)
    assert not start(tmp_path / "data").session.can_redo
