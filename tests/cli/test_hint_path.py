"""``python -m game hint --deal CODE [ACTION ...]``: the actions played so
far are the game's path; the hint stays off it, keeps to one line while the
player follows it, and counts Easy Harp's draws down to the move they lead to."""

from __future__ import annotations

import json

from game import cli
from game.engine import Game, deal_position


def hint(capsys, *args: str) -> dict:
    assert cli.main(["hint", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_refused_action_of_the_path_is_bad_input(capsys):
    assert cli.main(["hint", "--deal", "EO1-C8-AAAAAFA", "r2>f", "c1>c2"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: action 2, 'c1>c2', is refused") and "\n" not in err


def test_an_unreadable_action_is_bad_input(capsys):
    assert cli.main(["hint", "--deal", "EO1-C8-AAAAAFA", "c1>>c2"]) == 2
    assert capsys.readouterr().err.startswith("error: ")


def test_easy_harp_draws_count_down_to_the_same_move(capsys):
    first = hint(capsys, "--deal", "EH1-N-AAAAAAF")
    assert first["action"] == "draw" and first["draws"] >= 3 and first["then"] != "draw"
    after = hint(capsys, "--deal", "EH1-N-AAAAAAF", "draw", "draw")
    assert after["draws"] == first["draws"] - 2 and after["then"] == first["then"]


def test_following_the_command_line_s_hints_wins_without_coming_back(capsys):
    """Each hint asked with the actions so far, the hinted action played:
    the deal is won and no position comes back."""
    code = "EO1-C8-AACBPMV"
    game = Game(deal_position(code))
    met = {game.position.packed_key()}
    played: list[str] = []
    while not game.position.won:
        assert len(played) < 300
        data = hint(capsys, "--deal", code, *played)
        assert data["result"] == "winnable"
        assert game.play(data["action"]).ok
        played.append(data["action"])
        assert game.position.packed_key() not in met
        met.add(game.position.packed_key())


def test_the_path_is_taken_into_account_and_undo_takes_a_step_back(capsys):
    """After a move and its undo the path is the start alone: the same hint
    as at the start. After the move, the hint never leads back to the start."""
    code = "EO1-C8-AAAAAFA"
    start = hint(capsys, "--deal", code)
    game = Game(deal_position(code))
    move = next(str(a) for a in game.legal_actions() if str(a) != start["action"] and ">r" in str(a))
    assert hint(capsys, "--deal", code, move, "undo")["action"] == start["action"]
    after = hint(capsys, "--deal", code, move)
    game.play(move)
    before = deal_position(code).packed_key()
    assert game.play(after["action"]).ok and game.position.packed_key() != before
