"""Easy Harp's proven lines made shorter (``game.solver.easy_harp_line``):
the shortened line wins through the rules engine from the same start, has
far fewer draws, keeps the found line's positions until its first talon
card, leaves a line that does not check as it was, and runs in slices
like the search; a time limit that falls while a line is shortened keeps
the win."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.engine import Game, deal_position
from game.engine.position import Position
from game.solver import WINNABLE, SolverTask, easy_harp_line, search
from game.solver.easy_harp import EasyHarpProblem
from game.solver.search import finish, sweep

FOLDER = Path(__file__).resolve().parents[1] / "known_wins"
KNOWN = {path.stem: path.read_text(encoding="utf-8").split() for path in sorted(FOLDER.glob("EH1-*.txt"))}
SOME = list(KNOWN)[:12]


def replayed(position: Position, actions: list[str]) -> Game:
    game = Game(position.copy())
    for action in actions:
        assert game.play(action).ok, action
    return game


def turns(position: Position, actions: list[str]) -> int:
    """Turns of the waste: draws with the stock empty."""
    game = Game(position.copy())
    count = 0
    for action in actions:
        count += action == "draw" and not game.position.stock
        game.play(action)
    return count


def shortened(position: Position, actions: list[str]) -> list[str]:
    line: list[str] = finish(easy_harp_line.shorten(EasyHarpProblem(position).root, actions))
    return line


def midway(code: str, played: int) -> Position:
    return replayed(deal_position(code), KNOWN[code][:played]).position


@pytest.mark.parametrize("code", SOME)
@pytest.mark.parametrize("played", [0, 200])
def test_a_shortened_line_wins_with_fewer_draws(code: str, played: int) -> None:
    """From the deal and from midway (cards on the waste, some home)."""
    position = midway(code, played)
    line = KNOWN[code][played:]
    short = shortened(position, line)
    assert replayed(position, short).position.won
    assert short.count("draw") < line.count("draw")


def test_the_known_lines_lose_most_of_their_draws() -> None:
    """Lines the solver found before lines were shortened: a median of 1000
    actions and 24 turns of the waste; shortened, well under half of that."""
    before = after = turned = turned_after = 0
    for code in SOME:
        position = deal_position(code)
        short = shortened(position, KNOWN[code])
        before += len(KNOWN[code])
        after += len(short)
        turned += turns(position, KNOWN[code])
        turned_after += turns(position, short)
    assert after < 0.5 * before and turned_after < 0.4 * turned


def position_keys(position: Position, actions: list[str]) -> list[tuple[Any, ...]]:
    """The positions a line goes through (after each move that is not a draw),
    the stock and waste as one multiset and each suit's two slots as a pair."""
    game = Game(position.copy())

    def key() -> tuple[Any, ...]:
        p = game.position
        slots = tuple(tuple(sorted((len(p.foundations[s]), len(p.foundations[s + 1])))) for s in range(0, 8, 2))
        return tuple(map(tuple, p.columns)), tuple(p.hidden), slots, tuple(sorted(p.stock + p.waste))

    keys = [key()]
    for action in actions:
        game.play(action)
        if action != "draw":
            keys.append(key())
    return keys


@pytest.mark.parametrize("code", SOME)
@pytest.mark.parametrize("played", [0, 150, 300])
def test_until_its_first_talon_card_a_shortened_line_goes_where_the_found_line_went(code: str,
                                                                                   played: int) -> None:
    """Every position of the shortened line with as many talon cards as the
    start is one the found line went through (later ones have fewer talon
    cards than any position the game was in): a search that keeps off the
    positions the game has been in gives a line that does too. Without the
    gate (``_Schedule.gate``) 22 of these 36 went somewhere new."""
    position = midway(code, played)
    line = KNOWN[code][played:]
    talon = len(position.stock) + len(position.waste)
    found = set(position_keys(position, line))
    for key in position_keys(position, shortened(position, line)):
        assert len(key[3]) < talon or key in found


@pytest.mark.parametrize("broken", [
    ["c1>c9", "draw"],  # an illegal move
    ["x>y"], ["c>f"], ["c1.x>c2"], ["w>c99"], ["f9>c1"], ["c1>"],  # not actions
    ["draw", "draw"],  # moves not known to it (the line after them is not what it says)
])
def test_a_line_that_does_not_check_is_left_as_it_was(broken: list[str]) -> None:
    position = deal_position(SOME[0])
    line = broken + KNOWN[SOME[0]]
    assert shortened(position, line) == line


def test_the_solvers_lines_are_shortened_and_win() -> None:
    """``SolverTask`` gives the shortened line (node budgets: the same
    searches on any machine) and it replays to a win."""
    for code in SOME[:4]:
        result = SolverTask(deal_position(code), seconds=600, max_nodes=60_000).run()
        if result.result == WINNABLE:
            assert replayed(deal_position(code), result.actions).position.won
            assert result.actions.count("draw") < 400


def test_shortening_runs_in_slices(monkeypatch) -> None:
    """A clock that moves 1 ms with every move or draw the shortening plays:
    a 4 ms slice plays at most 4 + PAUSE_STEPS of them, and the line comes
    out the same as in one go."""
    code = SOME[1]
    whole = SolverTask(deal_position(code), seconds=600, max_nodes=60_000).run()
    played = 0
    table = easy_harp_line._Table
    real_play, real_draw = table.play, table.draw

    def play(self: Any, move: Any) -> None:
        nonlocal played
        played += 1
        real_play(self, move)

    def draw(self: Any) -> None:
        nonlocal played
        played += 1
        real_draw(self)

    monkeypatch.setattr(table, "play", play)
    monkeypatch.setattr(table, "draw", draw)
    monkeypatch.setattr(search.time, "perf_counter", lambda: played / 1000)
    task = SolverTask(deal_position(code), seconds=600, max_nodes=60_000)
    task.step(0.004)  # the search (the clock stands still), then the first slice of the shortening
    slices = 0
    while True:
        before = played
        done = task.step(0.004)
        assert played - before <= 4 + easy_harp_line.PAUSE_STEPS
        slices += 1
        if done:
            break
    while sweep(1.0):
        pass
    assert slices > 10
    assert task.result.result == whole.result == WINNABLE and task.result.actions == whole.actions


def test_a_time_limit_while_the_line_is_shortened_keeps_the_win(monkeypatch) -> None:
    """A shortening that never ends: the task ends at its time limit with
    the win and the line as found."""
    def endless(self: Any, line: list[str]) -> Any:
        while True:
            yield

    monkeypatch.setattr(EasyHarpProblem, "shorten", endless)
    code = SOME[0]
    task = SolverTask(deal_position(code), seconds=1.0, max_nodes=60_000)
    result = task.run(0.01)
    assert result.result == WINNABLE and result.seconds >= 1.0
    assert replayed(deal_position(code), result.actions).position.won
