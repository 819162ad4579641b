"""The solver: solutions replay through the real command line, proven
losses are real, hints, slices and cancelling, and its own move generator
agrees with the engine's rules."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from types import SimpleNamespace

import pytest

from game.engine import Game, Position, deal_position
from game.solver import UNKNOWN, UNWINNABLE, WINNABLE, SolverTask, hint, solve
from game.solver import easy_harp as easy_harp_solver
from game.solver.problems import problem_for
from game.solver.winnable import winnable_numbers
from tests.solver import end_games
from tests.solver.end_games import RANKS, easy_harp, engine_can_win



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
    tests/solver/test_slices.py). A 4 ms slice, the first one included (it makes the
    problem and sets up every search of the portfolio), ends at most one unit
    of work past its budget."""
    from game.solver import eight_off, easy_harp, search

    work = 0

    def costs(method, name):
        def counted(self, *args, **kwargs):
            nonlocal work
            # a problem made from a position is the set-up; a variant or restart made from
            # another's root (``root=``) is a few attribute stores
            work += name != "__init__" or "root" not in kwargs
            return method(self, *args, **kwargs)
        return counted

    for cls in (easy_harp.EasyHarpProblem, eight_off.EightOffProblem):
        for name in ("__init__", "start", "children", "expand"):
            if name in vars(cls):  # the class's own (Problem's expand calls children: counted there)
                monkeypatch.setattr(cls, name, costs(vars(cls)[name], name))
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
    problem = problem_for(position)
    actions, _ = problem.start()
    game = Game(position.copy())
    for a in problem.spell(actions):
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
    for step in range(25):
        position = _settled(position)
        problem = problem_for(position)
        _, state = problem.start()
        child_keys = set()
        # Easy Harp: both move sets, a talon chain's cards one at a time and a whole chain as one move
        # (the chains' children, hundreds of draws each, are replayed at every third position:
        # most of the test's time, and the same moves the plain set makes one at a time)
        variants = problem.variants() if isinstance(problem, easy_harp_solver.EasyHarpProblem) else []
        chained = [v for v in variants if v.chains][:1]
        for each in [problem] + (chained if step % 3 == 0 else []):
            for _, actions, child in each.children(state):
                game = Game(position.copy())
                for a in each.spell(actions):
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
            assert position.rules.safe_home(position, move.cards[0])
        moves = [a for a in legal if a.src is None or a.src.kind != "f"]
        if not moves:
            break
        game = Game(position)
        game.play(rng.choice(moves))
        position = game.position


@pytest.mark.parametrize("code", ["EH1-N-AAAAAAF", "EH1-N-AABNVRX"])
def test_easy_harp_children_are_scored_and_keyed_as_from_scratch(code: str) -> None:
    """An expansion makes each child's key and score from its parent's, anew
    only for the columns the move touched (``expand``): on positions along
    a search of a real deal, for every weighting of the portfolio (and the
    restart stream's, without their noise), each child's score is what
    ``_score`` gives its state from scratch, and its key what ``_key`` gives."""
    position = deal_position(code)
    problem = problem_for(position)
    twins = problem.variants() + [problem.restart(k).problem for k in range(7)]
    for twin in twins:
        twin.noise = 0
    _, state = problem.start()
    frontier = [state]
    checked = 0
    rng = random.Random(code)
    for _ in range(60):
        state = frontier.pop(rng.randrange(len(frontier)))
        for twin in twins:
            for score, _, child in twin.children(state):
                cols, hidden, talon, _, found, key = child
                assert key == easy_harp_solver._key(cols, hidden, talon, found)
                assert score == easy_harp_solver._score(cols, hidden, talon, found, twin.weights), twin.weights
                checked += 1
        frontier += [child for _, _, child in problem.children(state)]
    assert checked > 5000


def test_the_solvers_safe_cards_are_the_rules_safe_cards() -> None:
    """The Easy Harp solver's own quick test of a card safe at home (on its
    tuple of foundation counts) says what the rules' ``safe_home`` says, for
    every card on random foundations."""
    from game.solver.easy_harp import _safe

    rng = random.Random(7)
    rules = deal_position("EH1-N-AAAAAAB").rules
    checked = {True: 0, False: 0}
    for _ in range(300):
        levels = [rng.randrange(14) for _ in range(8)]
        # what safe_home reads of a position: its foundations (the cards on them are not looked at)
        position = SimpleNamespace(foundations=[[0] * n for n in levels])
        for card in range(52):
            safe = rules.safe_home(position, card)
            assert _safe(tuple(levels), card) == safe, (levels, card)
            checked[safe] += 1
    assert min(checked.values()) > 1000


