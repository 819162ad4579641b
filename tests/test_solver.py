"""The solver: solutions replay through the real command line, proven
losses are real, hints, slices and cancelling, and its own move generator
agrees with the engine's rules."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from game.engine import Game, Position, deal_position
from game.solver import UNKNOWN, UNWINNABLE, WINNABLE, SolverTask, hint, solve
from game.solver.problems import problem_for
from game.solver.winnable import winnable_numbers

RANKS = "A23456789TJQK"


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


# ---- solutions replay with `python -m game play` -------------------------------------

@pytest.mark.parametrize("code", [
    "EO1-C8-AAAAAAB", "EO1-C8-AAAAAAC", "EO1-C4-AAAAAAR", "EH1-N-AAAAAAB", "EH1-N-AAAAAAC",
])
def test_solve_then_play_wins(code: str) -> None:
    solved = run_cli("solve", "--deal", code, "--seconds", "20")
    assert solved.returncode == 0, solved.stderr
    data = json.loads(solved.stdout)
    assert set(data) == {"result", "actions", "seconds", "nodes"}
    assert data["result"] == WINNABLE
    played = run_cli("play", "--deal", code, stdin="\n".join(data["actions"]) + "\n")
    lines = [json.loads(line) for line in played.stdout.splitlines()]
    assert all(line["ok"] for line in lines[:-1])
    assert len(lines) == len(data["actions"]) + 1
    assert lines[-1]["won"] is True


def test_a_two_cell_deal_replays() -> None:
    numbers = winnable_numbers("eight-off", "C2") or (342,)
    code = f"EO1-C2-{_letters(numbers[0])}"
    data = json.loads(run_cli("solve", "--deal", code, "--seconds", "20").stdout)
    assert data["result"] == WINNABLE
    game = Game(deal_position(code))
    assert all(game.play(a).ok for a in data["actions"]) and game.position.won


def _letters(number: int) -> str:
    out = ""
    for _ in range(7):
        number, digit = divmod(number, 26)
        out = chr(65 + digit) + out
    return out


# ---- proven losses on small hand-made positions -------------------------------------

def eight_off(columns, cells, found, variant="C2") -> Position:
    return Position.from_dict({"game": "eight-off", "variant": variant, "columns": columns + [[]] * (8 - len(columns)),
                               "cells": cells, "foundations": [[r + s for r in RANKS[:n]] for s, n in zip("SHDC", found)]})


def easy_harp(columns, found, stock=(), waste=()) -> Position:
    return Position.from_dict({"game": "easy-harp", "variant": "N", "columns": columns + [[]] * (9 - len(columns)),
                               "stock": list(stock), "waste": list(waste),
                               "foundations": [[r + s for r in RANKS[:n]] for s, n in zip("SSHHDDCC", found)]})


def engine_can_win(position: Position, limit: int = 200_000) -> bool:
    """A second opinion: every state the engine's own legal moves reach,
    leaving out only take-backs of cards that are safe at home (Eight Off:
    all; Easy Harp: see ``game.solver.easy_harp``)."""
    from game.solver.easy_harp import _safe

    start = position.copy()
    seen = {start.key()}
    todo = [start]
    while todo:
        pos = todo.pop()
        if pos.won:
            return True
        for action in pos.rules.legal_actions(pos):
            if action.src is not None and action.src.kind == "f" and (
                    pos.game == "eight-off" or _safe(tuple(len(f) for f in pos.foundations),
                                                     pos.foundations[action.src.index][-1])):
                continue
            game = Game(pos.copy())
            assert game.play(action).ok
            key = game.position.key()
            if key not in seen:
                seen.add(key)
                todo.append(game.position)
        assert len(seen) < limit, "too big for the engine's search"
    return False


LOST = {
    # 8H has no place; 7H then 6H go under it
    "eight-off some moves": eight_off([["6H", "TH"], ["7H"], ["9H", "KH", "8H"]], ["QH", "JH"], [13, 5, 13, 13]),
    "easy-harp no move": easy_harp(
        [["#6H", "7H"], ["#6H", "7H"], ["8H", "8H"], ["9H", "9H"], ["TH", "TH"], ["JH", "JH"], ["QH", "QH"],
         ["KH"], ["KH"]], [13, 13, 5, 5, 13, 13, 13, 13]),
    # the same hearts, and four diamonds that can go home and come back (45 states)
    "easy-harp some moves": easy_harp(
        [["#6H", "7H"], ["#6H", "7H"], ["8H", "8H", "QD"], ["9H", "9H", "QD"], ["TH", "TH", "KD"],
         ["JH", "JH", "KD"], ["QH", "QH"], ["KH"], ["KH"]], [13, 13, 5, 5, 11, 11, 13, 13]),
}


@pytest.mark.parametrize("name", sorted(LOST))
def test_truly_lost_positions_are_proven_unwinnable(name: str) -> None:
    position = LOST[name]
    assert not engine_can_win(position)
    assert solve(position, seconds=20).result == UNWINNABLE


def test_a_position_that_needs_a_take_back_is_not_called_lost() -> None:
    # 7H hides a 6H; its only way out is onto an 8S taken back from the foundation
    stock = [r + "S" for r in "9TJQK"] * 2 + ["7H"] + [r + "H" for r in "89TJQK"] * 2
    position = easy_harp([["#6H", "7H"], ["6H"], ["KD"]], [8, 8, 5, 5, 13, 12, 13, 13], stock=stock)
    result = solve(position, seconds=20)
    assert result.result == WINNABLE
    assert any(a[0] == "f" and a[1].isdigit() for a in result.actions)  # a take-back
    game = Game(position.copy())
    assert all(game.play(a).ok for a in result.actions) and game.position.won


# ---- hints ---------------------------------------------------------------------------

def test_hint_one_move_from_a_win_is_that_move() -> None:
    eo = eight_off([["KS"]], [None, None], [12, 13, 13, 13])
    assert hint(eo, 5)["action"] == "c1>f"
    eh = easy_harp([], [13, 13, 13, 12, 13, 13, 13, 13], waste=["KH"])
    data = hint(eh, 5)
    assert set(data) == {"action", "result", "seconds", "nodes"}
    assert data["action"] == "w>f" and data["result"] == WINNABLE


@pytest.mark.parametrize("game,variant", [("easy-harp", "N"), ("eight-off", "C8"), ("eight-off", "C4"),
                                          ("eight-off", "C2")])
def test_a_hint_at_the_start_of_every_sample_deal(game: str, variant: str) -> None:
    """Deals 1-25 of each game: a search cut short (a few hundred positions)
    still gives one legal move: a proven win's first move or the rule of
    thumb's; only a deal proven lost may have none."""
    from game.engine.deals import format_code
    from game.solver import hint_action

    for number in range(1, 26):
        position = deal_position(format_code(game, variant, number))
        result = solve(position, seconds=60, max_nodes=300)
        action = hint_action(result, position)
        if result.result == UNWINNABLE:
            assert action is None
            continue
        assert action is not None, position.deal
        assert Game(position.copy()).play(action).ok, (position.deal, action)


