"""Piles and actions in the contract's notation: piles ``c1``-``c9``, ``w``,
``s``, ``f``/``f1``-``f8``, ``r``/``r1``-``r8``; actions ``draw``, ``undo``,
``tap PILE``, ``dtap PILE``, ``SRC>DST`` and ``SRC.N>DST`` (N cards of a column).

An action is a small frozen value that prints and parses itself:

>>> str(Action.parse("C2.3>c5"))
'c2.3>c5'
>>> Action.parse("tap s")
Action(kind='draw', src=None, dst=None, count=1)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal, get_args

from .errors import ActionSyntaxError
from .notation import quote, strip, whole_number, words

# The kinds of pile: the letters of the notation, and of saved games and JSON.
PileKind = Literal["c", "w", "s", "f", "r"]
COLUMN: Final = "c"
WASTE: Final = "w"
STOCK: Final = "s"
FOUNDATION: Final = "f"
CELL: Final = "r"
PILE_KINDS: tuple[PileKind, ...] = get_args(PileKind)
_PILE_KIND: dict[str, PileKind] = {kind: kind for kind in PILE_KINDS}  # a letter read, as a kind
MAX_INDEX: dict[PileKind, int] = {COLUMN: 9, FOUNDATION: 8, CELL: 8}
MAX_CARDS_IN_ACTION = 9999  # SRC.N: a larger N than the column holds is a refusal; more digits are unreadable


@dataclass(frozen=True)
class Pile:
    """A pile on the table. ``index`` counts from 0; None means the whole
    area (``f``: the slot that takes the card, ``r``: the first empty cell)."""

    kind: PileKind
    index: int | None = None

    @property
    def which(self) -> int:
        """The index (from 0) of this one column, foundation slot or cell.
        A whole area has none, nor have the stock and the waste: asking
        them is a ValueError."""
        index = self.index
        if index is None:
            raise ValueError(f"{self} is a whole area or an unnumbered pile, not one numbered pile")
        return index

    def __str__(self) -> str:
        return self.kind if self.index is None else f"{self.kind}{self.index + 1}"

    @classmethod
    def parse(cls, text: str) -> "Pile":
        if not isinstance(text, str) or not text.isascii():
            raise ActionSyntaxError(f"{quote(text)} is not a pile (c1-c9, w, s, f, f1-f8, r, r1-r8)")
        m = re.fullmatch(r"([cwsfr])([0-9]*)", strip(text).lower())
        if not m:
            raise ActionSyntaxError(f"{quote(text)} is not a pile (c1-c9, w, s, f, f1-f8, r, r1-r8)")
        letter, digits = m.groups()
        kind = _PILE_KIND[letter]
        if not digits:
            if kind == COLUMN:
                raise ActionSyntaxError("a column needs its number, c1 to c9")
            return cls(kind)
        if kind in (WASTE, STOCK):
            raise ActionSyntaxError(f"{quote(text)} is not a pile: the {'waste' if kind == WASTE else 'stock'} has no number")
        wrong = f"{quote(text)} is not a pile: {kind} goes from {kind}1 to {kind}{MAX_INDEX[kind]}"
        try:
            number = whole_number(digits, "the pile number", MAX_INDEX[kind], ActionSyntaxError)
        except ActionSyntaxError:
            raise ActionSyntaxError(wrong) from None
        if digits.startswith("0") or number < 1:
            raise ActionSyntaxError(wrong)
        return cls(kind, number - 1)


def column(i: int) -> Pile:
    return Pile(COLUMN, i)


def foundation(i: int | None = None) -> Pile:
    return Pile(FOUNDATION, i)


def cell(i: int | None = None) -> Pile:
    return Pile(CELL, i)


# The kinds of action, as the notation spells them.
ActionKind = Literal["draw", "move", "tap", "dtap", "undo"]
DRAW: Final = "draw"
MOVE: Final = "move"
TAP: Final = "tap"
DTAP: Final = "dtap"
UNDO: Final = "undo"
_WORD_ACTIONS: dict[str, ActionKind] = {DRAW: DRAW, UNDO: UNDO}  # actions of one word, by the word
_PILE_ACTIONS: dict[str, ActionKind] = {TAP: TAP, DTAP: DTAP}  # "tap PILE", by the first word


PARSED_LIMIT = 4096  # action texts remembered once read (``Action.parse``)


@dataclass(frozen=True)
class Action:
    """``src`` and ``dst`` are what the kind needs: none for draw and undo,
    ``src`` for tap and dtap, both for a move."""

    kind: ActionKind
    src: Pile | None = None
    dst: Pile | None = None
    count: int = 1

    def __str__(self) -> str:
        if self.kind in (DRAW, UNDO):
            return self.kind
        if self.kind in (TAP, DTAP):
            return f"{self.kind} {self.src}"
        src = f"{self.src}.{self.count}" if self.count > 1 else str(self.src)
        return f"{src}>{self.dst}"

    @classmethod
    def parse(cls, text: str) -> "Action":
        """The action ``text`` spells (``ActionSyntaxError`` when it spells
        none). Actions are values, so a text read before gives the same one
        again at once (``_PARSED``): a proven line of a thousand actions is
        read over and over, by the hints and the Finish."""
        known = _PARSED.get(text) if isinstance(text, str) else None
        if known is not None:
            return known
        action = cls._read(text)
        if len(_PARSED) >= PARSED_LIMIT:
            _PARSED.clear()
        _PARSED[text] = action
        return action

    @classmethod
    def _read(cls, text: str) -> "Action":
        if not isinstance(text, str):
            raise ActionSyntaxError(f"an action must be text, got {quote(text)}")
        if not text.isascii():  # the notation is ASCII: no full-width digits, no no-break space
            raise ActionSyntaxError(f"{quote(strip(text))} is not an action: the notation uses plain ASCII letters and digits")
        token = " ".join(words(text.lower()))
        if token in _WORD_ACTIONS:
            return cls(_WORD_ACTIONS[token])
        parts = token.split(" ")
        if len(parts) == 2 and parts[0] in _PILE_ACTIONS:
            pile = Pile.parse(parts[1])
            if pile.kind == STOCK:
                return cls(DRAW)
            if pile.kind == CELL and pile.index is None:
                raise ActionSyntaxError("tap needs one cell, r1 to r8")
            return cls(_PILE_ACTIONS[parts[0]], pile)
        m = re.fullmatch(r"([a-z]+[0-9]*)(?:\.([0-9]+))?>([a-z]+[0-9]*)", token)
        if not m:
            raise ActionSyntaxError(
                f"{quote(strip(text))} is not an action (draw, undo, tap PILE, dtap PILE, SRC>DST, SRC.N>DST)"
            )
        src_text, count_text, dst_text = m.groups()
        src, dst = Pile.parse(src_text), Pile.parse(dst_text)
        if src.index is None and src.kind in (FOUNDATION, CELL):
            raise ActionSyntaxError(f"{quote(src_text)} names an area, not a pile to take from (say {src_text}1, ...)")
        count = 1
        if count_text is not None:
            if src.kind != COLUMN:
                raise ActionSyntaxError(f"{quote(src_text + '.' + count_text)}: only a column can give several cards")
            count = whole_number(count_text, f"{src_text}: the number of cards", MAX_CARDS_IN_ACTION, ActionSyntaxError)
            if count < 1:
                raise ActionSyntaxError(f"{quote(src_text + '.' + count_text)}: the number of cards starts at 1")
        return cls(MOVE, src, dst, count)



_PARSED: dict[str, Action] = {}  # action text -> the action it spells (``Action.parse``)