# ---- the Easy Harp pruning against an exhaustive search of the engine's moves ------------

@pytest.mark.parametrize("seed", range(6))
def test_small_easy_harp_verdicts(seed: int) -> None:
    """On random small end games the solver's verdict (with its pruning:
    safe moves home, talon cards played only right before a card goes on
    them) matches an exhaustive search over every legal engine move (its
    verdicts: tests/golden/end_games.json, see tests/solver/end_games.py)."""
    for position, truth in end_games.load(f"small-{seed}"):
        result = solve(position, seconds=30)
        assert result.result == (WINNABLE if truth else UNWINNABLE), position.text()
        if truth:
            game = Game(position.copy())
            assert all(game.play(a).ok for a in result.actions) and game.position.won


def test_the_end_game_fixtures_are_what_the_engine_says() -> None:
    """The stored end games are the ones their random streams give, and the
    small ones' verdicts are derived again here by the engine's own search
    (every one: ``python3 tools/make_end_games.py --check``)."""
    groups = end_games.load_all()
    assert set(groups) == set(end_games.GROUPS)
    again = 0
    for name, entries in groups.items():
        seed, count, fewest, most = end_games.GROUPS[name]
        assert len(entries) == count
        for entry in entries:
            position = Position.from_dict(entry["position"])
            assert fewest - 2 <= sum(13 - len(f) for f in position.foundations) < most  # see small_easy_harp
            if entry["states"] <= 1500:
                assert end_games.engine_search(position, end_games.LIMIT) == (entry["winnable"], entry["states"])
                again += 1
    assert again >= 10
    # the first stream's end games are the stream's own (positions, not verdicts: they cost nothing)
    rng = random.Random(end_games.GROUPS["small-0"][0])
    first = end_games.small_easy_harp(rng, rng.randrange(6, 12))
    assert first.to_dict() == groups["small-0"][0]["position"]


# ---- the Easy Harp restart stream --------------------------------------------------------

def _restart_stream(position: Position) -> tuple[str, list[str], int]:
    """The restart stream alone (``search.restarting``), run to its end: its
    verdict, its actions and how many searches it started."""
    from game.solver import search

    problem = problem_for(position)
    started = []

    def restart(k):
        started.append(k)
        return problem.restart(k)

    try:
        verdict, actions = search.finish(search.restarting(restart, search._Stats(), None))
    finally:
        while search.sweep(1.0):
            pass
    return verdict, problem.spell(actions), len(started)


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
    for position, truth in end_games.load(f"restarts-{seed}"):
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
    assert [(p.weights, p.chains, p.noise, p._rng, w, n) for p, n, w in searches] == \
        [(p.weights, p.chains, p.noise, p._rng, w, n) for p, n, w in again]
    assert len({(p.weights, p._rng, w) for p, _, w in searches}) == 24  # each search its own order
    first_round = len(easy_harp_solver.RESTART_CYCLE)
    assert len({p.weights for p, _, _ in searches[first_round:]}) == 24 - first_round  # later: scaled weightings
    assert {w for _, _, w in searches} >= {0, 10}  # beams and best-first searches
    # round after round each search of the cycle comes back twice as wide with twice the budget
    for (_, n, w), (_, n2, w2) in zip(searches, searches[first_round:]):
        assert (n2, w2) == (2 * n, 2 * w)
    first = sorted((w, n) for _, n, w in searches[:first_round] if w)
    assert [n for _, n in first] == sorted(n for _, n in first)  # a wider beam gets more
    _, state = problem.start()
    plain = {tuple(acts) for _, acts, _ in problem.children(state)}
    for p, _, _ in searches:
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
    try:
        verdict, actions = search.finish(search.beam(problem, search._Stats(), None, width))
        return verdict, problem.spell(actions)
    finally:
        while search.sweep(1.0):
            pass


@pytest.mark.parametrize("name", ["easy-harp no move", "easy-harp some moves"])
def test_a_beam_search_never_calls_a_game_lost(name: str) -> None:
    """A beam leaves positions out: running dry is no proof."""
    assert _beam(LOST[name], 2)[0] == UNKNOWN


def test_a_beam_search_wins_replay_and_agree_with_the_engine() -> None:
    won = 0
    for position, truth in end_games.load("beam"):
        verdict, actions = _beam(position, 3)
        assert verdict in (WINNABLE, UNKNOWN)
        if verdict == WINNABLE:
            assert truth
            game = Game(position.copy())
            assert all(game.play(a).ok for a in actions) and game.position.won
            won += 1
    assert won
