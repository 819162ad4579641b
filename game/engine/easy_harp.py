"""Easy Harp: two decks, nine columns, one card at a time."""

from __future__ import annotations

from .cards import KING, is_red, rank_of
from .registry import Dealt, GameSpec, register
from .rules import RuleId, Rules, Table

GAME = "easy-harp"


class EasyHarpRules(Rules):
    game = GAME
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

    def build_refusal(self, card: int, onto: int) -> RuleId | None:
        if is_red(card) == is_red(onto):
            return "alternate-colors"
        if rank_of(card) != rank_of(onto) - 1:
            return "one-rank-lower"
        return None

    def safe_home(self, pos: Table, card: int) -> bool:
        """Only the other colour's cards one rank lower go on ``card``: it is
        safe once those are all home (both copies of both suits), and the
        cards of its own colour two ranks lower, which they could need."""
        rank = rank_of(card)  # 1 = ace
        if rank == 1:
            return True
        red = min(len(f) for f, suit in zip(pos.foundations, self.foundation_suits) if suit in (1, 2))
        black = min(len(f) for f, suit in zip(pos.foundations, self.foundation_suits) if suit in (0, 3))
        other, same = (black, red) if is_red(card) else (red, black)
        return rank - 1 <= other and rank - 2 <= same

    def count_refusal_before_build(self, count: int, first: int, target_empty: bool) -> RuleId | None:
        # Only a king-led run may move as a whole, and only into an empty column.
        if count > 1 and not (target_empty and rank_of(first) == KING):
            return "one-card-at-a-time"
        return None


EASY_HARP_RULES = EasyHarpRules()


def deal(order: list[int], variant: str) -> Dealt:
    """Column 1 gets 1 card, column 2 gets 2, ... column 9 gets 9 (column by
    column, bottom card first); only the last card of each is face up. The
    other 59 cards form the stock in deck order (the first of them is drawn
    first, so the stock list, bottom to top, is those cards reversed)."""
    columns, taken = [], 0
    for i in range(EasyHarpRules.column_count):
        columns.append(order[taken : taken + i + 1])
        taken += i + 1
    return Dealt(columns, [len(col) - 1 for col in columns], list(reversed(order[taken:])), [])


SPEC = register(GameSpec(
    id=GAME,
    prefix="EH1",
    seed=1,  # pinned
    daily_index=0,  # pinned
    rules={"N": EASY_HARP_RULES},
    deal=deal,
    solver="game.solver.easy_harp:EasyHarpProblem",
    help_sections=9,
    decks=2,
    winnable_plan={"N": (1000, 120.0)},  # every deal of 1-1000, each proven (tools/make_winnable.py: 120 s CPU at most)
))
