"""Measuring a drawn table: where its texts, buttons and cards are, and
what breaks the layout's promises. Used by the size-matrix test and by
``tools/ui_screens.py --matrix`` (which prints the numbers)."""

from __future__ import annotations

import math
from itertools import combinations

from game.engine.actions import COLUMN
from game.ui.drawing.layout import CARD_RATIO, TEXT_FLOOR, TOUCH, Box, glyph_floor, index_for, least_card

# phones upright and on their side (640x480: the window's least size)
PHONE_SIZES = ((360, 640), (390, 844), (844, 390), (640, 360), (640, 480))
SIZES = (*PHONE_SIZES, (800, 600), (1024, 600), (1366, 768), (1920, 1080), (2560, 1440))
SMALLEST_CARD = math.ceil(TEXT_FLOOR * 2.2 / 0.86)  # the least card width whose index keeps the text floor


def is_phone(size: tuple[int, int]) -> bool:
    return min(size) <= 480


def cannot_fit(layout, pile_box: Box, hidden: int, count: int) -> bool:
    """Whether a column of ``count`` cards (``hidden`` face down) could not
    show every index in this table's column room even with the smallest
    cards whose rank keeps the window's glyph floor (``glyph_floor``: 14 px
    on a laptop, 12 on a small phone) and the text floor (face-down cards
    at 4 px)."""
    glyph = glyph_floor(layout.width, layout.height)
    narrow = layout.index.spread
    cw = max(SMALLEST_CARD, least_card(glyph, layout.large, narrow))
    ch = round(cw * CARD_RATIO)
    need = hidden * 4 + (count - 1 - hidden) * index_for(cw, layout.large, narrow, glyph).h + ch
    return need > layout.columns_bottom - pile_box.y


def problems(app, *, strict_strips: bool = False) -> list[str]:
    """Every broken promise of the table as the app shows it now.

    A face-up card in a column shows its whole index, unless the column
    could not fit at any card size (``cannot_fit``): then it must show its
    count. On phone sizes every face-up card's grab strip is at least 44 px,
    or its column shows its count; ``strict_strips`` (the opening deals):
    at least 44 px, no count allowed."""
    table, layout = app.table, app.table.layout
    width, height = app.width, app.height
    surface = Box(0, 0, width, height)
    bad: list[str] = []

    def inside(name: str, box: Box) -> None:
        if box.x < 0 or box.y < 0 or box.right > surface.right or box.bottom > surface.bottom:
            bad.append(f"{name} {tuple(box)} leaves the {width}x{height} surface")

    for name, box in layout.buttons.items():
        inside(f"button {name}", box)
        if is_phone((width, height)) and (box.w < TOUCH or box.h < TOUCH):
            bad.append(f"button {name} is {box.w}x{box.h}, under {TOUCH} px")
    for pile, box in layout.piles.items():
        inside(f"pile {pile}", box)
    inside("bar", layout.bar)
    inside("message place", layout.banner)

    # texts: the bar's pieces, never over each other or a button, never under the floor
    texts = [(text, Box(*rect)) for text, rect in table.bar.placed]
    for text, box in texts:
        inside(f"text {text!r}", box)
        for name, button in layout.buttons.items():
            if box.overlap(button):
                bad.append(f"text {text!r} prints over the {name} button")
    for (a, abox), (b, bbox) in combinations(texts, 2):
        if abox.overlap(bbox):
            bad.append(f"texts {a!r} and {b!r} print over each other")
    if table.bar.size_used < TEXT_FLOOR:
        bad.append(f"bar text at {table.bar.size_used} px, under {TEXT_FLOOR}")
    if layout.index.size < TEXT_FLOOR:
        bad.append(f"card index at {layout.index.size} px, under {TEXT_FLOOR}")
    # the message place never covers a card
    for pile, box in layout.piles.items():
        if box.overlap(layout.banner):
            bad.append(f"the message place covers {pile}")

    # piles never over each other, buttons over nothing
    boxes = list(layout.piles.items())
    for (p, a), (q, b) in combinations(boxes, 2):
        if a.overlap(b):
            bad.append(f"piles {p} and {q} overlap")
    for name, button in layout.buttons.items():
        for pile, box in boxes:
            if button.overlap(box):
                bad.append(f"button {name} covers {pile}")
        if button.overlap(layout.banner):
            bad.append(f"button {name} covers the message place")
    for (a, abox), (b, bbox) in combinations(layout.buttons.items(), 2):
        if abox.overlap(bbox):
            bad.append(f"buttons {a} and {b} overlap")

    # columns: every face-up card shows its whole index, the last card is whole
    phone = is_phone((width, height))
    pos = app.session.game.position
    for i, col in enumerate(pos.columns):
        pile = table.layout.piles[_column(i)]
        places = table.card_places(_column(i), len(col))
        hidden = pos.hidden[i]
        badge = table.counts.badges.get(i)
        counted = badge is not None and badge[0] == len(col) and badge[1].alive()
        for row in range(len(col)):
            y = places[row][1]
            card = Box(pile.x, round(y), layout.card_w, layout.card_h)
            inside(f"column {i + 1} card {row + 1}", card)
            if row + 1 < len(col):
                step = places[row + 1][1] - y
                if row >= hidden and step < layout.index.h:
                    if not (counted and cannot_fit(layout, pile, hidden, len(col))):
                        bad.append(f"column {i + 1} card {row + 1} shows {step} px of its {layout.index.h} px index")
                if row >= hidden and phone and step < TOUCH and (strict_strips or not counted):
                    bad.append(f"column {i + 1} card {row + 1}: a {step} px grab strip, under {TOUCH}"
                               + ("" if strict_strips else ", and no count"))
                if row < hidden and step < layout.down_min:
                    bad.append(f"column {i + 1} face-down card {row + 1}: {step} px, not countable")
        if col and places[-1][1] + layout.card_h > layout.columns_bottom:
            bad.append(f"column {i + 1} runs past the bottom of the columns")
    return bad


def smallest_strip(app) -> int | None:
    """The least height of a face-up card's visible strip in any column."""
    table = app.table
    pos = app.session.game.position
    least = None
    for i, col in enumerate(pos.columns):
        places = table.card_places(_column(i), len(col))
        for row in range(pos.hidden[i], len(col) - 1):
            step = places[row + 1][1] - places[row][1]
            least = step if least is None else min(least, step)
    return least


def _column(i: int):
    from game.engine import Pile

    return Pile(COLUMN, i)
