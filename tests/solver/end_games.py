"""Small random Easy Harp end games and their true verdicts, for the solver's
cross-checks (tests/solver/test_solver.py).

The truth comes from ``engine_can_win``: every state the engine's own legal
moves reach (leaving out only take-backs of cards that are safe at home), a
second opinion that shares nothing with the solver but the rules. That
brute force took most of the suite's solver time (three minutes), so its
verdicts are golden fixtures, ``tests/golden/end_games.json``, made and
re-derived by ``python3 tools/make_end_games.py`` (``--check`` derives every
one again and compares, about two minutes). The suite itself re-derives the
small ones on every run (``test_the_end_game_fixtures_are_what_the_engine_says``
in tests/solver/test_solver.py), so a wrong fixture cannot hide for long.

Each group is one random stream (``GROUPS``: its seed, how many end games,
how many cards off the foundations): end games the engine's search cannot
finish within ``LIMIT`` states are skipped, as the tests skipped them when
they derived the truth themselves, so the positions are the ones those
tests met.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from game.engine import Game, Position

RANKS = "A23456789TJQK"
FIXTURE = Path(__file__).resolve().parents[1] / "golden" / "end_games.json"
LIMIT = 15_000  # states: an end game the engine's search cannot finish within this is skipped

# name: (random seed, end games, fewest and most cards off the foundations + 1)
GROUPS: dict[str, tuple[int, int, int, int]] = {
    **{f"small-{seed}": (1000 + seed, 4, 6, 12) for seed in range(6)},
    **{f"restarts-{seed}": (2000 + seed, 4, 10, 18) for seed in range(3)},
    "beam": (4000, 8, 10, 18),
}


def easy_harp(columns, found, stock=(), waste=()) -> Position:
    return Position.from_dict({"game": "easy-harp", "variant": "N", "columns": columns + [[]] * (9 - len(columns)),
                               "stock": list(stock), "waste": list(waste),
                               "foundations": [[r + s for r in RANKS[:n]] for s, n in zip("SSHHDDCC", found)]})


class TooBig(Exception):
    """The engine's search met more states than its limit."""


def engine_search(position: Position, limit: int = 200_000) -> tuple[bool, int]:
    """A second opinion: every state the engine's own legal moves reach,
    leaving out only take-backs of cards that are safe at home (the rules'
    ``safe_home``: Eight Off, all; Easy Harp, see its rules). Whether it wins, and
    how many states it met; TooBig past ``limit`` states."""
    start = position.copy()
    seen = {start.key()}
    todo = [start]
    while todo:
        pos = todo.pop()
        if pos.won:
            return True, len(seen)
        for action in pos.rules.legal_actions(pos):
            if action.src is not None and action.src.kind == "f" and \
                    pos.rules.safe_home(pos, pos.foundations[action.src.which][-1]):
                continue
            game = Game(pos.copy())
            assert game.play(action).ok
            key = game.position.key()
            if key not in seen:
                seen.add(key)
                todo.append(game.position)
        if len(seen) >= limit:
            raise TooBig(f"more than {limit} states")
    return False, len(seen)


def engine_can_win(position: Position, limit: int = 200_000) -> bool:
    try:
        return engine_search(position, limit)[0]
    except TooBig:
        raise AssertionError("too big for the engine's search") from None


def small_easy_harp(rng: random.Random, remaining: int) -> Position:
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


def derive(group: str) -> list[dict]:
    """The group's end games, each with the engine's verdict and state count."""
    seed, count, fewest, most = GROUPS[group]
    rng = random.Random(seed)
    out: list[dict] = []
    while len(out) < count:
        position = small_easy_harp(rng, rng.randrange(fewest, most))
        try:
            winnable, states = engine_search(position, LIMIT)
        except TooBig:
            continue  # too big to check by brute force
        out.append({"position": position.to_dict(), "winnable": winnable, "states": states})
    return out


def load(group: str) -> list[tuple[Position, bool]]:
    """The stored end games of ``group``, each with its true verdict (True: winnable)."""
    return [(Position.from_dict(e["position"]), e["winnable"]) for e in load_all()[group]]


def load_all() -> dict[str, list[dict]]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))["groups"]
