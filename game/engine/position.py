"""A position on the table, and the contract's JSON and text forms of it.

Face-down cards only ever lie at the bottom of a column (under its face-up
cards) or in the stock, so a column is a list of cards plus ``hidden[i]``, the
number of face-down cards at its bottom. The stock is always face down and the
waste, foundations and cells always face up.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from . import deals, jsontext, registry
from .actions import CELL, COLUMN, FOUNDATION, STOCK, WASTE, Pile, cell, column, foundation
from .cards import card_text, parse_card_token, rank_of, suit_of, SUITS
from .errors import CardError, DealCodeError, PositionError
from .notation import quote
from .rules import MAX_SCORE_AND_MOVES, Rules

# Everything that decides the game from a position (``Position.key``): the columns, the
# face-down counts, the foundations, the stock, the waste and the cells, as tuples
PositionKey = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...],
                    tuple[int, ...], tuple["int | None", ...]]
Snapshot = tuple[PositionKey, int]  # what undo brings back: the key and the score (``Position.snapshot``)


def packed(key: PositionKey) -> bytes:
    """A position's key (``Position.key``) as bytes, equal exactly when the
    keys are: each column its face-down count then its cards, each pile
    closed by 255 and each group of piles by 254 (no card or count is
    either), an empty cell 253. Bytes hold no references, so Python's
    cyclic collector never walks a table of them (one of tuples of tuples,
    a proven line's thousand positions, cost a 10 ms collection)."""
    columns, hidden, foundations, stock, waste, cells = key
    out = bytearray()
    for col, down in zip(columns, hidden):
        out.append(down)
        out += bytes(col)
        out.append(255)
    out.append(254)
    for slot in foundations:
        out += bytes(slot)
        out.append(255)
    out.append(254)
    out += bytes(stock)
    out.append(254)
    out += bytes(waste)
    out.append(254)
    out += bytes(253 if card is None else card for card in cells)
    return bytes(out)


def unpacked(data: bytes) -> PositionKey:
    """The key that ``packed`` made ``data`` from (a table of packed keys
    can stand for the positions themselves: ``Position.at``).

    >>> from game.engine import deal_position
    >>> start = deal_position("EO1-C4-AAAAAFA")
    >>> unpacked(start.packed_key()) == start.key()
    True
    """
    groups = data.split(b"\xfe")
    if len(groups) != 5:
        raise ValueError("not a packed position key")
    table, slots, stock, waste, cells = groups
    piles = table.split(b"\xff")[:-1]
    columns = tuple(tuple(pile[1:]) for pile in piles)
    hidden = tuple(pile[0] for pile in piles)
    foundations = tuple(tuple(slot) for slot in slots.split(b"\xff")[:-1])
    return (columns, hidden, foundations, tuple(stock), tuple(waste),
            tuple(None if card == 253 else card for card in cells))


@dataclass
class Position:
    game: str
    variant: str
    columns: list[list[int]]
    hidden: list[int]
    foundations: list[list[int]]
    stock: list[int] = field(default_factory=list)
    waste: list[int] = field(default_factory=list)
    cells: list[int | None] = field(default_factory=list)
    deal: str | None = None
    score: int = 0
    moves: int = 0

    @property
    def rules(self) -> Rules:
        return registry.rules_for(self.game, self.variant)

    @property
    def won(self) -> bool:
        return sum(len(slot) for slot in self.foundations) == self.rules.card_count

    def copy(self) -> "Position":
        return Position(
            self.game,
            self.variant,
            [list(col) for col in self.columns],
            list(self.hidden),
            [list(slot) for slot in self.foundations],
            list(self.stock),
            list(self.waste),
            list(self.cells),
            self.deal,
            self.score,
            self.moves,
        )

    def key(self) -> PositionKey:
        """Everything that decides the game from here (not score or moves)."""
        return (
            tuple(map(tuple, self.columns)),
            tuple(self.hidden),
            tuple(map(tuple, self.foundations)),
            tuple(self.stock),
            tuple(self.waste),
            tuple(self.cells),
        )

    def packed_key(self) -> bytes:
        """The key as bytes (``packed``): for tables of many positions."""
        return packed(self.key())

    # ---- piles --------------------------------------------------------------

    def piles(self) -> list[Pile]:
        """Every pile of this game, in table order: stock and waste (when the
        game has them), foundations, cells, columns."""
        piles = [Pile(STOCK), Pile(WASTE)] if self.rules.has_stock else []
        piles += [foundation(i) for i in range(len(self.foundations))]
        piles += [cell(i) for i in range(len(self.cells))]
        piles += [column(i) for i in range(len(self.columns))]
        return piles

    def cards(self, pile: Pile) -> list[int]:
        """The cards of one pile, bottom first (a new list: changing it
        changes nothing on the table). An empty cell has none."""
        kind = pile.kind
        if kind == COLUMN:
            return list(self.columns[pile.which])
        if kind == FOUNDATION:
            return list(self.foundations[pile.which])
        if kind == CELL:
            card = self.cells[pile.which]
            return [] if card is None else [card]
        return list(self.stock if kind == STOCK else self.waste)

    def hidden_count(self, pile: Pile) -> int:
        """How many cards at the bottom of ``pile`` lie face down: a column's
        hidden ones, the whole stock, none anywhere else."""
        if pile.kind == COLUMN:
            return self.hidden[pile.which]
        return len(self.stock) if pile.kind == STOCK else 0

    def remove(self, pile: Pile, count: int) -> None:
        """Take the top ``count`` cards off ``pile`` (no checks, no flip)."""
        kind = pile.kind
        if kind == COLUMN:
            col = self.columns[pile.which]
            del col[len(col) - count:]
        elif kind == FOUNDATION:
            slot = self.foundations[pile.which]
            del slot[len(slot) - count:]
        elif kind == CELL:
            self.cells[pile.which] = None
        else:
            stack = self.stock if kind == STOCK else self.waste
            del stack[len(stack) - count:]

    def add(self, pile: Pile, cards: "tuple[int, ...] | list[int]") -> None:
        """Put ``cards`` on top of ``pile``, face up (no checks)."""
        kind = pile.kind
        if kind == COLUMN:
            self.columns[pile.which].extend(cards)
        elif kind == FOUNDATION:
            self.foundations[pile.which].extend(cards)
        elif kind == CELL:
            (self.cells[pile.which],) = cards
        else:
            (self.stock if kind == STOCK else self.waste).extend(cards)

    # ---- snapshots (what undo keeps) ------------------------------------------

    def snapshot(self) -> Snapshot:
        """Everything undo brings back: the piles and the score (not the move
        counter, which keeps counting). Hashable and compact."""
        return (self.key(), self.score)

    def restore(self, snapshot: Snapshot) -> None:
        """Set the piles and the score back to a ``snapshot()``."""
        (columns, hidden, foundations, stock, waste, cells), score = snapshot
        self.columns = [list(c) for c in columns]
        self.hidden = list(hidden)
        self.foundations = [list(f) for f in foundations]
        self.stock, self.waste, self.cells = list(stock), list(waste), list(cells)
        self.score = score

    def restored(self, snapshot: Snapshot) -> "Position":
        """A new position of this game and deal at ``snapshot``, no moves counted."""
        pos = self.copy()
        pos.restore(snapshot)
        pos.moves = 0
        return pos

    # ---- the contract's JSON ------------------------------------------------

    def pile_tokens(self, pile: Pile) -> list[str]:
        """The contract's card texts of one pile, bottom first (``#`` face down)."""
        down = self.hidden_count(pile)
        return [card_text(c, row < down) for row, c in enumerate(self.cards(pile))]

    def to_dict(self) -> dict[str, Any]:
        tokens: dict[str, list[list[str]]] = {}
        for pile in self.piles():
            tokens.setdefault(pile.kind, []).append(self.pile_tokens(pile))
        data: dict[str, Any] = {"game": self.game, "variant": self.variant, "deal": self.deal, "columns": tokens[COLUMN]}
        if STOCK in tokens:
            data["stock"], data["waste"] = tokens[STOCK][0], tokens[WASTE][0]
        data["foundations"] = tokens.get(FOUNDATION, [])
        if self.rules.cell_count:
            data["cells"] = [cards[0] if cards else None for cards in tokens.get(CELL, [])]
        data.update(score=self.score, moves=self.moves, won=self.won)
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> "Position":
        try:
            data = jsontext.loads(text)
        except ValueError as exc:
            raise PositionError(f"the position is not valid JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> "Position":
        return _read_position(data)

    # ---- text ---------------------------------------------------------------

    def text(self) -> str:
        """A plain board, one pile a line in table order: the form the golden
        deal tests pin."""
        lines = [f"{self.game} {self.variant}  deal {self.deal or '-'}  score {self.score}  moves {self.moves}"]
        for pile in self.piles():
            cards = self.pile_tokens(pile)
            if pile.kind == CELL:
                lines.append(f"{pile}: " + (cards[0] if cards else "--"))
                continue
            label = {STOCK: "stock", WASTE: "waste"}.get(pile.kind, str(pile))
            if pile.kind == FOUNDATION:
                label += " " + SUITS[self.rules.foundation_suits[pile.which]]
            lines.append(f"{label}: " + " ".join(cards))
        return "\n".join(line.rstrip() for line in lines)


def deal_position(code: str | deals.DealCode) -> Position:
    """The dealt position of a deal code: the game's shuffle, dealt by the game."""
    if not isinstance(code, deals.DealCode):
        code = deals.parse_code(code)
    spec = registry.game(code.game)
    rules = spec.variant_rules(code.variant)
    dealt = spec.deal(deals.deal_order(code.game, code.number), code.variant)
    return Position(
        code.game,
        code.variant,
        dealt.columns,
        dealt.hidden,
        [[] for _ in range(rules.foundation_count)],
        stock=dealt.stock,
        cells=dealt.cells,
        deal=str(code),
    )


# ---- reading and checking a position ----------------------------------------------


def _card(token: object, where: str) -> tuple[int, bool]:
    try:
        return parse_card_token(token)  # type: ignore[arg-type]
    except CardError as exc:
        raise PositionError(f"{where}: {exc}") from None


def _list(data: dict[str, Any], key: str, required: bool = True) -> list[Any]:
    if key not in data:
        if required:
            raise PositionError(f"the position has no {key!r}")
        return []
    value = data[key]
    if not isinstance(value, list):
        raise PositionError(f"{key!r} must be a list, got {type(value).__name__}")
    return value


def _count(data: dict[str, Any], key: str) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PositionError(f"{key!r} must be a whole number of at least 0, got {quote(value)}")
    if value > MAX_SCORE_AND_MOVES:
        raise PositionError(f"{key!r} is impossibly large ({quote(value)})")
    return value


def _read_position(data: object) -> Position:
    """A position from the contract's JSON object, every part checked in
    turn (the first fault found is the error)."""
    if not isinstance(data, dict):
        raise PositionError("a position must be a JSON object")
    game = data.get("game")
    try:
        spec = registry.game(game)
    except registry.UnknownGameError as exc:
        raise PositionError(str(exc)) from None
    game = spec.id  # the same text, now known to be a game's id
    variant = _read_variant(data, spec)
    rules = spec.rules[variant]
    deal = _read_deal(data, game, variant)
    columns, hidden = _read_columns(data, game, rules)
    stock, waste = _read_talon(data, game, rules)
    foundations = _read_foundations(data, game, rules)
    cells = _read_cells(data, game, variant, rules)
    _check_every_card(game, rules, [*columns, stock, waste, *foundations, [c for c in cells if c is not None]])
    return Position(game, variant, columns, hidden, foundations, stock, waste, cells, deal,
                    _count(data, "score"), _count(data, "moves"))


def _read_variant(data: dict[str, Any], spec: registry.GameSpec) -> str:
    """The variant named, or (none named) the one whose cells the position has, else the first."""
    variants = spec.variants
    variant = data.get("variant")
    if variant is None:
        given_cells = data.get("cells")
        count = len(given_cells) if isinstance(given_cells, list) else 0
        variant = next((v for v in variants if spec.rules[v].cell_count == count), variants[0])
    if not isinstance(variant, str) or variant not in variants:
        raise PositionError(f"{spec.id} has no variant {quote(variant)} (it has {', '.join(variants)})")
    return variant


def _read_deal(data: dict[str, Any], game: str, variant: str) -> str | None:
    """The deal the position came from (its code as the engine writes it), if it names one."""
    deal = data.get("deal")
    if deal is None:
        return None
    try:
        code = deals.parse_code(deal)
    except DealCodeError as exc:
        raise PositionError(f"'deal': {exc}") from None
    if (code.game, code.variant) != (game, variant):
        raise PositionError(f"'deal' {quote(deal)} is not a {game} {variant} deal")
    return str(code)


def _read_columns(data: dict[str, Any], game: str, rules: Rules) -> tuple[list[list[int]], list[int]]:
    """The columns' cards, bottom first, and how many of each lie face down (at the bottom)."""
    raw_columns = _list(data, "columns")
    if len(raw_columns) != rules.column_count:
        raise PositionError(f"{game} has {rules.column_count} columns, the position has {len(raw_columns)}")
    columns, hidden = [], []
    for i, raw in enumerate(raw_columns):
        if not isinstance(raw, list):
            raise PositionError(f"column {i + 1} must be a list of cards")
        col, down = [], 0
        for row, token in enumerate(raw):
            card, face_down = _card(token, f"column {i + 1}")
            if face_down:
                if not rules.has_face_down:
                    raise PositionError(f"column {i + 1}: {game} has no face-down cards")
                if row != down:
                    raise PositionError(f"column {i + 1}: a face-down card lies on a face-up one")
                down += 1
            col.append(card)
        if col and down == len(col):
            raise PositionError(f"column {i + 1}: a face-down card tops the column")
        columns.append(col)
        hidden.append(down)
    return columns, hidden


def _read_talon(data: dict[str, Any], game: str, rules: Rules) -> tuple[list[int], list[int]]:
    """The stock and the waste (empty in a game that has neither)."""
    stock: list[int] = []
    waste: list[int] = []
    if rules.has_stock:
        stock = [_card(t, "stock")[0] for t in _list(data, "stock")]
        for t in _list(data, "waste"):
            card, face_down = _card(t, "waste")
            if face_down:
                raise PositionError("waste: the waste holds only face-up cards")
            waste.append(card)
    else:
        for key in ("stock", "waste"):
            if _list(data, key, required=False):
                raise PositionError(f"{game} has no {key}")
    return stock, waste


def _read_foundations(data: dict[str, Any], game: str, rules: Rules) -> list[list[int]]:
    """Each foundation slot's cards, ace first, in its suit."""
    raw_foundations = _list(data, "foundations")
    if len(raw_foundations) != rules.foundation_count:
        raise PositionError(
            f"{game} has {rules.foundation_count} foundation slots, the position has {len(raw_foundations)}"
        )
    foundations = []
    for i, raw in enumerate(raw_foundations):
        if not isinstance(raw, list):
            raise PositionError(f"foundation {i + 1} must be a list of cards")
        slot = []
        suit = rules.foundation_suits[i]
        for j, token in enumerate(raw):
            card, face_down = _card(token, f"foundation {i + 1}")
            if face_down:
                raise PositionError(f"foundation {i + 1}: foundations hold only face-up cards")
            if suit_of(card) != suit:
                raise PositionError(f"foundation {i + 1} is for {'spades hearts diamonds clubs'.split()[suit]}, not {card_text(card)}")
            if rank_of(card) != j + 1:
                raise PositionError(f"foundation {i + 1} is out of order: {card_text(card)} cannot be card {j + 1}")
            slot.append(card)
        foundations.append(slot)
    return foundations


def _read_cells(data: dict[str, Any], game: str, variant: str, rules: Rules) -> list[int | None]:
    """Each cell's card (None: empty), in a game that has cells."""
    cells: list[int | None] = []
    if rules.cell_count:
        raw_cells = _list(data, "cells")
        if len(raw_cells) != rules.cell_count:
            raise PositionError(f"{game} {variant} has {rules.cell_count} cells, the position has {len(raw_cells)}")
        for i, token in enumerate(raw_cells):
            if token is None:
                cells.append(None)
                continue
            card, face_down = _card(token, f"cell {i + 1}")
            if face_down:
                raise PositionError(f"cell {i + 1}: cells hold only face-up cards")
            cells.append(card)
    elif any(c is not None for c in _list(data, "cells", required=False)):
        raise PositionError(f"{game} has no cells")
    return cells


def _check_every_card(game: str, rules: Rules, piles: list[list[int]]) -> None:
    """Every card of the game, each as many times as the game has it, over all the piles."""
    counts = Counter(c for pile in piles for c in pile)
    for card in range(52):
        have = counts.get(card, 0)
        if have != rules.copies:
            many = "once" if rules.copies == 1 else "twice"
            raise PositionError(f"{card_text(card)} appears {have} times; {game} has every card {many}")
