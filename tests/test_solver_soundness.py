"""The solver's 'unwinnable' is a proof: on real two-cell deals, a plain
exhaustive search over the engine's own legal actions (no pruning at all,
take-backs included) agrees with every verdict."""

from __future__ import annotations

import pytest

from game.engine import Game, Position, format_code
from game.solver import solve


def exhaustive(pos: Position, cap: int) -> str:
    rules, seen, stack = pos.rules, set(), [pos]
    while stack:
        p = stack.pop()
        key = p.key()
        if key in seen:
            continue
        seen.add(key)
        if p.won:
            return "winnable"
        if len(seen) > cap:
            return "unknown"
        for action in rules.legal_actions(p):
            q = p.copy()
            rules.apply(q, rules.resolve(q, action))
            stack.append(q)
    return "unwinnable"


@pytest.mark.parametrize("number", range(1, 31))
def test_two_cell_verdicts_agree_with_an_exhaustive_engine_search(number):
    start = Game.from_deal(format_code("eight-off", "C2", number)).position
    verdict = solve(start, 5).result
    truth = exhaustive(start.copy(), 5000)
    assert truth != "unknown", "pick deals small enough to search exhaustively"
    assert verdict == truth
