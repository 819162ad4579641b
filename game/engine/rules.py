"""What each game allows: shared predicates and checks, one subclass per game.

``Rules.resolve(position, action)`` turns an action into a ``Move`` (what will
happen, with the points it earns) or a ``Refusal`` (the first broken rule in
the contract's table order); ``Rules.apply(position, move)`` carries a move
out. Nothing here keeps state between calls: the position holds it all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Iterator, Literal, Protocol, get_args

from .actions import (
    CELL, COLUMN, DRAW, DTAP, FOUNDATION, MOVE, STOCK, TAP, UNDO, WASTE,
    Action, Pile, cell, column, foundation,
)
from .cards import ACE, KING, rank_of, suit_of

# The largest score and the largest move counter: a position's reader refuses
# more, so playing stops counting there (the game never holds what it can't
# read back).
MAX_SCORE_AND_MOVES = 10**9


class Table(Protocol):
    """What the rules read and change of a position: its piles, its score
    and its move counter. ``game.engine.position.Position`` is one; the
    position module builds on this one (a position knows its rules), so the
    rules name what they use instead of importing the position."""

    columns: list[list[int]]
    hidden: list[int]  # face-down cards at the bottom of each column
    foundations: list[list[int]]
    stock: list[int]
    waste: list[int]
    cells: list[int | None]
    score: int
    moves: int

    def cards(self, pile: Pile) -> list[int]: ...
    def hidden_count(self, pile: Pile) -> int: ...
    def remove(self, pile: Pile, count: int) -> None: ...
    def add(self, pile: Pile, cards: tuple[int, ...] | list[int]) -> None: ...

# The contract's rule ids, in its table order: a move that breaks several
# rules is refused with the first of them.
RuleId = Literal[
    "empty-source",
    "face-down",
    "not-a-run",
    "bad-destination",
    "foundation-one-card",
    "cell-one-card",
    "cell-occupied",
    "one-card-at-a-time",
    "empty-column-kings-only",
    "alternate-colors",
    "same-suit",
    "one-rank-lower",
    "group-too-large",
    "foundation-order",
    "stock-empty",
    "no-target",
    "nothing-to-undo",
]
RULE_IDS: tuple[RuleId, ...] = get_args(RuleId)

FOUNDATION_POINTS = 10


@dataclass(frozen=True)
class Refusal:
    rule: RuleId
    limit: int | None = None  # group-too-large: how many cards may move
    have: int | None = None  # empty-source: the column holds only this many cards ...
    asked: int | None = None  # ... and the drag asked for this many
    cells: int | None = None  # group-too-large: the free cells counted ...
    columns: int | None = None  # ... the empty columns counted ...
    into_empty: bool = False  # ... and whether the cards were to go into an empty column (never counted)

    # Words for the player come from whoever shows them (game.i18n.refusal_message).


# "move", "draw" (one card to the waste) or "turn" (the waste back to the stock)
MoveKind = Literal["move", "draw", "turn"]
TURN: Final = "turn"


@dataclass(frozen=True)
class Move:
    """A checked move, ready to apply. Every kind has both piles (a draw:
    stock to waste, a turn: waste to stock), and ``dst`` names the concrete
    slot or cell, never a whole area."""

    kind: MoveKind
    src: Pile
    dst: Pile
    cards: tuple[int, ...] = ()
    flip: bool = False  # uncovers a face-down card, which turns face up
    points: int = 0


class Rules:
    """Shared behaviour. Subclasses declare the table and override the hooks
    ``is_run``, ``build_refusal``, ``empty_column_refusal``,
    ``count_refusal_before_build`` and ``group_limit``."""

    game: str
    variant: str
    column_count: int
    foundation_suits: tuple[int, ...]
    cell_count: int = 0
    copies: int = 1
    has_stock: bool = False
    has_face_down: bool = False
    flip_points: int = 0
    waste_to_column_points: int = 0

    @property
    def foundation_count(self) -> int:
        return len(self.foundation_suits)

    @property
    def card_count(self) -> int:
        return 52 * self.copies

    # ---- hooks --------------------------------------------------------------

    def is_run(self, cards: list[int]) -> bool:
        raise NotImplementedError

    def build_refusal(self, card: int, onto: int) -> RuleId | None:
        """Why ``card`` may not go on ``onto`` in a column, or None."""
        raise NotImplementedError

    def empty_column_refusal(self, card: int) -> RuleId | None:
        """Why ``card`` (leading what moves) may not go into an empty column,
        or None. Both shipped games: kings only."""
        return None if rank_of(card) == KING else "empty-column-kings-only"

    def count_refusal_before_build(self, count: int, first: int, target_empty: bool) -> RuleId | None:
        return None

    def safe_home(self, pos: Table, card: int) -> bool:
        """Whether ``card``, on its foundation in ``pos``, is there for good:
        no card still out could ever need to be built on it in a column, so
        taking it back is never of use (the solver and the hint leave such
        take-backs out). A game says when; by default never."""
        return False

    def group_limit(self, pos: Table, target: int, src: int | None) -> int | None:
        return None

    def group_room(self, pos: Table, target: int, src: int | None) -> tuple[int, int] | None:
        """(free cells, empty columns) that ``group_limit`` counts, for the
        refusal's words; None where the limit is not made of those."""
        return None

    # ---- piles --------------------------------------------------------------

    def has_pile(self, pile: Pile) -> bool:
        kind, index = pile.kind, pile.index
        if kind == COLUMN:
            return index is not None and index < self.column_count
        if kind == FOUNDATION:
            return index is None or index < self.foundation_count
        if kind == CELL:
            return self.cell_count > 0 and (index is None or index < self.cell_count)
        return self.has_stock  # waste and stock

    def foundation_for(self, pos: Table, card: int) -> int | None:
        """The first foundation slot that takes ``card``."""
        suit, rank = suit_of(card), rank_of(card)
        for i, slot_suit in enumerate(self.foundation_suits):
            if slot_suit != suit:
                continue
            slot = pos.foundations[i]
            if (not slot and rank == ACE) or (slot and rank_of(slot[-1]) == rank - 1):
                return i
        return None

    def free_cells(self, pos: Table) -> int:
        return sum(1 for c in pos.cells if c is None)

    # ---- resolving actions --------------------------------------------------

    def resolve(self, pos: Table, action: Action) -> Move | Refusal:
        kind = action.kind
        if kind == DRAW:
            return self.resolve_draw(pos)
        if kind == MOVE:
            if action.src is None or action.dst is None:
                raise ValueError(f"a move needs a pile to take from and one to put on: {action!r}")
            return self.resolve_drag(pos, action.src, action.count, action.dst)
        if kind in (TAP, DTAP):
            if action.src is None:
                raise ValueError(f"a tap needs a pile: {action!r}")
            return self.resolve_tap(pos, action.src, double=kind == DTAP)
        if kind == UNDO:
            raise ValueError("undo is the game's business, not a move")
        raise ValueError(f"unknown action kind {kind!r}")

    def resolve_draw(self, pos: Table) -> Move | Refusal:
        if not self.has_stock:
            return Refusal("bad-destination")
        if pos.stock:
            return Move(DRAW, Pile(STOCK), Pile(WASTE), (pos.stock[-1],))
        if pos.waste:
            return Move(TURN, Pile(WASTE), Pile(STOCK), tuple(pos.waste))
        return Refusal("stock-empty")

    def pick(self, pos: Table, src: Pile, count: int) -> list[int] | Refusal:
        """The cards a drag of ``count`` cards from ``src`` takes, or why it
        takes none (``empty-source``, ``face-down``). A window asks this when
        the player picks cards up, before any destination is known."""
        whole_area = src.index is None and src.kind in (COLUMN, FOUNDATION, CELL)
        if whole_area or not self.has_pile(src) or count < 1 or (count > 1 and src.kind != COLUMN):
            return Refusal("empty-source")
        cards = pos.cards(src)
        if count > len(cards) and cards and src.kind == COLUMN:  # say how many the column holds
            return Refusal("empty-source", have=len(cards), asked=count)
        if count > len(cards):
            return Refusal("empty-source")
        if len(cards) - count < pos.hidden_count(src):
            return Refusal("face-down")
        return cards[len(cards) - count:]

    @staticmethod
    def puts_back(src: Pile, dst: Pile) -> bool:
        """Whether dropping cards from ``src`` on ``dst`` leaves them where
        they were: the pile they came from, or (for a foundation card) any
        foundation. The engine refuses such a move as ``bad-destination``; a
        window puts the cards back quietly instead of showing a refusal."""
        return dst == src or (src.kind == FOUNDATION and dst.kind == FOUNDATION)

    def resolve_drag(self, pos: Table, src: Pile, count: int, dst: Pile) -> Move | Refusal:
        cards = self.pick(pos, src, count)
        if isinstance(cards, Refusal):
            return cards
        if count > 1 and not self.is_run(cards):
            return Refusal("not-a-run")
        if dst.kind in (STOCK, WASTE) or not self.has_pile(dst) or self.puts_back(src, dst):
            return Refusal("bad-destination")
        if dst.kind == FOUNDATION:
            if count > 1:
                return Refusal("foundation-one-card")
            slot = self.foundation_for(pos, cards[0])
            if slot is None:
                return Refusal("foundation-order")
            return self._move(pos, src, foundation(slot), cards)
        if dst.kind == CELL:
            if count > 1:
                return Refusal("cell-one-card")
            index = dst.index
            if index is None:
                index = next((i for i, c in enumerate(pos.cells) if c is None), None)
            if index is None or pos.cells[index] is not None:
                return Refusal("cell-occupied")
            return self._move(pos, src, cell(index), cards)
        # onto a column
        target = pos.columns[dst.which]
        refusal = self.count_refusal_before_build(count, cards[0], not target)
        if refusal:
            return Refusal(refusal)
        refusal = self.build_refusal(cards[0], target[-1]) if target else self.empty_column_refusal(cards[0])
        if refusal:
            return Refusal(refusal)
        if count > 1:
            src_col = src.which if src.kind == COLUMN else None
            limit = self.group_limit(pos, dst.which, src_col)
            if limit is not None and count > limit:
                room = self.group_room(pos, dst.which, src_col)
                cells, columns = room if room is not None else (None, None)
                return Refusal("group-too-large", limit, cells=cells, columns=columns, into_empty=not target)
        return self._move(pos, src, dst, cards)

    def _move(self, pos: Table, src: Pile, dst: Pile, cards: list[int]) -> Move:
        flip = False
        points = 0
        if src.kind == COLUMN:
            rest = len(pos.columns[src.which]) - len(cards)
            flip = rest > 0 and rest == pos.hidden[src.which]
            if flip:
                points += self.flip_points
        if dst.kind == FOUNDATION:
            points += FOUNDATION_POINTS
        elif src.kind == WASTE and dst.kind == COLUMN:
            points += self.waste_to_column_points
        return Move(MOVE, src, dst, tuple(cards), flip, points)

    def resolve_tap(self, pos: Table, pile: Pile, double: bool) -> Move | Refusal:
        if pile.kind == STOCK:
            return self.resolve_draw(pos)
        if pile.kind == FOUNDATION:
            return Refusal("no-target" if self.has_pile(pile) else "empty-source")
        cards = self.pick(pos, pile, 1)
        if isinstance(cards, Refusal):
            return cards
        card = cards[0]
        slot = self.foundation_for(pos, card)
        if slot is not None:
            return self._move(pos, pile, foundation(slot), cards)
        if not double:
            return Refusal("no-target")
        for dst in self.double_tap_places(pos, pile, card):
            result = self.resolve_drag(pos, pile, 1, dst)
            if isinstance(result, Move):
                return result
        return Refusal("no-target")

    def double_tap_places(self, pos: Table, src: Pile, card: int) -> Iterator[Pile]:
        """After the foundation: the longest column that takes the card (ties:
        leftmost), an empty column if it takes the card (unless the card is
        alone in its column already), then the first empty cell."""
        candidates = [
            i for i, col in enumerate(pos.columns)
            if col and Pile(COLUMN, i) != src and self.build_refusal(card, col[-1]) is None
        ]
        candidates.sort(key=lambda i: -len(pos.columns[i]))
        for i in candidates:
            yield column(i)
        at_bottom = src.kind == COLUMN and len(pos.columns[src.which]) == 1
        if not at_bottom and self.empty_column_refusal(card) is None:
            for i, col in enumerate(pos.columns):
                if not col:
                    yield column(i)
                    break
        if src.kind != CELL:
            for i, c in enumerate(pos.cells):
                if c is None:
                    yield cell(i)
                    break

    # ---- applying -----------------------------------------------------------

    def apply(self, pos: Table, move: Move) -> None:
        """Carry out a resolved move (no checks) and count it."""
        pos.moves = min(pos.moves + 1, MAX_SCORE_AND_MOVES)
        pos.score = min(pos.score + move.points, MAX_SCORE_AND_MOVES)
        if move.kind == DRAW:
            pos.waste.append(pos.stock.pop())
            return
        if move.kind == TURN:
            pos.stock = pos.waste[::-1]
            pos.waste = []
            return
        pos.remove(move.src, len(move.cards))
        if move.flip:
            pos.hidden[move.src.which] -= 1
        pos.add(move.dst, move.cards)

    # ---- listing legal moves -------------------------------------------------

    def legal_actions(self, pos: Table) -> list[Action]:
        """Every drag (and draw) that would be accepted, one action per
        distinct outcome: foundations as ``f``, cells as ``r``. The same
        checks as ``resolve_drag``, ordered for speed (a test holds the two
        together)."""
        actions: list[Action] = []
        if self.has_stock and (pos.stock or pos.waste):
            actions.append(Action(DRAW))
        columns = pos.columns
        tops = [col[-1] if col else None for col in columns]
        sources: list[tuple[Pile, int, int]] = []  # (pile, count, first card)
        for i, col in enumerate(columns):
            if not col:
                continue
            sources.append((column(i), 1, col[-1]))
            face_up = len(col) - pos.hidden[i]
            n = 1
            while n < face_up and self.is_run(col[-n - 1:-n + 1 or None]):
                n += 1
                sources.append((column(i), n, col[-n]))
        if pos.waste:
            sources.append((Pile(WASTE), 1, pos.waste[-1]))
        sources += [(cell(i), 1, c) for i, c in enumerate(pos.cells) if c is not None]
        sources += [(foundation(i), 1, slot[-1]) for i, slot in enumerate(pos.foundations) if slot]
        has_free_cell = None in pos.cells
        for src, n, first in sources:
            src_col = src.index if src.kind == COLUMN else None
            to_empty = self.empty_column_refusal(first) is None
            for j, top in enumerate(tops):
                if j == src_col:
                    continue
                if top is None:
                    if not to_empty or self.count_refusal_before_build(n, first, True):
                        continue
                elif self.count_refusal_before_build(n, first, False) or self.build_refusal(first, top):
                    continue
                if n > 1:
                    limit = self.group_limit(pos, j, src_col)
                    if limit is not None and n > limit:
                        continue
                actions.append(Action(MOVE, src, column(j), n))
            if n == 1:
                if src.kind != FOUNDATION and self.foundation_for(pos, first) is not None:
                    actions.append(Action(MOVE, src, Pile(FOUNDATION), 1))
                if has_free_cell:
                    actions.append(Action(MOVE, src, Pile(CELL), 1))
        return actions

