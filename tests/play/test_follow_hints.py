"""A player who presses Hint and plays what it marks, again and again, in
the application layer the window runs (``game.play``, no window): the deal
is won, and no position ever comes back (issue 39). Easy Harp's hint names
the move after the draws and how many draws lead to it."""

from __future__ import annotations

import pytest

from game.engine import DealCode, Game, deal_position
from game.persistence.settings import Settings
from game.play.application import Application
from game.play.events import HintMarked, HintSaid
from game.play.session import replay_of
from game.solver import winnable_numbers


class Player:
    """The application on a deal, and what its hints marked and said."""

    def __init__(self, code: str) -> None:
        self.app = Application(Settings(), now=lambda: 0)
        self.app.start(Game.from_deal(code))
        self.marked: list[HintMarked] = []
        self.said: list[HintSaid] = []
        self.app.on(HintMarked, self.marked.append)
        self.app.on(HintSaid, self.said.append)

    def press(self, frames: int = 5000) -> tuple[list[HintMarked], list[HintSaid]]:
        """Press Hint and run frames (the table still) until it is answered."""
        self.marked.clear()
        self.said.clear()
        app = self.app
        app.hints.request()
        for _ in range(frames):
            if self.marked or not app.search.awaiting_hint:
                break
            app.tick(idle=True)
        return list(self.marked), list(self.said)


def follow(code: str, cap: int = 3000) -> tuple[int, int, int]:
    """Follow the hints to the win: (actions, presses, draws). A position met twice fails."""
    player = Player(code)
    app = player.app
    session = app.session
    met = {session.game.position.packed_key()}
    presses = draws = 0
    while not session.won:
        assert session.game.position.moves < cap, code
        marked, said = player.press()
        presses += 1
        assert marked, (code, [s.key for s in said])
        assert not any(s.key == "say.hint_guess" for s in said), code  # every hint from a proven line
        hint = marked[-1]
        actions = [hint.action] if not hint.draws else [hint.action] * hint.draws + [str(replay_of(hint.then))]
        draws += hint.draws
        for action in actions:
            assert app.play(action).ok, (code, action)
            key = session.game.position.packed_key()
            assert key not in met, (code, session.game.position.moves)
            met.add(key)
    return session.game.position.moves, presses, draws


@pytest.mark.parametrize("code", [
    "EO1-C8-AACBPMV",  # the loop: c5>r2, then r2>c5
    *[str(DealCode("eight-off", "C8", n)) for n in (271828, 271830, 271836, 271837)],
    *[str(DealCode("eight-off", "C4", n)) for n in winnable_numbers("eight-off", "C4")[:3]],
])
def test_following_the_hints_wins_eight_off_without_coming_back(code):
    actions, presses, _ = follow(code)
    assert actions == presses  # one action a press


@pytest.mark.parametrize("code", ["EH1-N-AACBASF", "EH1-N-AABFPAK"])  # the loop; a long one before
def test_following_the_hints_wins_easy_harp_a_press_a_move(code):
    """Easy Harp: a press for each move that is not a draw (the draws
    before it come with it), and the deal is won."""
    actions, presses, draws = follow(code)
    assert presses == actions - draws  # one press a move, its draws told with it


def test_easy_harp_names_the_move_after_the_draws_and_counts_them_down():
    player = Player("EH1-N-AAAAAAF")
    app = player.app
    marked, said = player.press()
    hint = marked[-1]
    assert hint.action == "draw" and hint.draws >= 2 and hint.then is not None
    assert said[-1].key == "say.hint_draws" and said[-1].count == hint.draws and said[-1].move == hint.then
    assert app.play("draw").ok  # the player draws once and asks again: one draw fewer, the same move
    again, said = player.press()
    assert again[-1].draws == hint.draws - 1 and again[-1].then == hint.then and said[-1].count == hint.draws - 1


def test_a_hint_waits_for_the_line_being_learnt_rather_than_searching_anew():
    """The player plays the line faster than it is learnt (no frames ran
    meanwhile): the next hint is the line's next action, without a search."""
    player = Player("EO1-C8-AAAAAFA")
    app = player.app
    marked, _ = player.press()
    plan = list(app.search.plan)
    assert app.search.learner is not None  # learnt a few actions at once, the rest in the background
    for action in plan[:20]:
        assert app.play(action).ok
    marked, _ = player.press()
    assert marked and marked[-1].action == plan[20]
    assert app.search.plan == plan  # the same line: no search replaced it


def test_a_line_that_would_go_back_where_the_game_has_been_is_left():
    """The player follows the line through a card taken out of a cell onto
    a column, then puts it back into that cell (no undo): on the line again,
    whose next step leads to a position the game has been in. The line is
    forgotten, and the hint comes from a new line that stays off the path."""
    for number in (271828, 271829, 271830, 271831, 271832, 271833):
        player = Player(str(DealCode("eight-off", "C8", number)))
        app = player.app
        player.press()
        while app.search.learner is not None:
            app.tick(idle=True)
        plan = list(app.search.plan)
        index = next((i for i, a in enumerate(plan) if a.startswith("r") and ">c" in a), None)
        if index is None:
            continue
        for action in plan[:index + 1]:
            assert app.play(action).ok
        game = app.session.game
        been = game.position.packed_key()
        cell, column = plan[index].split(">")
        assert app.play(f"{column}>{cell}").ok  # back into its cell: the table as it was, on the line again
        assert app.search.plan_keys.get(game.position.packed_key()) is None  # the line is forgotten
        marked, _ = player.press()
        assert app.search.plan_base == set(app.session.path)  # a new line, found told the path
        probe = Game(game.position.copy())
        assert probe.play(marked[-1].action).ok
        if probe.position.packed_key() != been:
            return
        # no line stays off the path here (the only move leads back): the one that does not is the hint
    pytest.fail("no deal with a line that takes a card out of a cell where another way on exists")


def test_the_path_follows_the_moves_and_undos():
    app = Player("EO1-C8-AAAAAFA").app
    start = app.session.game.position.packed_key()
    assert app.session.path == []
    first = str(app.session.game.legal_actions()[0])
    assert app.play(first).ok
    assert app.session.path == [start]
    assert app.play("undo").ok
    assert app.session.path == []
    assert app.redo() is not None
    assert app.session.path == [start]


def test_a_resumed_game_s_path_starts_where_its_undo_history_starts():
    game = Game(deal_position("EO1-C8-AAAAAFA"))
    keys = [game.position.packed_key()]
    for action in [str(a) for a in game.legal_actions()[:1]]:
        game.play(action)
    app = Application(Settings(), now=lambda: 0)
    app.start(game)
    assert app.session.path == keys
