"""The hint's rule of thumb never goes back and forth, even without a
history (game/solver/heuristic.py): ``python -m game hint --position FILE``
knows nothing of the moves before, so following its guesses one position
file at a time must not loop (Eight Off C8 deal 679593 once gave
``c1>r``, then ``r5>c1``, then ``c1>r`` ... for ever)."""

from __future__ import annotations

import json
import random

import pytest

from game import cli
from game.engine import Game, Position, deal_position
from game.engine.deals import format_code
from game.solver import UNKNOWN, SolveResult, api, hint_action
from game.solver.heuristic import heuristic_action

STEPS = 40
WINDOW = 4  # a position coming back within this many hints is a loop (A -> B -> A, or A -> B -> C -> A ...)
VARIANTS = [("easy-harp", "N"), ("eight-off", "C8"), ("eight-off", "C4"), ("eight-off", "C2")]
LOOPING_DEAL = format_code("eight-off", "C8", 679593)  # EO1-C8-AABMRIF


def follow(game: Game, steps: int = STEPS) -> list[str]:
    """Play the hint's guess (no proven win, no history) up to ``steps``
    times; fails at the first position that comes back within WINDOW hints."""
    keys = [game.position.key()]
    played = []
    for step in range(steps):
        action = hint_action(SolveResult(UNKNOWN), game.position)
        if action is None:
            break
        assert game.play(action).ok, (played, action)
        played.append(action)
        key = game.position.key()
        assert key not in keys[-WINDOW:], f"back to a position of {len(keys) - keys.index(key)} hints ago: {played}"
        keys.append(key)
    return played


# EO1-C8-AABMRIF (deal 679593) after the 11 moves its first hints advise
# (r3>f, c1>r ×5, c3>c8, c3>f, c5>c1, c5>f, r5>c5): where that loop
# began, the 9 of diamonds on the 10 in column 1 and cell 5 empty.
LOOP_START = {"game": "eight-off", "variant": "C8", "deal": LOOPING_DEAL,
              "columns": [["TD", "9D"], ["QS", "2C", "6H", "2S", "4S", "8S"], ["TC", "JC", "7D", "QD"],
                          ["QH", "3C", "8H", "KD", "6C", "7C"], ["3D", "KS", "8D", "JH", "TH"],
                          ["AH", "9H", "2H", "AS", "JD", "KH"], ["5H", "4H", "5S", "KC", "JS", "3H"],
                          ["5D", "7H", "6D", "TS", "7S", "5C", "4C"]],
              "foundations": [[], [], ["AD", "2D"], ["AC"]],
              "cells": ["9S", "9C", "4D", "6S", None, "QC", "3S", "8C"], "score": 30, "moves": 11}


def test_the_issues_deal_no_longer_goes_back_and_forth():
    follow(Game(deal_position(LOOPING_DEAL)))
    pos = Position.from_dict(LOOP_START)
    assert heuristic_action(pos) != "c1>r"  # was c1>r, then r5>c1, then c1>r ...
    # the player may still make that move; the hint then brings the 9 back, and not into the cell again
    game = Game(pos)
    game.play("c1>r")
    assert heuristic_action(game.position) == "r5>c1"
    game.play("r5>c1")
    assert heuristic_action(game.position) != "c1>r"
    follow(game)


@pytest.mark.parametrize("game_id, variant", VARIANTS)
def test_following_the_guesses_never_comes_back(game_id, variant):
    """30 deals of each game and variant, from the deal and from positions
    reached by random legal moves: 40 guesses in a row, no position twice
    within 4 of them."""
    for number in range(1, 31):
        code = format_code(game_id, variant, number)
        follow(Game(deal_position(code)))
        rng = random.Random(number)
        for walk in (10, 40):
            game = Game(deal_position(code))
            for _ in range(walk):
                legal = game.legal_actions()
                if not legal:
                    break
                game.play(rng.choice(legal))
            follow(game)


def test_a_move_and_its_way_back_are_never_both_advised():
    """Wherever the guess is a move the next one could take straight back,
    the guess after it is not that way back (the deal that looped and 20 deals
    of each Eight Off variant, following the guesses)."""
    for variant in ("C8", "C4", "C2"):
        for code in [format_code("eight-off", variant, n) for n in range(1, 21)] + [LOOPING_DEAL]:
            game = Game(deal_position(code))
            for _ in range(STEPS):
                before = game.position.key()
                action = heuristic_action(game.position)
                if action is None:
                    break
                game.play(action)
                then = heuristic_action(game.position)
                if then is None:
                    break
                probe = Game(game.position.copy())
                probe.play(then)
                assert probe.position.key() != before, (code, action, then)


