"""Eight Off: one deck, eight columns, 8, 4 or 2 reserve cells."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import rank_of, suit_of
from .rules import Rules

if TYPE_CHECKING:
    from .position import Position


class EightOffRules(Rules):
    game = "eight-off"
    column_count = 8
    foundation_suits = (0, 1, 2, 3)  # S H D C

    def __init__(self, cells: int) -> None:
        self.cell_count = cells
        self.variant = f"C{cells}"

    def is_run(self, cards: list[int]) -> bool:
        """Same suit, going down one rank at a time."""
        return all(upper == lower - 1 and suit_of(upper) == suit_of(lower) for lower, upper in zip(cards, cards[1:]))

    def build_refusal(self, card: int, onto: int) -> str | None:
        if suit_of(card) != suit_of(onto):
            return "same-suit"
        if rank_of(card) != rank_of(onto) - 1:
            return "one-rank-lower"
        return None

    def group_limit(self, pos: "Position", target: int, src: int | None) -> int:
        """(free cells + 1) x 2^(empty columns), counted before the move and
        without the target column (nor one the move empties)."""
        empty = sum(1 for i, col in enumerate(pos.columns) if not col and i != target and i != src)
        return (self.free_cells(pos) + 1) << empty


EIGHT_OFF_RULES = tuple(EightOffRules(n) for n in (8, 4, 2))
