"""Eight Off: one deck, eight columns, 8, 4 or 2 reserve cells."""

from __future__ import annotations

from .cards import rank_of, suit_of
from .registry import Dealt, GameSpec, register
from .rules import RuleId, Rules, Table

GAME = "eight-off"


class EightOffRules(Rules):
    game = GAME
    column_count = 8
    foundation_suits = (0, 1, 2, 3)  # S H D C

    def __init__(self, cells: int) -> None:
        self.cell_count = cells
        self.variant = f"C{cells}"

    def is_run(self, cards: list[int]) -> bool:
        """Same suit, going down one rank at a time."""
        return all(upper == lower - 1 and suit_of(upper) == suit_of(lower) for lower, upper in zip(cards, cards[1:]))

    def build_refusal(self, card: int, onto: int) -> RuleId | None:
        if suit_of(card) != suit_of(onto):
            return "same-suit"
        if rank_of(card) != rank_of(onto) - 1:
            return "one-rank-lower"
        return None

    def safe_home(self, pos: Table, card: int) -> bool:
        """Built by suit: only the next lower card of its suit could go on
        it, and that one is home below it."""
        return True

    def group_limit(self, pos: Table, target: int, src: int | None) -> int:
        """(free cells + 1) x 2^(empty columns), counted before the move and
        without the target column (nor one the move empties)."""
        cells, empty = self.group_room(pos, target, src)
        return (cells + 1) << empty

    def group_room(self, pos: Table, target: int, src: int | None) -> tuple[int, int]:
        empty = sum(1 for i, col in enumerate(pos.columns) if not col and i != target and i != src)
        return self.free_cells(pos), empty


EIGHT_OFF_RULES = tuple(EightOffRules(n) for n in (8, 4, 2))


def deal(order: list[int], variant: str) -> Dealt:
    """48 cards in six rows across the 8 columns (card 1 to column 1, card 2
    to column 2, ..., card 9 is the second card of column 1); cards 49-52 go
    to cells 1-4 (C8, C4), or with C2 cards 49-50 to cells 1-2 and cards
    51-52 onto the ends of columns 3 and 4."""
    columns = [order[i:48:8] for i in range(8)]
    rest = order[48:]
    cells: list[int | None]
    if variant == "C2":
        cells = [*rest[:2]]
        columns[2].append(rest[2])
        columns[3].append(rest[3])
    else:
        cells = list(rest) + [None] * (int(variant[1:]) - 4)
    return Dealt(columns, [0] * 8, [], cells)


SPEC = register(GameSpec(
    id=GAME,
    prefix="EO1",
    seed=2,  # pinned
    daily_index=1,  # pinned
    rules={rules.variant: rules for rules in EIGHT_OFF_RULES},
    deal=deal,
    solver="game.solver.eight_off:EightOffProblem",
    help_sections=8,
    winnable_plan={"C8": (500, 5.0), "C4": (500, 5.0), "C2": (100, 5.0)},
))
