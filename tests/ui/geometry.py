"""Measuring a drawn table: where its texts, buttons and cards are, and
what breaks the layout's promises. Used by the size-matrix test and by
``tools/ui_screens.py --matrix`` (which prints the numbers)."""

from __future__ import annotations

from itertools import combinations

from game.engine.actions import COLUMN
from game.ui.layout import TEXT_FLOOR, TOUCH, Box

PHONE_SIZES = ((360, 640), (390, 844))
SIZES = ((360, 640), (390, 844), (800, 600), (1024, 600), (1366, 768), (1920, 1080), (2560, 1440))


def is_phone(size: tuple[int, int]) -> bool:
    return min(size) <= 480


def problems(app, *, grab_strips: bool = True) -> list[str]:
    """Every broken promise of the table as the app shows it now."""
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

    # columns: every face-up card shows its whole index, the last card is whole
    pos = app.session.game.position
    for i, col in enumerate(pos.columns):
        pile = table.layout.piles[_column(i)]
        places = table.card_places(_column(i), len(col))
        hidden = pos.hidden[i]
        for row in range(len(col)):
            y = places[row][1]
            card = Box(pile.x, round(y), layout.card_w, layout.card_h)
            inside(f"column {i + 1} card {row + 1}", card)
            if row + 1 < len(col):
                step = places[row + 1][1] - y
                if row >= hidden and step < layout.index.h:
                    bad.append(f"column {i + 1} card {row + 1} shows {step} px of its {layout.index.h} px index")
                if row >= hidden and grab_strips and is_phone((width, height)) and step < TOUCH:
                    bad.append(f"column {i + 1} card {row + 1}: a {step} px grab strip, under {TOUCH}")
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
