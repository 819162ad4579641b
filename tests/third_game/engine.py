"""Mini Cell: a tiny FreeCell-type game that exists only in the tests, to
prove that a game is one engine module plus catalogue entries.

One deck, 8 columns, 4 cells, 4 foundations (S H D C). Columns build down by
rank in any suit; any card (or run) may go into an empty column; a group
moves as (free cells + 1) x 2^(empty columns) cards at most. The 52 cards are
dealt in rows across the 8 columns, all face up (columns 1-4 get 7 cards).

Registering it takes nothing from ``game/`` beyond the engine's public
pieces: this module ends by registering its spec, like Easy Harp and Eight Off.
"""

from __future__ import annotations

from pathlib import Path

from game.engine.cards import rank_of
from game.engine.registry import Dealt, GameSpec, register
from game.engine.rules import Rules

GAME = "mini-cell"


class MiniCellRules(Rules):
    game = GAME
    variant = "C4"
    column_count = 8
    cell_count = 4
    foundation_suits = (0, 1, 2, 3)

    def is_run(self, cards: list[int]) -> bool:
        return all(rank_of(upper) == rank_of(lower) - 1 for lower, upper in zip(cards, cards[1:]))

    def build_refusal(self, card: int, onto: int) -> str | None:
        return None if rank_of(card) == rank_of(onto) - 1 else "one-rank-lower"

    def empty_column_refusal(self, card: int) -> str | None:
        return None  # any card goes into an empty column

    def group_limit(self, pos, target: int, src: int | None) -> int:
        empty = sum(1 for i, col in enumerate(pos.columns) if not col and i != target and i != src)
        return (self.free_cells(pos) + 1) << empty


def deal(order: list[int], variant: str) -> Dealt:
    columns = [order[i::8] for i in range(8)]
    return Dealt(columns, [0] * 8, [], [None] * 4)


SPEC = register(GameSpec(
    id=GAME,
    prefix="MC1",
    seed=3,  # pinned: no shipped game uses it
    daily_index=2,  # pinned
    rules={"C4": MiniCellRules()},
    deal=deal,
    solver="third_game.solver:MiniCellProblem",
    help_sections=2,
    winnable_dir=str(Path(__file__).parent),  # it ships no list: today's deal is the day's number
))
