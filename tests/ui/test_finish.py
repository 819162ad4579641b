"""Finish for me (game.play.finish, game.ui.table.finish): off by default;
offered only once the rest is mechanical (Easy Harp: no card face down and
no cards in the stock or waste; Eight Off: every column one run down in
suit), and then once a win from the table is proven; the Finish button
plays it to the end through the table's glides, each action a move; the
player's own press or key stops it."""

from __future__ import annotations

import json

import pygame
import pytest

from game.engine import Action, Game, Position
from game.engine.actions import COLUMN
from game.persistence.settings import Settings, dumps_settings, loads_settings
from game.persistence.storage import MemoryStorage
from game.play.events import Played
from game.play.finish import mechanical
from game.solver import WINNABLE, solve
from game.ui.launch import build_app
from tests.solver.end_games import FIXTURE

from .conftest import FakeClock
from .positions import near_won_eight_off

GROUPS = json.loads(FIXTURE.read_text(encoding="utf-8"))["groups"]


def end_game(test) -> dict:
    """The first winnable Easy Harp end-game fixture that ``test`` takes."""
    return next(e["position"] for group in GROUPS.values() for e in group if e["winnable"] and test(e["position"]))


def face_down(position: dict) -> int:
    return sum(card.startswith("#") for col in position["columns"] for card in col)


def searched(d, frames: int = 60) -> None:
    """Frames until the search (if any) has answered and its tables are freed."""
    for _ in range(frames):
        d.wait(16)
        if not d.app.play.busy:
            d.wait(16)  # the table shows what the search found at its next frame
            return


def runs_of_each_suit() -> dict:
    """Eight Off, the rest mechanical: each suit's seven to king one run in a
    column, the rest home (28 moves to the win)."""
    foundations = [[r + suit for r in "A23456"] for suit in "SHDC"]
    columns = [[r + suit for r in "KQJT987"] for suit in "SHDC"] + [[] for _ in range(4)]
    return {"game": "eight-off", "variant": "C8", "deal": None, "columns": columns, "foundations": foundations,
            "cells": [None] * 8}


def finish_center(d) -> tuple[int, int]:
    sprite = d.table.finish.sprite
    assert sprite is not None and sprite.alive(), "no Finish button on the table"
    return sprite.rect.center


def to_face_up(d) -> None:
    """Play a proven win's first actions until every card is face up."""
    result = solve(d.game.position, seconds=20)
    assert result.result == WINNABLE
    for action in result.actions:
        if mechanical(d.game.position):
            return
        assert d.table.play(action).ok
        d.wait(200)
    assert mechanical(d.game.position)


def test_off_by_default(driver_for):
    assert Settings().finish_for_me is False
    d = driver_for(near_won_eight_off(4))  # every card face up, won in one move
    searched(d)
    assert not d.app.play.finish.offered and d.app.play.search.running is None
    assert d.table.finish.sprite is None
    moves = d.game.position.moves
    d.wait(500)
    assert d.game.position.moves == moves and not d.game.position.won  # nothing plays by itself


def test_not_offered_while_a_card_is_face_down(driver_for):
    position = end_game(lambda p: face_down(p) and not p["stock"])
    d = driver_for(position, settings=Settings(finish_for_me=True))
    searched(d)
    assert not mechanical(d.game.position)
    assert not d.app.play.finish.offered and d.table.finish.sprite is None
    assert d.app.play.search.running is None and not d.app.play.busy  # no search is spent on it either


def test_easy_harp_s_stock_counts_as_not_face_up(driver_for):
    position = end_game(lambda p: not face_down(p) and p["stock"])
    d = driver_for(position, settings=Settings(finish_for_me=True))
    searched(d)
    assert not any(d.game.position.hidden) and d.game.position.stock
    assert not d.app.play.finish.offered and d.table.finish.sprite is None


def test_the_finish_plays_an_end_game_to_a_win_one_counted_move_at_a_time(driver_for):
    d = driver_for(end_game(lambda p: face_down(p) >= 3 and not p["stock"]), settings=Settings(finish_for_me=True))
    searched(d)
    assert d.table.finish.sprite is None  # face-down cards: no Finish yet
    to_face_up(d)
    searched(d)
    service = d.app.play.finish
    assert service.offered
    line = list(service.line)
    moves, played = d.game.position.moves, []
    d.app.play.on(Played, lambda event: played.append(event.outcome))
    d.click(finish_center(d))
    assert service.playing and d.table.finish.sprite is None  # pressed: the button goes while it plays
    assert d.table.moving, "the first action glides like any move"
    for _ in range(3 * len(line)):
        if d.game.position.won:
            break
        d.wait(200)
    assert d.game.position.won
    assert [o.action for o in played] == [Action.parse(a) for a in line]  # the proven line, through the session
    assert d.game.position.moves == moves + len(line)  # each one a move on the counter
    assert not service.playing and d.table.finish.sprite is None