def _easy_harp_rest_in_stock(columns, found) -> Position:
    """An Easy Harp position: these columns and foundation levels, every other card in the stock."""
    from collections import Counter

    from game.engine.cards import parse_card

    have = Counter(parse_card(c.lstrip("#")) for col in columns for c in col)
    have.update(parse_card(r + s) for s, n in zip("SSHHDDCC", found) for r in RANKS[:n])
    stock = [RANKS[c % 13] + "SHDC"[c // 13] for c in range(52) for _ in range(2 - have[c])]
    return easy_harp(columns, found, stock=stock)


def test_the_rule_of_thumb_order() -> None:
    """Safe home first; then a move that turns a face-down card; one draw
    rather than a pointless shuffle; never a take-back; never back to a
    position just left."""
    from game.solver.heuristic import heuristic_action

    found = [13, 6, 13, 4, 13, 4, 13, 0]
    # the ace goes home first, though 6H onto 7S would turn the 5D over
    pos = _easy_harp_rest_in_stock([["#5D", "6H"], ["7S"], ["AC"]], found)
    assert heuristic_action(pos) == "c3>f"
    # without the ace: the move that turns a face-down card
    pos = _easy_harp_rest_in_stock([["#5D", "6H"], ["7S"], ["8D", "7C"]], found)
    assert heuristic_action(pos) == "c1>c2"
    # 6H could only go from one 7 to another: one draw instead (and no take-back of a 4)
    pos = _easy_harp_rest_in_stock([["#9D", "7C", "6H"], ["7S"]], [13, 5, 13, 4, 13, 4, 13, 0])
    assert heuristic_action(pos) == "draw"
    # Eight Off: a card put into a cell is not brought straight back
    game = Game(deal_position("EO1-C8-AAAAAAB"))
    before = game.position.copy()
    assert game.play("c1>r").ok
    action = heuristic_action(game.position, [before.key()])
    game.play(action)
    assert game.position.key() != before.key()


def test_hint_command_line() -> None:
    out = run_cli("hint", "--deal", "EO1-C8-AAAAAAB")
    data = json.loads(out.stdout)
    assert data["result"] == WINNABLE and isinstance(data["action"], str)
    game = Game(deal_position("EO1-C8-AAAAAAB"))
    assert game.play(data["action"]).ok


# ---- slices and cancelling ---------------------------------------------------------------

def test_cancelling_stops_the_work() -> None:
    task = SolverTask(deal_position("EH1-N-AAAAAAE"), seconds=60)
    task.step(0.002)
    task.cancel()
    nodes = task.nodes
    assert task.step(0.05) is True
    assert task.result.result == UNKNOWN and task.nodes == nodes


def test_a_slice_keeps_to_its_budget(ticking_clock) -> None:
    """With a clock that moves one tick at every look, a five-tick slice
    stops at its first look past the budget (no timing of the real machine)."""
    task = SolverTask(deal_position("EH1-N-AAAAAAF"), seconds=60)
    for _ in range(20):
        before = ticking_clock.looks
        done = task.step(5 / 1024)
        assert ticking_clock.looks - before <= 7  # the start, five looks, the one that ends it
        assert not done
    task.cancel()


@pytest.mark.parametrize("code", ["EH1-N-AAAAAAF", "EO1-C8-AAAAAAB"])
def test_every_slice_set_up_included_stops_at_its_budget(monkeypatch, code: str) -> None:
    """A fake clock that moves only with the solver's work: 1 ms for making
    the game's problem, for its set-up (``start``) and for each expansion
    (``children``, or ``expand``, which pauses inside: see
    tests/test_solver_slices.py). A 4 ms slice, the first one included (it makes the
    problem and sets up every search of the portfolio), ends at most one unit
    of work past its budget."""
    from game.solver import eight_off, easy_harp, search

    work = 0

    def costs(method):
        def counted(*args, **kwargs):
            nonlocal work
            work += 1
            return method(*args, **kwargs)
        return counted

    for cls in (easy_harp.EasyHarpProblem, eight_off.EightOffProblem):
        for name in ("__init__", "start", "children", "expand"):
            if hasattr(cls, name):
                monkeypatch.setattr(cls, name, costs(getattr(cls, name)))
    monkeypatch.setattr(search.time, "perf_counter", lambda: work / 1000)
    task = SolverTask(deal_position(code), seconds=60)
    assert work == 0  # making the task does nothing yet
    for _ in range(30):
        before = work
        if task.step(0.004):
            break
        assert work - before <= 5
    assert work >= 30
    task.cancel()


def test_time_limit_gives_unknown() -> None:
    task = SolverTask(deal_position("EH1-N-AAAAAAE"), seconds=0.05)
    assert task.run().result in (UNKNOWN, WINNABLE)


# ---- the solver's move generator against the engine --------------------------------------

def _settled(position: Position) -> Position:
    """The position after the solver's own safe moves home, played in the engine."""
    actions, _ = problem_for(position).start()
    game = Game(position.copy())
    for a in actions:
        assert game.play(a).ok, a
    return game.position


@pytest.mark.parametrize("code", ["EO1-C8-AAAAAAD", "EO1-C4-AAAAAAE", "EO1-C2-AAAAAAF", "EH1-N-AAAAAAG"])
def test_moves_match_the_engine(code: str) -> None:
    """On positions along random games: every move the solver makes replays in
    the engine to the state it expects, and every engine move it leaves out
    is one it proved useless (a draw, a safe card's take-back, a move home
    it already made, or one that changes nothing)."""
    rng = random.Random(code)
    position = deal_position(code)
    for _ in range(25):
        position = _settled(position)
        problem = problem_for(position)
        _, state = problem.start()
        child_keys = set()
        # Easy Harp: both move sets, a talon chain's cards one at a time and a whole chain as one move
        for each in [problem] + [v for v in getattr(problem, "variants", list)() if v.chains][:1]:
            for _, actions, child in each.children(state):
                game = Game(position.copy())
                for a in actions:
                    assert game.play(a).ok, (a, actions)
                assert problem.key(problem_for(game.position).start()[1]) == problem.key(child)
                child_keys.add(problem.key(child))
        here = problem.key(state)
        legal = position.rules.legal_actions(position)
        for action in legal:
            if action.kind == "draw":
                continue
            game = Game(position.copy())
            move = game.play(action).move
            after = problem_for(game.position)
            key = after.key(after.start()[1])
            if key == here or key in child_keys:
                continue
            if position.game == "easy-harp" and move.src.kind == "w":
                # left out: a talon card played alone; the solver plays talon
                # cards only right before something is put on them (see
                # game.solver.easy_harp), test_small_easy_harp_verdicts checks it
                continue
            # left out: only a take-back of a card that is safe at home
            assert move.src.kind == "f", (str(action), position.text())
            from game.solver.easy_harp import _safe
            assert position.game == "eight-off" or _safe(tuple(len(s) for s in position.foundations), move.cards[0])
        moves = [a for a in legal if a.src is None or a.src.kind != "f"]
        if not moves:
            break
        game = Game(position)
        game.play(rng.choice(moves))
        position = game.position


# ---- the Easy Harp pruning against an exhaustive search of the engine's moves ------------

def _small_easy_harp(rng: random.Random, remaining: int) -> Position:
    """A random end game: ``remaining`` cards off the foundations, spread
    over columns (some face down) and the stock."""
    while True:
        levels = [13] * 8
        for _ in range(remaining):
            s = rng.randrange(8)
            if levels[s]:
                levels[s] -= 1
        cards = [RANKS[r] + "SSHHDDCC"[s] for s in range(8) for r in range(levels[s], 13)]
        if len(cards) >= remaining - 2:
            break
    rng.shuffle(cards)
    columns: list[list[str]] = [[] for _ in range(9)]
    stock = []
    for card in cards:
        place = rng.randrange(10)
        if place >= 9:
            stock.append(card)
        else:
            columns[place].append(card)
    for col in columns:
        for i in range(len(col) - 1):
            if rng.random() < 0.9:
                col[i] = "#" + col[i]
    # face-down cards only at the bottom of a column
    for col in columns:
        down = [c for c in col if c.startswith("#")]
        up = [c for c in col if not c.startswith("#")]
        col[:] = down + up
        if col and col[-1].startswith("#"):
            col[-1] = col[-1][1:]
    return easy_harp(columns, levels, stock=stock)


@pytest.mark.parametrize("seed", range(6))
def test_small_easy_harp_verdicts(seed: int) -> None:
    """On random small end games the solver's verdict (with its pruning:
    safe moves home, talon cards played only right before a card goes on
    them) matches an exhaustive search over every legal engine move."""
    rng = random.Random(1000 + seed)
    checked = 0
    while checked < 4:
        position = _small_easy_harp(rng, rng.randrange(6, 12))
        try:
            truth = engine_can_win(position, limit=15_000)
        except AssertionError:
            continue  # too big to check by brute force
        result = solve(position, seconds=30)
        assert result.result == (WINNABLE if truth else UNWINNABLE), position.text()
        if truth:
            game = Game(position.copy())
            assert all(game.play(a).ok for a in result.actions) and game.position.won
        checked += 1


# ---- the Easy Harp restart stream --------------------------------------------------------

def _checked_end_games(rng: random.Random, count: int):
    """``count`` random end games of 10-17 cards small enough for the
    engine's exhaustive search, each with its verdict (True: winnable)."""
    checked = 0
    while checked < count:
        position = _small_easy_harp(rng, rng.randrange(10, 18))
        try:
            truth = engine_can_win(position, limit=15_000)
        except AssertionError:
            continue  # too big to check by brute force
        checked += 1
        yield position, truth


def _restart_stream(position: Position) -> tuple[str, list[str], int]:
    """The restart stream alone (``search.restarting``), run to its end: its
    verdict, its actions and how many searches it started."""
    from game.solver import search

    problem = problem_for(position)
    started = []
    restart = problem.restart
    problem.restart = lambda k: started.append(k) or restart(k)
    try:
        verdict, actions = search.finish(search.restarting(problem, search._Stats(), None))
    finally:
        while search.sweep(1.0):
            pass
    return verdict, actions, len(started)


@pytest.fixture
def tiny_restarts(monkeypatch) -> None:
    """Budgets far too small for one search to see everything: 2 states,
    doubling every second search."""
    from game.solver import easy_harp

    monkeypatch.setattr(easy_harp, "RESTART_NODES", 2)
    monkeypatch.setattr(easy_harp, "RESTART_DOUBLING", 2)


@pytest.mark.parametrize("seed", range(3))
def test_the_restart_stream_alone_gives_the_exhaustive_verdicts(tiny_restarts, seed: int) -> None:
    """The stream restarts with other orders and budgets that grow, until a
    search wins or has seen every reachable state: its verdicts on small end
    games match the search over every legal engine move, and its wins
    replay."""
    restarted = 0
    for position, truth in _checked_end_games(random.Random(2000 + seed), 4):
        verdict, actions, searches = _restart_stream(position)
        restarted += searches > 1
        assert verdict == (WINNABLE if truth else UNWINNABLE), position.text()
        if truth:
            game = Game(position.copy())
            assert all(game.play(a).ok for a in actions) and game.position.won
    assert restarted  # the small budgets did make it start again


def test_the_restart_stream_proves_a_truly_lost_position_lost(tiny_restarts) -> None:
    """A lost position (the engine's search agrees:
    ``test_truly_lost_positions_are_proven_unwinnable``) with 45 states: the
    stream's searches run out of budget and restart until one holds every
    state, which proves the loss."""
    verdict, _, searches = _restart_stream(LOST["easy-harp some moves"])
    assert verdict == UNWINNABLE and searches > 1


def test_restarts_are_other_orders_of_the_same_moves_and_the_same_each_time() -> None:
    problem = problem_for(deal_position("EH1-N-AAAAAAF"))
    searches = [problem.restart(k) for k in range(24)]
    again = [problem.restart(k) for k in range(24)]
    assert [(p.weights, p.chains, p.noise, p._rng, p.beam_width, n) for p, n in searches] == \
        [(p.weights, p.chains, p.noise, p._rng, p.beam_width, n) for p, n in again]
    assert len({p.weights for p, _ in searches}) == 24
    assert {p.beam_width for p, _ in searches} >= {0, 10}  # beams and best-first searches
    budgets: dict[int, list[int]] = {}  # beam width (0: best-first): the budgets of its searches, in turn
    for p, n in searches:
        budgets.setdefault(p.beam_width, []).append(n)
    assert all(ns == sorted(ns) for ns in budgets.values())  # each kind's budgets grow
    assert all(ns[-1] > ns[0] for ns in budgets.values() if len(ns) > 2)
    widths = sorted(w for w in budgets if w)
    assert [budgets[w][0] for w in widths] == sorted(budgets[w][0] for w in widths)  # a wider beam gets more
    _, state = problem.start()
    plain = {tuple(acts) for _, acts, _ in problem.children(state)}
    for p, _ in searches:
        _, start = p.start()
        assert start == state
        same_kind = [v for v in problem.variants() if v.chains == p.chains][0]
        kids = p.children(state)
        assert {tuple(acts) for _, acts, _ in kids} == {tuple(acts) for _, acts, _ in same_kind.children(state)}
        if not p.chains:
            assert {tuple(acts) for _, acts, _ in kids} == plain


def _beam(position: Position, width: int) -> tuple[str, list[str]]:
    from game.solver import search

    problem = problem_for(position)
    problem.beam_width = width
    try:
        return search.finish(search.beam(problem, search._Stats(), None))
    finally:
        while search.sweep(1.0):
            pass


@pytest.mark.parametrize("name", ["easy-harp no move", "easy-harp some moves"])
def test_a_beam_search_never_calls_a_game_lost(name: str) -> None:
    """A beam leaves positions out: running dry is no proof."""
    assert _beam(LOST[name], 2)[0] == UNKNOWN


def test_a_beam_search_wins_replay_and_agree_with_the_engine() -> None:
    won = 0
    for position, truth in _checked_end_games(random.Random(4000), 8):
        verdict, actions = _beam(position, 3)
        assert verdict in (WINNABLE, UNKNOWN)
        if verdict == WINNABLE:
            assert truth
            game = Game(position.copy())
            assert all(game.play(a).ok for a in actions) and game.position.won
            won += 1
    assert won
