"""The Finish for me option in the application layer (game.play.finish),
without a window: what it offers, what it plays, and when the search
service searches for it."""

from __future__ import annotations

from game.engine import Game, Position
from game.persistence.settings import Settings
from game.play.application import Application
from game.play.events import Played
from game.play.finish import mechanical
from tests.solver.end_games import easy_harp


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
        if not app.busy:
            return


def test_offered_once_the_search_has_proven_the_win():
    app = app_with(near_won_eight_off())
    assert not app.finish.offered and app.search.running is not None  # it searches first
    run_tasks(app)
    assert app.finish.offered and len(app.finish.line) >= 4 and app.search.running is None


def test_nothing_is_offered_or_searched_with_the_option_off():
    app = app_with(near_won_eight_off(), on=False)
    assert app.search.running is None and not app.busy
    run_tasks(app)
    assert not app.finish.offered and not app.finish.line
    app.finish.start()
    assert not app.finish.playing


def test_the_finish_plays_its_line_through_the_session_to_the_win():
    app = app_with(near_won_eight_off())
    run_tasks(app)
    line = list(app.finish.line)
    played = []
    app.on(Played, lambda event: played.append(str(event.outcome.action)))
    app.finish.start()
    while app.finish.playing:
        app.finish.play_next()
    assert played == line and app.session.won
    assert app.session.game.position.moves == len(line)


def test_the_line_serves_every_position_on_it_without_a_new_search():
    app = app_with(near_won_eight_off())
    run_tasks(app)
    first, rest = app.finish.line[0], app.finish.line[1:]
    assert app.play(first).ok  # the player plays the line's next move themselves
    assert app.finish.offered and app.finish.line == rest and app.search.running is None  # no new search
    assert app.play("undo").ok  # back on the line's first position: still known
    assert app.finish.offered and app.finish.line == [first, *rest] and app.search.running is None
    off = next(str(a) for a in app.session.game.legal_actions() if str(a) != first)
    assert app.play(off).ok  # off the line: a new search
    assert not app.finish.offered and app.search.running is not None
    run_tasks(app)
    assert app.finish.offered


def test_the_player_s_own_move_stops_the_finish():
    app = app_with(near_won_eight_off())
    run_tasks(app)
    app.finish.start()
    app.finish.play_next()
    assert app.finish.playing
    other = next(str(a) for a in app.session.game.legal_actions() if str(a) != app.finish.line[0])
    assert app.play(other).ok
    assert not app.finish.playing


def test_easy_harp_is_mechanical_with_every_card_face_up_and_no_stock_or_waste():
    found = [12, 13, 13, 12, 13, 13, 13, 13]  # a king of spades and a king of hearts to go
    assert mechanical(easy_harp([["KH"], ["KS"]], found))
    assert not mechanical(easy_harp([["#KH", "KS"]], found))
    assert not mechanical(easy_harp([["KH"]], found, stock=["KS"]))
    assert not mechanical(easy_harp([["KH"]], found, waste=["KS"]))


def test_eight_off_is_mechanical_when_every_column_is_one_run_down_in_suit():
    assert mechanical(near_won_eight_off())
    assert not mechanical(Game.from_deal("EO1-C8-AAAAAFA").position)  # every card face up, but a deal
    columns = near_won_eight_off().to_dict()
    assert mechanical(Position.from_dict({**columns, "columns": [["KH", "QH", "JH"], ["TH"]] + [[]] * 6}))
    columns["columns"][:2] = [["KH", "TH"], ["QH", "JH"]]  # a gap in the first run
    assert not mechanical(Position.from_dict(columns))


def test_no_search_for_the_finish_before_the_rest_is_mechanical():
    app = app_with(Game.from_deal("EO1-C8-AAAAAFA").position)
    assert app.search.running is None and not app.busy and not app.finish.offered