def test_eight_off_is_not_offered_from_the_deal(driver_for):
    d = driver_for("EO1-C8-AAAAAAB", settings=Settings(finish_for_me=True))  # no card is ever face down here
    searched(d)
    assert not mechanical(d.game.position) and not d.app.play.finish.offered and d.table.finish.sprite is None
    assert d.app.play.search.running is None and not d.app.play.busy


def test_a_press_of_the_player_s_stops_the_finish(driver_for):
    d = driver_for(runs_of_each_suit(), settings=Settings(finish_for_me=True))
    searched(d)
    service = d.app.play.finish
    assert service.offered and len(service.line) > 10
    d.click(finish_center(d))
    for _ in range(3):
        d.wait(200)
    moves = d.game.position.moves
    assert moves >= 3 and service.playing
    d.click((d.app.width // 2, d.app.height - 3))  # on the felt, below the columns
    assert not service.playing
    for _ in range(5):
        d.wait(200)
    assert d.game.position.moves == moves  # nothing more is played
    assert service.offered and d.table.finish.sprite is not None  # the rest of the line is still known


def test_a_key_or_an_undo_stops_it_too(driver_for):
    d = driver_for(runs_of_each_suit(), settings=Settings(finish_for_me=True))
    searched(d)
    d.click(finish_center(d))
    d.wait(200)
    d.key(pygame.K_BACKSPACE)  # undo
    assert not d.app.play.finish.playing
    moves = d.game.position.moves
    d.wait(200)
    d.wait(200)
    assert d.game.position.moves == moves


def test_the_button_leaves_the_cards_alone_at_every_size():
    for size in ((390, 844), (844, 390), (640, 360), (1366, 768), (2560, 1440)):
        app = build_app(["--size", f"{size[0]}x{size[1]}"], storage=MemoryStorage(), headless=True, now=FakeClock())
        app.change_setting("finish_for_me", True)
        app.start_game(Game(Position.from_dict(near_won_eight_off(8))), animate=False)
        for _ in range(20):
            app.frame()
        sprite = app.table.finish.sprite
        assert sprite is not None, size
        box = pygame.Rect(sprite.rect)
        assert pygame.Rect(0, 0, *size).contains(box), size
        layout = app.table.layout
        assert box.height >= (44 if layout.touch else 30), size
        for pile, place in layout.piles.items():
            count = len(app.session.game.position.cards(pile))
            places = app.table.card_places(pile, count) if pile.kind == COLUMN else [place[:2]]
            for x, y in places:
                assert not box.colliderect(pygame.Rect(round(x), round(y), layout.card_w, layout.card_h)), (size, pile)


def test_the_option_is_in_options_and_remembered():
    storage = MemoryStorage()
    app = build_app(["--size", "1280x720"], storage=storage, headless=True, now=FakeClock())
    app.open_options()
    options = app.top()
    toggle = next(w for w in options.widgets if getattr(w, "label", "") == "ui.options.finish")
    assert toggle.value is False
    toggle.activate()
    assert app.settings.finish_for_me is True
    again = build_app(["--size", "1280x720"], storage=storage, headless=True, now=FakeClock())
    assert again.settings.finish_for_me is True


def test_old_settings_without_the_new_keys_still_load():
    old = json.loads(dumps_settings(Settings(sound=False)))
    for key in ("finish_for_me", "winnable_only"):
        del old["settings"][key]
    settings, problems = loads_settings(json.dumps(old))
    assert problems == [] and settings.sound is False
    assert settings.finish_for_me is False and settings.winnable_only is False


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_a_bad_value_falls_back_to_off(value):
    record = json.loads(dumps_settings(Settings()))
    record["settings"]["finish_for_me"] = value
    settings, problems = loads_settings(json.dumps(record))
    assert settings.finish_for_me is False and problems == ["'finish_for_me' must be true or false"]
