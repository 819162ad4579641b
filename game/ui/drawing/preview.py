"""A small picture of a position (the help's examples): the game's piles and
card art, laid out for the picture alone.

The table's layout keeps room for a bar, buttons, a message place and the
longest columns the rules allow; a picture needs none of that. ``plan_preview``
sizes the cards for the columns the picture will really show (every step of
an example, so the cards keep their size from step to step) and arranges
the piles to suit the room: the cells (or the stock and waste) and the
foundations in a row or two above the columns, or in grids beside them
(the short, wide room of a phone on its side). It keeps the cards at least
``FLOOR_CARD_W`` wide, so that every index is drawn at the table's smallest
type (``TEXT_FLOOR``), and says how tall the picture then is: a room too
short for that gets a taller picture, which its dialog scrolls.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import pygame

from ...engine import Action, Pile, Position
from ...engine.actions import CELL, COLUMN, FOUNDATION, STOCK, WASTE
from ...engine.rules import Rules
from . import theme
from .theme import Ink
from .cardart import card_art
from .felt import felt, pile_marker
from .layout import CARD_RATIO, TEXT_FLOOR, Box, Index, index_for

FLOOR_CARD_W = math.ceil(TEXT_FLOOR * 2.2 / 0.86)  # 31 px: the least card whose index is drawn at TEXT_FLOOR
# (piles above the columns in 1 or 2 rows) and (piles beside them, in grids of 2 to 4 rows)
ARRANGEMENTS = (("top", 1), ("top", 2), ("side", 2), ("side", 3), ("side", 4))
TIGHT = 0.08  # the columns' gap (of a card's width) when the usual one leaves the cards under the floor

Stack = tuple[int, int]  # a column as the picture shows it: (face-down cards, cards)


@dataclass(frozen=True)
class PreviewLayout:
    """Where a picture's piles go: ``piles`` are card-sized slots (a column:
    its first card) in a picture ``width`` x ``height`` (px), which a
    larger surface centres."""

    width: int
    height: int
    card_w: int
    card_h: int
    index: Index
    up_gap: int  # fan step over a face-up card: never less than its index
    down_gap: int  # fan step over a face-down card
    piles: dict[Pile, Box]
    arrangement: tuple[str, int]

    def column_offsets(self, hidden: int, count: int) -> list[int]:
        offsets, y = [0], 0
        for row in range(count - 1):
            y += self.down_gap if row < hidden else self.up_gap
            offsets.append(y)
        return offsets[:count]


@dataclass(frozen=True)
class _Shape:
    card_w: int
    card_h: int
    index: Index
    up: int
    down: int
    gap: int  # between places in a row or a grid
    col_gap: int
    pad: int
    sep: int  # between a grid and the columns, or the two groups of a row

    @classmethod
    def of(cls, cw: int, col_gap: float = 0.25) -> "_Shape":
        ch = round(cw * CARD_RATIO)
        index = index_for(cw)
        pad = 4 if col_gap <= TIGHT else max(4, round(cw * 0.2))
        return cls(cw, ch, index, max(index.h, round(ch * 0.27)), max(4, round(ch * 0.1)), max(3, round(cw * 0.12)),
                   max(3, round(cw * col_gap)), pad, max(6, round(cw * 0.4)))

    def fan(self, stack: Stack) -> int:
        hidden, count = stack
        if count <= 0:
            return self.card_h
        down = min(hidden, count - 1)
        return down * self.down + (count - 1 - down) * self.up + self.card_h

    def grid(self, n: int, rows: int, kind: str) -> tuple[int, int, int]:
        """(places per row, width, height) of ``n`` places in up to ``rows`` rows
        (above the columns, a stock and its waste side by side)."""
        if n == 0:
            return 0, 0, 0
        per = n if n <= 2 and kind == "top" else -(-n // rows)
        used = -(-n // per)
        return per, per * self.card_w + (per - 1) * self.gap, used * self.card_h + (used - 1) * self.gap


def _groups(rules: Rules) -> tuple[list[Pile], list[Pile]]:
    left = [Pile(STOCK), Pile(WASTE)] if rules.has_stock else [Pile(CELL, i) for i in range(rules.cell_count)]
    return left, [Pile(FOUNDATION, i) for i in range(rules.foundation_count)]


@dataclass(frozen=True)
class _Frame:
    """Where the picture's parts go in ``arrangement`` with cards of one
    shape: the two groups (stock and waste or cells; foundations), each with
    its cards per row, and the columns' row; ``_need`` measures it and
    ``_place`` lays the piles out on it."""

    left: list[Pile]
    right: list[Pile]
    left_per: int
    right_per: int
    right_x: int
    groups_h: int  # the taller group's height
    col_x: int
    col_y: int
    width: int


def _frame(rules: Rules, arrangement: tuple[str, int], s: _Shape) -> _Frame:
    kind, rows = arrangement
    left, right = _groups(rules)
    n = rules.column_count
    span = n * s.card_w + (n - 1) * s.col_gap
    lper, lw, lh = s.grid(len(left), rows, kind)
    rper, rw, rh = s.grid(len(right), rows, kind)
    if kind == "top":
        inner = max(span, lw + s.sep + rw)
        right_x = s.pad + inner - rw
        col_x = s.pad + (inner - span) // 2
        col_y = s.pad + max(lh, rh) + max(s.pad, round(s.card_h * 0.12))
        width = inner + 2 * s.pad
    else:
        col_x = s.pad + lw + s.sep
        right_x = col_x + span + s.sep
        col_y = s.pad
        width = lw + rw + span + 2 * s.sep + 2 * s.pad
    return _Frame(left, right, lper, rper, right_x, max(lh, rh), col_x, col_y, width)


def _need(rules: Rules, arrangement: tuple[str, int], s: _Shape, tallest: int) -> tuple[int, int]:
    """(width, height) of the picture in ``arrangement`` with cards of shape
    ``s``, its columns ``tallest`` high."""
    f = _frame(rules, arrangement, s)
    return f.width, max(s.pad + f.groups_h, f.col_y + tallest) + s.pad


def _place(rules: Rules, arrangement: tuple[str, int], s: _Shape) -> dict[Pile, Box]:
    f = _frame(rules, arrangement, s)
    piles: dict[Pile, Box] = {}
    for group, per, x in ((f.left, f.left_per, s.pad), (f.right, f.right_per, f.right_x)):
        for j, pile in enumerate(group):
            piles[pile] = Box(x + (j % per) * (s.card_w + s.gap), s.pad + (j // per) * (s.card_h + s.gap),
                              s.card_w, s.card_h)
    for i in range(rules.column_count):
        piles[Pile(COLUMN, i)] = Box(f.col_x + i * (s.card_w + s.col_gap), f.col_y, s.card_w, s.card_h)
    return piles


def plan_preview(rules: Rules, stacks: list[Stack], width: int, height: int) -> PreviewLayout:
    """The picture for columns up to ``stacks`` in a room ``width`` wide:
    the largest cards that fit ``height``, at least ``FLOOR_CARD_W`` wide;
    when no arrangement keeps that floor within ``height``, the shortest
    picture that does (taller than ``height``), the columns closer together
    if that is what keeps it; when the width cannot hold the floor even
    so, the largest cards the width holds."""
    stacks = sorted(set(stacks)) or [(0, 1)]

    def need(arrangement: tuple[str, int], cw: int, gap: float) -> tuple[int, int]:
        s = _Shape.of(cw, gap)
        return _need(rules, arrangement, s, max(s.fan(st) for st in stacks))

    def widest(arrangement: tuple[str, int], gap: float, fits: Callable[[int, int], bool]) -> int | None:
        """The widest card (8 px at least) for which ``fits(width, height)``;
        a picture only grows with its cards, so a halving search finds it."""
        low, high = 8, max(8, width // max(1, rules.column_count))
        if not fits(*need(arrangement, low, gap)):
            return None
        while low < high:
            mid = (low + high + 1) // 2
            low, high = (mid, high) if fits(*need(arrangement, mid, gap)) else (low, mid - 1)
        return low

    def choose(gap: float) -> tuple[int, int, tuple[str, int]] | None:
        best: tuple[int, int, tuple[str, int]] | None = None  # (card width, -height, arrangement)
        fitting = [(cw, a) for a in ARRANGEMENTS
                   if (cw := widest(a, gap, lambda w, h: w <= width and h <= height)) is not None and cw >= FLOOR_CARD_W]
        if fitting:  # the first arrangement (the closest to the table's) whose cards are nearly the largest
            most = max(cw for cw, _ in fitting)
            cw, arrangement = next((cw, a) for cw, a in fitting if cw >= most * 0.92)
            best = (cw, -need(arrangement, cw, gap)[1], arrangement)
        if best is None:  # too short for the floor: the shortest picture that keeps it
            options = [(need(a, FLOOR_CARD_W, gap)[1], a) for a in ARRANGEMENTS
                       if need(a, FLOOR_CARD_W, gap)[0] <= width]
            if options:
                h, arrangement = min(options)
                best = (FLOOR_CARD_W, -h, arrangement)
        return best

    gap = 0.25
    best = choose(gap)
    if best is None:
        gap = TIGHT
        best = choose(gap)
    if best is None:  # too narrow for the floor: as large as the width allows
        sized = [(cw, -need(a, cw, gap)[1], a) for a in ARRANGEMENTS
                 if (cw := widest(a, gap, lambda w, h: w <= width)) is not None]
        best = max(sized, key=lambda t: t[:2]) if sized else (8, 0, ARRANGEMENTS[0])
    cw, _, arrangement = best
    s = _Shape.of(cw, gap)
    w, h = need(arrangement, cw, gap)
    return PreviewLayout(width=w, height=h, card_w=s.card_w, card_h=s.card_h, index=s.index, up_gap=s.up,
                         down_gap=s.down, piles=_place(rules, arrangement, s), arrangement=arrangement)


def position_stacks(pos: Position, highlight: tuple[Action, bool | None] | None = None) -> list[Stack]:
    """The columns of ``pos`` as its picture shows them: a refused move's
    target outline takes the place after its column's last card."""
    stacks = [(hidden, len(col)) for col, hidden in zip(pos.columns, pos.hidden)]
    if highlight is not None and highlight[1] is False:
        dst = highlight[0].dst
        if dst is not None and dst.kind == COLUMN and dst.index is not None and stacks[dst.index][1]:
            hidden, count = stacks[dst.index]
            stacks[dst.index] = (hidden, count + 1)
    return stacks


