"""A search told the positions the game has been in (``SolverTask(avoid=...)``)
finds a line that stays off them, or, when none does, any line (or a proof
of a loss) from a second search without them; and a solution never comes
back to a position it was in."""

from __future__ import annotations

from game.engine import Game, Position, deal_position
from game.engine.position import unpacked
from game.solver import UNWINNABLE, WINNABLE, SolverTask, solve


def positions_of(start: Position, actions: list[str]) -> list[bytes]:
    """The packed key of every position a line goes through, its start and its end included."""
    game = Game(start.copy())
    keys = [game.position.packed_key()]
    for action in actions:
        assert game.play(action).ok, action
        keys.append(game.position.packed_key())
    assert game.position.won
    return keys


def eight_off(columns, cells, found, variant="C4") -> Position:
    ranks = "A23456789TJQK"
    return Position.from_dict({"game": "eight-off", "variant": variant, "columns": columns + [[]] * (8 - len(columns)),
                               "cells": cells, "foundations": [[r + s for r in ranks[:n]] for s, n in zip("SHDC", found)]})


def test_unpacked_gives_back_every_position_of_a_line():
    for code in ("EH1-N-AAAAAAF", "EO1-C2-AAAAAAD"):
        start = deal_position(code)
        game = Game(start.copy())
        for action in solve(start, 20).actions[:200]:
            game.play(action)
            assert unpacked(game.position.packed_key()) == game.position.key()


def test_the_line_stays_off_the_positions_the_game_has_been_in():
    """Eight Off: from each of the first positions of a proven line, a
    search told the positions before it never goes back to one of them."""
    start = deal_position("EO1-C8-AACBPMV")
    line = solve(start, 20).actions
    game = Game(start.copy())
    path: list[bytes] = []
    for action in line[:12]:
        path.append(game.position.packed_key())
        game.play(action)
        result = SolverTask(game.position.copy(), seconds=20, avoid=path).run()
        assert result.result == WINNABLE
        met = positions_of(game.position, result.actions)
        assert not set(met) & set(path), action


def test_a_move_and_its_way_back_the_way_back_is_never_the_line():
    """The two-move loop of proven hints: a card put into a cell, then a
    search from there that takes it straight back. Told where the game was,
    the search finds a line that does not."""
    for code in ("EO1-C8-AAAAAFA", "EO1-C8-AAAAAAB", "EO1-C8-AAAAAAC"):
        start = deal_position(code)
        for into_cell in [str(a) for a in Game(start.copy()).legal_actions() if ">r" in str(a)]:
            game = Game(start.copy())
            before = game.position.packed_key()
            cells = list(game.position.cells)
            game.play(into_cell)
            cell = next(i for i, card in enumerate(game.position.cells) if card is not None and cells[i] is None)
            probe = Game(game.position.copy())
            if probe.play(f"r{cell + 1}>{into_cell.split('>')[0]}").ok:  # the way back is legal
                break
        else:
            continue
        break
    assert probe.position.packed_key() == before
    result = SolverTask(game.position.copy(), seconds=20, avoid=[before]).run()
    assert result.result == WINNABLE and before not in positions_of(game.position, result.actions)


def test_when_no_line_stays_off_the_path_the_one_that_does_not_is_found():
    """The only move of this Eight Off end game leads to a position told to
    avoid: the answer is still the win (a search that left states out never
    proves a loss), through that position."""
    pos = eight_off([["KS", "QS"]], [None] * 4, [11, 13, 13, 13])
    game = Game(pos.copy())
    assert game.play("c1>f").ok
    blocked = game.position.packed_key()
    result = SolverTask(pos.copy(), seconds=10, avoid=[blocked]).run()
    assert result.result == WINNABLE and blocked in positions_of(pos, result.actions)


def test_a_loss_is_proven_with_or_without_a_path():
    """Eight Off with 2 cells, deal 7, is lost: proven so with or without
    positions to avoid (the proof then comes from the second search)."""
    start = deal_position("EO1-C2-AAAAAAH")
    plain = SolverTask(start.copy(), seconds=10).run()
    game = Game(start.copy())
    game.play(game.legal_actions()[0])
    told = SolverTask(game.position.copy(), seconds=10, avoid=[start.packed_key()]).run()
    assert plain.result == told.result == UNWINNABLE


def test_a_node_budget_gives_the_same_answer_at_any_slicing_with_a_path():
    """Avoiding changes nothing in what keeps a slicing from changing a
    result: the same verdict, nodes and line in one slice and in 1 ms ones."""
    start = deal_position("EH1-N-AAAAAAF")
    game = Game(start.copy())
    path = []
    for action in solve(start, 20).actions[:40]:
        path.append(game.position.packed_key())
        game.play(action)
    whole = SolverTask(game.position.copy(), seconds=600, max_nodes=3000, avoid=path).run(slice_seconds=60)
    sliced = SolverTask(game.position.copy(), seconds=600, max_nodes=3000, avoid=path).run(slice_seconds=0.001)
    assert (whole.result, whole.nodes, whole.actions) == (sliced.result, sliced.nodes, sliced.actions)


def test_every_proven_line_is_without_round_trips():
    """A player who follows a line never meets a position twice (a search
    never meets a state twice, but its moves are several actions each, and
    one of them can undo another's first action: Easy Harp's shortened
    lines cut such round trips out, easy_harp_line; Eight Off's moves never
    make one)."""
    for code in ("EH1-N-AAAAAAF", "EH1-N-AAAAAAB", "EH1-N-AACBASF", "EH1-N-AABFPAK", "EO1-C8-AAAAAFA", "EO1-C4-AAAAAAR"):
        start = deal_position(code)
        keys = positions_of(start, solve(start, 30).actions)
        assert len(keys) == len(set(keys)), code
