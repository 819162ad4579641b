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

from . import deals, jsontext
from .cards import card_text, parse_card_token, rank_of, suit_of, SUITS
from .errors import CardError, DealCodeError, PositionError
from .rules import Rules, rules_for


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
        return rules_for(self.game, self.variant)

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

    def key(self) -> tuple:
        """Everything that decides the game from here (not score or moves)."""
        return (
            tuple(map(tuple, self.columns)),
            tuple(self.hidden),
            tuple(map(tuple, self.foundations)),
            tuple(self.stock),
            tuple(self.waste),
            tuple(self.cells),
        )

    def face_down(self, col: int, row: int) -> bool:
        return row < self.hidden[col]

    # ---- the contract's JSON ------------------------------------------------

    def to_dict(self) -> dict:
        data: dict = {
            "game": self.game,
            "variant": self.variant,
            "deal": self.deal,
            "columns": [
                [card_text(c, row < self.hidden[i]) for row, c in enumerate(col)]
                for i, col in enumerate(self.columns)
            ],
        }
        if self.rules.has_stock:
            data["stock"] = [card_text(c, True) for c in self.stock]
            data["waste"] = [card_text(c) for c in self.waste]
        data["foundations"] = [[card_text(c) for c in slot] for slot in self.foundations]
        if self.rules.cell_count:
            data["cells"] = [None if c is None else card_text(c) for c in self.cells]
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
        """A plain board, one pile a line: the form the golden deal tests pin."""
        rules = self.rules
        lines = [f"{self.game} {self.variant}  deal {self.deal or '-'}  score {self.score}  moves {self.moves}"]
        if rules.has_stock:
            lines.append("stock: " + " ".join(card_text(c, True) for c in self.stock))
            lines.append("waste: " + " ".join(card_text(c) for c in self.waste))
        for i, slot in enumerate(self.foundations):
            suit = SUITS[rules.foundation_suits[i]]
            lines.append(f"f{i + 1} {suit}: " + " ".join(card_text(c) for c in slot))
        for i, c in enumerate(self.cells):
            lines.append(f"r{i + 1}: " + ("--" if c is None else card_text(c)))
        for i, col in enumerate(self.columns):
            lines.append(f"c{i + 1}: " + " ".join(card_text(c, row < self.hidden[i]) for row, c in enumerate(col)))
        return "\n".join(line.rstrip() for line in lines)


def deal_position(code: str | deals.DealCode) -> Position:
    """The dealt position of a deal code (see ``deals`` for the layout)."""
    if not isinstance(code, deals.DealCode):
        code = deals.parse_code(code)
    order = deals.deal_order(code.game, code.number)
    rules = rules_for(code.game, code.variant)
    columns: list[list[int]]
    if code.game == deals.EASY_HARP:
        columns, taken = [], 0
        for i in range(rules.column_count):
            columns.append(order[taken : taken + i + 1])
            taken += i + 1
        hidden = [len(col) - 1 for col in columns]
        stock = list(reversed(order[taken:]))
        cells: list[int | None] = []
    else:
        columns = [order[i:48:8] for i in range(8)]
        hidden = [0] * 8
        stock = []
        rest = order[48:]
        if code.variant == "C2":
            cells = rest[:2]
            columns[2].append(rest[2])
            columns[3].append(rest[3])
        else:
            cells = list(rest) + [None] * (rules.cell_count - 4)
    return Position(
        code.game,
        code.variant,
        columns,
        hidden,
        [[] for _ in range(rules.foundation_count)],
        stock=stock,
        cells=cells,
        deal=str(code),
    )


# ---- reading and checking a position ----------------------------------------------


def _card(token: object, where: str) -> tuple[int, bool]:
    try:
        return parse_card_token(token)  # type: ignore[arg-type]
    except CardError as exc:
        raise PositionError(f"{where}: {exc}") from None


def _list(data: dict, key: str, required: bool = True) -> list:
    if key not in data:
        if required:
            raise PositionError(f"the position has no {key!r}")
        return []
    value = data[key]
    if not isinstance(value, list):
        raise PositionError(f"{key!r} must be a list, got {type(value).__name__}")
    return value


def _count(data: dict, key: str) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise PositionError(f"{key!r} must be a whole number of at least 0, got {value!r}")
    if value > 10**9:
        raise PositionError(f"{key!r} is impossibly large ({value})")
    return value


def _read_position(data: object) -> Position:
    if not isinstance(data, dict):
        raise PositionError("a position must be a JSON object")
    game = data.get("game")
    if not isinstance(game, str) or game not in deals.GAMES:
        raise PositionError(f"unknown game {game!r} (easy-harp or eight-off)")
    variants = deals.GAMES[game][1]
    variant = data.get("variant")
    if variant is None and game == deals.EIGHT_OFF and isinstance(data.get("cells"), list):
        variant = f"C{len(data['cells'])}"
    elif variant is None:
        variant = variants[0]
    if not isinstance(variant, str) or variant not in variants:
        raise PositionError(f"{game} has no variant {variant!r} (it has {', '.join(variants)})")
    rules = rules_for(game, variant)

    deal = data.get("deal")
    if deal is not None:
        try:
            code = deals.parse_code(deal)
        except DealCodeError as exc:
            raise PositionError(f"'deal': {exc}") from None
        if (code.game, code.variant) != (game, variant):
            raise PositionError(f"'deal' {deal!r} is not a {game} {variant} deal")
        deal = str(code)

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

    stock, waste = [], []
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

    counts = Counter(c for col in columns for c in col)
    counts.update(stock)
    counts.update(waste)
    counts.update(c for slot in foundations for c in slot)
    counts.update(c for c in cells if c is not None)
    for card in range(52):
        have = counts.get(card, 0)
        if have != rules.copies:
            many = "once" if rules.copies == 1 else "twice"
            raise PositionError(f"{card_text(card)} appears {have} times; {game} has every card {many}")

    return Position(
        game,
        variant,
        columns,
        hidden,
        foundations,
        stock,
        waste,
        cells,
        deal,
        _count(data, "score"),
        _count(data, "moves"),
    )
