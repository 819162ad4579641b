"""Where everything goes: pure geometry from the canvas size and the game.

No pygame here: rectangles are ``Box`` values (x, y, w, h), so the layout can
be tested and reasoned about on its own. The table turns them into sprites.

Landscape puts the whole top row (stock and waste or cells, then the
foundations) above the columns and a slim bar with the buttons on top.
Portrait stacks the top piles in up to two rows, keeps the information bar on
top and moves the buttons to the bottom, within thumb reach.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from ..engine.actions import CELL, COLUMN, FOUNDATION, STOCK, WASTE, Pile
from ..engine.rules import rules_for

CARD_RATIO = 7 / 5
BUTTONS = ("new_game", "undo", "hint", "rules", "options")
NARROW_BUTTONS = {"hint": 0.62}  # short labels in every language: a narrower button in the bar


class Box(NamedTuple):
    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def inflate(self, dx: int, dy: int) -> "Box":
        return Box(self.x - dx // 2, self.y - dy // 2, self.w + dx, self.h + dy)

    def overlap(self, other: "Box") -> int:
        w = min(self.right, other.right) - max(self.x, other.x)
        h = min(self.bottom, other.bottom) - max(self.y, other.y)
        return w * h if w > 0 and h > 0 else 0


@dataclass
class Layout:
    width: int
    height: int
    portrait: bool
    card_w: int
    card_h: int
    bar: Box  # game name, deal code, score, moves, time
    button_bar: Box  # where the buttons live (the top bar in landscape)
    buttons: dict[str, Box]
    piles: dict[Pile, Box]  # a card-sized slot for every pile (a column: its first card)
    columns_bottom: int  # no column card goes below this
    banner: Box
    down_gap: int  # fan step over a face-down card, before tightening
    up_gap: int  # fan step over a face-up card
    scale: float = 1.0
    foundation_area: Box = field(default=Box(0, 0, 0, 0))
    status: Box = field(default=Box(0, 0, 0, 0))  # the announcement line (native)
    large: bool = False
    mirrored: bool = False

    def column_offsets(self, hidden: int, count: int) -> list[int]:
        """y offset of each card of a column from its slot: face-down cards
        overlap more; a long column tightens so its last card stays whole."""
        if count == 0:
            return []
        steps = [self.down_gap if row < hidden else self.up_gap for row in range(count - 1)]
        room = self.columns_bottom - self.piles[Pile(COLUMN, 0)].y - self.card_h
        need = sum(steps)
        if need > room > 0:
            factor = room / need
            steps = [s * factor for s in steps]
        offsets, y = [0], 0.0
        for s in steps:
            y += s
            offsets.append(int(y))
        return offsets


def make_layout(game: str, variant: str, width: int, height: int, buttons: tuple[str, ...] = BUTTONS,
                *, large: bool = False, mirrored: bool = False) -> Layout:
    """``large``: bigger cards, narrower gaps and tighter fans (small
    screens, tired eyes). ``mirrored``: left-handed, the top row mirrored
    (stock and waste, or the cells, on the right); columns keep their order."""
    rules = rules_for(game, variant)
    portrait = height > width
    scale = min(width, height) / 720
    n_cols = rules.column_count
    if rules.has_stock:
        left = [Pile(STOCK), Pile(WASTE)]
    else:
        left = [Pile(CELL, i) for i in range(rules.cell_count)]
    right = [Pile(FOUNDATION, i) for i in range(rules.foundation_count)]
    n_top = len(left) + len(right)

    bar_h = max(34, round(44 * scale))
    button_h = max(44, round(64 * scale)) if portrait else 0
    gap_ratio = 0.05 if large else 0.16
    pad = round((8 if large else 12) * scale)
    two_rows = portrait and n_top > n_cols
    rows = 2 if two_rows else 1
    # the columns get at least this many card heights below the top row(s)
    column_room = (1.9 if portrait else 2.25) if large else (2.4 if portrait else 3.1)
    status_h = max(16, round(20 * scale))  # the announcement line under the columns
    avail_h = height - bar_h - button_h - 3 * pad - status_h
    h_fit = avail_h / (rows + (rows - 1) * 0.1 + column_room)
    w_cols = (width - 2 * pad) / (n_cols + (n_cols - 1) * gap_ratio)
    w_top = (width - 2 * pad) / (n_top + (n_top - 1) * gap_ratio + (0.2 if large else 0.5)) if (n_top > n_cols and not portrait) else w_cols
    card_w = int(min(w_cols, w_top, h_fit / CARD_RATIO))
    card_h = round(card_w * CARD_RATIO)
    gap = max(4, round(card_w * gap_ratio))

    # columns: evenly spread, centred
    col_gap = min(round(card_w * (0.12 if large else 0.3)), (width - 2 * pad - n_cols * card_w) // max(1, n_cols - 1))
    span = n_cols * card_w + (n_cols - 1) * col_gap
    x0 = (width - span) // 2
    col_x = [x0 + i * (card_w + col_gap) for i in range(n_cols)]

    top_y = bar_h + pad
    piles: dict[Pile, Box] = {}

    def place_row(group: list[Pile], y: int, align_right: bool, xs: list[int]) -> None:
        spots = xs[len(xs) - len(group):] if align_right else xs[: len(group)]
        for pile, x in zip(group, spots):
            piles[pile] = Box(x, y, card_w, card_h)

    if n_top <= n_cols:
        place_row(left, top_y, False, col_x)
        place_row(right, top_y, True, col_x)
        rows_bottom = top_y + card_h
    elif two_rows:
        first, second = (right, left) if rules.has_stock else (left, right)
        place_row(first, top_y, first is right, col_x)
        y2 = top_y + card_h + round(card_h * 0.1)
        place_row(second, y2, second is right, col_x)
        rows_bottom = y2 + card_h
    else:
        split = card_w // 5 if large else card_w // 2  # the gap between the two groups
        top_gap = min(col_gap, (width - 2 * pad - n_top * card_w - split) // max(1, n_top - 1))
        top_span = n_top * card_w + (n_top - 1) * top_gap + split
        tx = (width - max(top_span, span)) // 2
        xs_left = [tx + i * (card_w + top_gap) for i in range(len(left))]
        right_end = tx + max(top_span, span)
        xs_right = [right_end - (len(right) - i) * card_w - (len(right) - 1 - i) * top_gap for i in range(len(right))]
        place_row(left, top_y, False, xs_left)
        place_row(right, top_y, False, xs_right)
        rows_bottom = top_y + card_h

    columns_y = rows_bottom + max(pad, round(card_h * 0.14))
    for i, x in enumerate(col_x):
        piles[Pile(COLUMN, i)] = Box(x, columns_y, card_w, card_h)
    columns_bottom = height - button_h - pad - status_h
    status = Box(pad, columns_bottom + pad // 2, width - 2 * pad, status_h)

    if mirrored:
        mirror_top_row(piles, width, left, right, rules.has_stock)

    bar = Box(0, 0, width, bar_h)
    if portrait:
        button_bar = Box(0, height - button_h, width, button_h)
        bw = (width - pad * (len(buttons) + 1)) // len(buttons)
        bh = button_h - 2 * round(8 * scale)
        by = button_bar.y + (button_h - bh) // 2
        button_boxes = {name: Box(pad + i * (bw + pad), by, bw, bh) for i, name in enumerate(buttons)}
    else:
        button_bar = bar
        bh = bar_h - 2 * max(4, round(5 * scale))
        bw = round((112 if len(buttons) > 4 else 122) * scale)
        small = max(4, round(6 * scale))
        widths = [round(bw * NARROW_BUTTONS.get(name, 1)) for name in buttons]
        x = width - pad - sum(widths) - (len(buttons) - 1) * small
        button_boxes = {}
        for name, w in zip(buttons, widths):
            button_boxes[name] = Box(x, (bar_h - bh) // 2, w, bh)
            x += w + small

    fboxes = [piles[p] for p in right]
    fx, fy = min(b.x for b in fboxes), min(b.y for b in fboxes)
    foundation_area = Box(fx, fy, max(b.right for b in fboxes) - fx, max(b.bottom for b in fboxes) - fy)

    banner_w = min(width - 2 * pad, round(900 * scale))
    banner_h = round(56 * scale)
    banner = Box((width - banner_w) // 2, height - button_h - pad - banner_h - round(10 * scale), banner_w, banner_h)

    return Layout(
        width=width,
        height=height,
        portrait=portrait,
        card_w=card_w,
        card_h=card_h,
        bar=bar,
        button_bar=button_bar,
        buttons=button_boxes,
        piles=piles,
        columns_bottom=columns_bottom,
        banner=banner,
        down_gap=max(4, round(card_h * (0.07 if large else 0.11))),
        up_gap=max(10, round(card_h * (0.24 if large else 0.27))),
        scale=scale,
        foundation_area=foundation_area,
        status=status,
        large=large,
        mirrored=mirrored,
    )


def mirror_top_row(piles: dict[Pile, Box], width: int, left: list[Pile], right: list[Pile], has_stock: bool) -> None:
    """Left-handed: every top-row place mirrored across the table. The stock
    ends up at the right edge with the waste beside it; foundations and
    cells keep their reading order (slot 1 leftmost) in their new places."""
    for group in (left, right):
        boxes = [piles[p] for p in group]
        mirrored = sorted((Box(width - b.x - b.w, b.y, b.w, b.h) for b in boxes), key=lambda b: (b.y, b.x))
        if has_stock and group is left:
            mirrored = [Box(width - b.x - b.w, b.y, b.w, b.h) for b in boxes]  # stock outermost, waste inside
        for pile, box in zip(group, mirrored):
            piles[pile] = box
