"""What the player sees survives quitting and starting again (a new app on
the same data folder), in both games: Redo still plays what was undone,
Easy Harp's stock still says how many cards it holds, and the win panel
still knows the player's records."""

import pygame
import pytest

from game.engine import Game, Pile, Position
from game.engine.actions import STOCK
from game.persistence.storage import FileStorage
from game.ui.dialogs.win import WinScene
from game.ui.launch import build_app

from .conftest import FakeClock
from .positions import near_won_easy_harp, near_won_eight_off

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


def test_the_stock_count_survives_a_restart(tmp_path):
    first = start(tmp_path / "data", "--deal", "EH1-N-AAAAABV")
    dealt = len(first.session.game.position.stock)
    assert first.table.counts.stock is not None and first.table.counts.stock[0] == dealt
    for _ in range(3):
        assert first.table.play("draw").ok
    first.settle()
    left = len(first.session.game.position.stock)
    assert first.table.counts.stock[0] == left == dealt - 3
    quit_app(first)
    again = start(tmp_path / "data")
    assert again.session.game.position.deal == "EH1-N-AAAAABV"
    count = again.table.counts.stock
    assert count is not None and count[0] == left and count[1].alive()
    assert again.table.layout.piles[Pile(STOCK)].contains(*count[1].rect.center)


def test_eight_off_shows_no_stock_count_after_a_restart_either(tmp_path):
    first = start(tmp_path / "data", "--deal", "EO1-C8-AAAAAAC")
    assert first.table.play("c7>r").ok
    quit_app(first)
    again = start(tmp_path / "data")
    assert again.session.game.position.game == "eight-off" and again.table.counts.stock is None


@pytest.mark.parametrize("game, won_by", [("easy-harp", "c1>f"), ("eight-off", "tap c1")])
def test_the_win_panels_records_survive_a_restart(tmp_path, game, won_by):
    def win(app):
        position = near_won_easy_harp() if game == "easy-harp" else near_won_eight_off(8)
        app.start_game(Game(Position.from_dict(position)), animate=False)
        assert app.table.play(won_by).ok and app.session.game.position.won
        app.frame()
        panel = app.top()
        assert isinstance(panel, WinScene)
        return {f.key: (f.value, f.best, f.new_best) for f in panel.figures}

    first = start(tmp_path / "data")
    assert win(first)["ui.win.streak"] == ("1", "1", False)
    quit_app(first)
    again = start(tmp_path / "data")  # the first win is in the record it reads
    shown = win(again)
    assert shown["ui.win.streak"] == ("2", "2", True)  # two in a row: longer than the best before the restart
    assert shown["ui.win.moves"] == ("1", "1", False)  # the same as the first game's: a tie, no new best
    variant = "N" if game == "easy-harp" else "C8"
    stats = again.play.persistence.stats.get(game, variant)
    assert (stats.won, stats.fewest_moves, stats.best_streak) == (2, 1, 2)