def test_the_command_line_hint_one_file_at_a_time_does_not_loop(tmp_path, monkeypatch, capsys):
    """That loop, as a player of the command line meets it: each hint
    from a position file alone (the search forced to end unknown, as a tiny
    budget does), the advised action played with ``play``, the new position
    written back."""
    monkeypatch.setattr(api, "solve", lambda position, seconds=30.0, max_nodes=None, avoid=(): SolveResult(UNKNOWN))
    path = tmp_path / "position.json"
    path.write_text(deal_position(LOOPING_DEAL).to_json(), encoding="utf-8")
    keys, played = [], []
    for _ in range(STEPS):
        position = Position.from_json(path.read_text(encoding="utf-8"))
        keys.append(position.key())
        assert cli.main(["hint", "--position", str(path)]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["result"] == UNKNOWN
        if data["action"] is None:
            break
        played.append(data["action"])
        assert cli.main(["play", "--position", str(path), data["action"]]) == 0
        out = capsys.readouterr().out.splitlines()
        assert json.loads(out[0])["ok"], played
        path.write_text(out[-1], encoding="utf-8")
        after = Position.from_json(out[-1]).key()
        assert after not in keys[-WINDOW:], played
    assert len(played) >= 12


# EO1-C8-AAAAAAJ after 40 of the rule of thumb's moves: every column's top
# card lies on the card it builds on (or is a king alone), nothing can go home.
# The solver proves it winnable at once: no move "stands out", but the game is
# not lost (tests/ui/test_hint_ui.py: the window says so in those words).
ALL_BUILT = {"game": "eight-off", "variant": "C8", "deal": "EO1-C8-AAAAAAJ",
             "columns": [["KS", "QS"], ["KC", "QC", "JC", "TC", "9C"], ["KH", "4S", "TD", "6D", "QH", "6C", "5C", "4C", "3C"],
                         ["TH", "9S", "5D", "4D"], ["9D", "8C", "JH", "2D", "JS", "8D", "7D"], [],
                         ["2C", "3D", "7C", "8S", "7S", "6S", "5S"], ["KD", "QD", "JD"]],
             "foundations": [["AS", "2S", "3S"], ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"], ["AD"], ["AC"]],
             "cells": [None, None, None, "TS", None, None, None, None], "score": 140, "moves": 40}

# EO1-C8-AAAAAAB after 11 of its moves: the king of clubs in a cell, column 2 empty.
KING_IN_A_CELL = {"game": "eight-off", "variant": "C8", "deal": "EO1-C8-AAAAAAB",
                  "columns": [["5H", "8D", "2S", "5D", "4D"], [], ["TD", "7D", "7S", "8H", "4C", "TH"],
                              ["AS", "7C", "3H", "QD", "3S", "8C"], ["5C", "KH", "9D", "JH", "2C", "JS"],
                              ["9C", "7H", "6S", "4S", "TS", "KS", "QS"], ["6D", "3D", "KD", "JD", "JC", "QC"],
                              ["6H", "9S", "QH", "AH", "4H", "9H"]],
                  "foundations": [[], [], ["AD", "2D"], ["AC"]],
                  "cells": ["6C", "5S", "KC", "2H", "3C", "TC", "8S", None], "score": 30, "moves": 11}


def test_a_card_on_the_card_it_builds_on_is_not_put_into_a_cell_for_nothing():
    """Each card that could go into a cell here lies on the card it builds
    on, and from the cell the next guess would bring it straight back: so
    none is advised (no move stands out), rather than one half of a loop."""
    pos = Position.from_dict(ALL_BUILT)
    assert heuristic_action(pos) is None
    into_cells = [str(a) for a in pos.rules.legal_actions(pos) if str(a).startswith("c") and str(a).endswith(">r")]
    assert len(into_cells) == 7
    for action in into_cells:
        game = Game(pos.copy())
        game.play(action)
        back = heuristic_action(game.position)
        assert back is not None and back.startswith("r") and back.endswith(">" + action.split(">")[0]), (action, back)
        game.play(back)
        assert game.position.key() == pos.key()  # the way back: so the first move was never worth advising


def test_a_lone_king_is_not_put_into_a_cell_to_empty_its_column():
    """Eight Off: an empty column takes only a king, so a king alone in its
    column gains nothing in a cell; the king from a cell into an empty
    column frees the cell, and the next guess does not take it back."""
    pos = Position.from_dict(KING_IN_A_CELL)
    assert heuristic_action(pos) == "r3>c2"
    game = Game(pos)
    game.play("r3>c2")
    assert heuristic_action(game.position) != "c2>r"
    follow(game)
