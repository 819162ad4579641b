"""The Finish for me option in the application layer (game.play.finish),
without a window: what it offers, what it plays, and when it searches."""

from __future__ import annotations

from game.engine import Game, Position
from game.persistence.settings import Settings
from game.play.application import Application
from game.play.finish import all_face_up
from tests.end_games import easy_harp


def near_won_eight_off() -> Position:
    ranks = "A23456789TJQK"
    foundations = [[r + s for r in ranks] for s in "SHDC"]
    foundations[1] = foundations[1][:-4]  # 10, jack, queen and king of hearts to go
    return Position.from_dict({"game": "eight-off", "variant": "C4", "columns": [["KH", "QH"], ["JH", "TH"]] + [[]] * 6,
                               "foundations": foundations, "cells": [None] * 4})


def app_with(position: Position, on: bool = True) -> Application:
    app = Application(Settings(finish_for_me=on), now=lambda: 0)
    app.start(Game(position))
    return app


def run_tasks(app: Application, frames: int = 50) -> None:
    for _ in range(frames):
        app.tick(idle=True)
        if app.finish.search is None:
            return


def test_offered_once_the_search_has_proven_the_win():
    app = app_with(near_won_eight_off())
    assert not app.finish.offered and app.finish.search is not None  # it searches first
    run_tasks(app)
    assert app.finish.offered and len(app.finish.line) >= 4


def test_nothing_is_offered_or_searched_with_the_option_off():
    app = app_with(near_won_eight_off(), on=False)
    run_tasks(app)
    assert not app.finish.offered and app.finish.search is None and not app.finish.line
    app.finish.start()
    assert not app.finish.playing


def test_the_finish_plays_its_line_through_the_session_to_the_win():
    app = app_with(near_won_eight_off())
    run_tasks(app)
    line = list(app.finish.line)
    app.finish.start()
    played = []
    while app.finish.playing:
        app.finish.play_next(lambda action: played.append(action) or app.session.play(action))
    assert played == line and app.session.won
    assert app.session.game.position.moves == len(line)


def test_a_move_of_the_line_keeps_it_another_forgets_it():
    app = app_with(near_won_eight_off())
    run_tasks(app)
    first, rest = app.finish.line[0], app.finish.line[1:]
    assert app.session.play(first).ok  # the player plays the line's next move themselves
    assert app.finish.offered and app.finish.line == rest and app.finish.search is None  # no new search
    assert app.session.play("undo").ok  # an undo: the line is gone, a new search starts
    assert not app.finish.offered and app.finish.search is not None
    run_tasks(app)
    assert app.finish.offered


def test_the_player_s_own_move_stops_the_finish():
    app = app_with(near_won_eight_off())
    run_tasks(app)
    app.finish.start()
    app.finish.play_next(app.session.play)
    assert app.finish.playing
    other = next(str(a) for a in app.session.game.legal_actions() if str(a) != app.finish.line[0])
    assert app.session.play(other).ok
    assert not app.finish.playing


def test_face_up_means_no_face_down_card_and_no_stock_or_waste():
    found = [12, 13, 13, 12, 13, 13, 13, 13]  # a king of spades and a king of hearts to go
    assert all_face_up(easy_harp([["KH"], ["KS"]], found))
    assert not all_face_up(easy_harp([["#KH", "KS"]], found))
    assert not all_face_up(easy_harp([["KH"]], found, stock=["KS"]))
    assert not all_face_up(easy_harp([["KH"]], found, waste=["KS"]))