def render_position(pos: Position, width: int, height: int, lang: str,
                    highlight: tuple[Action, bool | None] | None = None,
                    layout: PreviewLayout | None = None) -> pygame.Surface:
    """A small picture of the table at ``pos``, ``width`` x ``height``, in
    ``layout`` (by default one planned for ``pos`` alone), the same card art
    as the game. ``highlight``: (an action, whether it was played) marks the
    cards it moved where they landed, or the cards it tried to move and
    where to."""
    layout = layout or plan_preview(pos.rules, position_stacks(pos, highlight), width, height)
    dx, dy = max(0, (width - layout.width) // 2), max(0, (height - layout.height) // 2)
    surf = felt(width, height)
    art = card_art(layout.card_w, layout.card_h, lang, index=layout.index, fan=layout.up_gap)
    rules = pos.rules
    places: dict[Pile, list[tuple[int, int]]] = {}
    for pile, slot in layout.piles.items():
        surf.blit(pile_marker(art, pile, rules), (slot.x + dx, slot.y + dy))
    for pile in pos.piles():
        if pile not in layout.piles:
            continue
        box = layout.piles[pile]
        cards = pos.cards(pile)
        if pile.kind != COLUMN:
            if cards:
                surf.blit(art.image(cards[-1], pile.kind != STOCK), (box.x + dx - art.pad, box.y + dy - art.pad))
            places[pile] = [(box.x + dx, box.y + dy)] * max(1, len(cards))
            continue
        hidden = pos.hidden_count(pile)
        offsets = layout.column_offsets(hidden, len(cards))
        places[pile] = [(box.x + dx, box.y + dy + off) for off in offsets] or [(box.x + dx, box.y + dy)]
        for row, (card, off) in enumerate(zip(cards, offsets)):
            surf.blit(art.image(card, row >= hidden), (box.x + dx - art.pad, box.y + dy + off - art.pad))
    if highlight is not None and highlight[0].src is not None:
        action, played = highlight
        line = max(2, round(layout.card_w * 0.06))

        def outline(pile: Pile | None, count: int, color: Ink, beyond: bool = False) -> None:
            spots = places.get(pile) if pile is not None else None
            if not spots:
                return
            if beyond:  # the place after the pile's last card
                x, y = spots[-1]
                if pile is not None and pile.kind == COLUMN and pos.cards(pile):
                    y += layout.up_gap
                first = last = (x, y)
            else:
                first, last = spots[max(0, len(spots) - count)], spots[-1]
            rect = pygame.Rect(first[0], first[1], layout.card_w, last[1] - first[1] + layout.card_h)
            pygame.draw.rect(surf, color, rect.inflate(6, 6), line, border_radius=art.radius + 2)

        if played is None:  # before the first step: the card the caption asks to watch
            outline(action.dst, 1, theme.HIGHLIGHT)
        elif played:
            outline(action.dst, action.count, theme.HIGHLIGHT)
        else:
            outline(action.src, action.count, theme.HIGHLIGHT)
            outline(action.dst, 1, theme.ERROR, beyond=True)
    return surf
