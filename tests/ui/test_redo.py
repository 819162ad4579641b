"""Redo beside Undo: it plays again what undo took back, through the
engine, until a new action is played; and Easy Harp's stock says how many
cards it holds."""

import pygame

from game.engine import Game, Pile, Position
from game.engine.actions import STOCK
from game.i18n import translate

from .conftest import Driver
from .positions import easy_harp


def played(*actions: str, deal: str = "EH1-N-AAAAABV") -> Driver:
    d = Driver(Game.from_deal(deal))
    for action in actions:
        assert d.table.play(action).ok, action
    d.settle()
    return d


def test_redo_plays_again_what_undo_took_back():
    d = played("c5>c4", "draw")
    after = d.game.position.to_dict()
    score = d.game.position.score
    d.table.undo()
    d.table.undo()
    assert d.game.position.to_dict() != after
    d.table.redo()
    d.table.redo()
    pos = d.game.position
    assert pos.to_dict()["columns"] == after["columns"] and pos.waste == Position.from_dict(after).waste
    assert pos.score == score
    assert pos.moves == 4  # the undos did not lower the counter; each redo is a move
    assert not d.app.session.can_redo


def test_the_keys_redo_ctrl_y_and_ctrl_shift_z():
    d = played("c5>c4", "draw")
    after = d.game.position.key()
    d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
    d.key(pygame.K_y, mod=pygame.KMOD_CTRL)
    d.key(pygame.K_z, mod=pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
    assert d.game.position.key() == after


def test_the_redo_button_sits_beside_undo_and_redoes():
    d = played("c5>c4")
    names = list(d.table.layout.buttons)
    assert names.index("redo") == names.index("undo") + 1
    after = d.game.position.key()
    d.click(d.table.layout.buttons["undo"].center)
    assert d.game.position.key() != after
    d.click(d.table.layout.buttons["redo"].center)
    assert d.game.position.key() == after


def test_a_new_move_forgets_what_there_was_to_redo():
    d = played("c5>c4")
    d.table.undo()
    assert d.app.session.can_redo
    assert d.table.play("draw").ok
    before = d.game.position.key()
    d.table.redo()
    assert d.game.position.key() == before
    assert d.table.banner.visible and d.table.banner.text == translate("say.nothing_to_redo", "en")


def test_a_new_game_forgets_what_there_was_to_redo():
    d = played("c5>c4")
    d.table.undo()
    d.app.restart()
    assert not d.app.session.can_redo


def test_the_stock_shows_how_many_cards_it_holds():
    d = Driver(Game(Position.from_dict(easy_harp([["8S"]], stock=["#2D", "#KH", "#5C"]))))
    assert d.table.counts.stock is not None and d.table.counts.stock[0] == 3
    badge = d.table.counts.stock[1]
    assert badge.alive() and d.table.layout.piles[Pile(STOCK)].contains(*badge.rect.center)
    d.table.play("draw")
    d.settle()
    assert d.table.counts.stock[0] == 2 and d.table.counts.stock[1].alive() and not badge.alive()
    d.table.play("draw")
    d.table.play("draw")
    d.settle()
    assert d.table.counts.stock is None  # empty: its turn-over mark shows instead


def test_eight_off_has_no_stock_count():
    d = Driver(Game.from_deal("EO1-C8-AAAAAFA"))
    assert d.table.counts.stock is None
