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
        # every legal action; the ones to a foundation are tried first (pushed last)
        for action in sorted(rules.legal_actions(p), key=lambda a: a.dst is not None and a.dst.kind == "f"):
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


# ---- Easy Harp: small end games, every legal engine action (draws, turns, take-backs) ----

RANKS = "A23456789TJQK"


def _easy_harp_end_game(rng) -> Position:
    """Nine to eleven cards not yet home: one in each column (so no column
    is empty at the start), the rest in the stock or the waste."""
    while True:
        levels = [13] * 8
        for _ in range(rng.randrange(9, 12)):
            s = rng.randrange(8)
            if levels[s]:
                levels[s] -= 1
        cards = [RANKS[r] + "SSHHDDCC"[s] for s in range(8) for r in range(levels[s], 13)]
        if len(cards) >= 9:
            break
    rng.shuffle(cards)
    rest = cards[9:]
    split = rng.randrange(len(rest) + 1)
    return Position.from_dict({
        "game": "easy-harp", "variant": "N", "columns": [[c] for c in cards[:9]], "stock": rest[:split],
        "waste": rest[split:], "foundations": [[r + s for r in RANKS[:n]] for s, n in zip("SSHHDDCC", levels)]})


@pytest.mark.parametrize("seed", range(4))
def test_easy_harp_verdicts_agree_with_the_engines_own_search(seed):
    """Random small Easy Harp end games (9-11 cards off, no empty column at
    the start): wherever a plain search over every legal engine action
    (draws, turns, take-backs: nothing left out) finds a win, the solver,
    with all its shortcuts (safe moves home, talon cards played only right
    before a card goes on them, interchangeable copies and columns), does
    not call the position lost; and it finds a win itself."""
    import random

    rng = random.Random(4200 + seed)
    for _ in range(6):
        start = _easy_harp_end_game(rng)
        truth = exhaustive(start.copy(), 300)
        verdict = solve(start, 30).result
        if truth == "winnable":
            assert verdict == "winnable", start.text()
        else:
            assert verdict == truth or truth == "unknown", start.text()


def test_a_lost_easy_harp_position_is_lost_for_the_engine_too():
    """Nothing can move but the foundations' cards: an exhaustive search
    over every legal engine action (take-backs included) and the solver
    both call it lost."""
    def harp(columns, found):
        return Position.from_dict({"game": "easy-harp", "variant": "N", "columns": columns, "stock": [], "waste": [],
                                   "foundations": [[r + s for r in RANKS[:n]] for s, n in zip("SSHHDDCC", found)]})

    lost = harp([["#6H", "7H"], ["#6H", "7H"], ["8H", "8H"], ["9H", "9H"], ["TH", "TH"], ["JH", "JH"], ["QH", "QH"],
                 ["KH"], ["KH"]], [13, 13, 5, 5, 13, 13, 13, 13])
    assert exhaustive(lost.copy(), 50000) == "unwinnable"
    assert solve(lost, 30).result == "unwinnable"
