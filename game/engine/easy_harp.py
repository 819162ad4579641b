"""Easy Harp: two decks, nine columns, one card at a time."""

from __future__ import annotations

from .cards import KING, is_red, rank_of
from .rules import Rules


class EasyHarpRules(Rules):
    game = "easy-harp"
    variant = "N"
    column_count = 9
    foundation_suits = (0, 0, 1, 1, 2, 2, 3, 3)  # S S H H D D C C
    copies = 2
    has_stock = True
    has_face_down = True
    flip_points = 5
    waste_to_column_points = 5

    def is_run(self, cards: list[int]) -> bool:
        """Going down one rank at a time in alternating colours."""
        return all(
            rank_of(upper) == rank_of(lower) - 1 and is_red(upper) != is_red(lower)
            for lower, upper in zip(cards, cards[1:])
        )

    def build_refusal(self, card: int, onto: int) -> str | None:
        if is_red(card) == is_red(onto):
            return "alternate-colors"
        if rank_of(card) != rank_of(onto) - 1:
            return "one-rank-lower"
        return None

    def count_refusal_before_build(self, count: int, first: int, target_empty: bool) -> str | None:
        # Only a king-led run may move as a whole, and only into an empty column.
        if count > 1 and not (target_empty and rank_of(first) == KING):
            return "one-card-at-a-time"
        return None


EASY_HARP_RULES = EasyHarpRules()
