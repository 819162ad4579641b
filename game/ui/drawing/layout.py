"""Where everything goes: pure geometry from the canvas size and the game.

No pygame here: rectangles are ``Box`` values (x, y, w, h), so the layout can
be tested and reasoned about on its own. The table turns them into sprites.

How the table stands in its window is one ``Orientation``: its shape
(landscape, portrait or on its side) and whether it is mirrored for the
left hand. Landscape puts the whole top row (stock and waste or cells, then
the foundations) above the columns and a slim bar with the buttons on top.
Portrait stacks the top piles in up to two rows, keeps the information bar on
top and moves the buttons to the bottom, within thumb reach. On its side (a
phone turned, a short landscape window) the piles stand left and right of
the columns and the buttons in a rail at the right (``side_layout``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal, NamedTuple

from ...engine.actions import CELL, COLUMN, FOUNDATION, STOCK, WASTE, Pile
from ...engine.registry import rules_for
from ...engine.rules import Rules

CARD_RATIO = 7 / 5
BUTTONS = ("new_game", "undo", "redo", "hint", "rules", "stats", "options")
ICON_BUTTONS = {"stats"}  # an icon in every bar (its name is its tooltip and in help): a square button
TOP_GAP = 0.14  # a top row wider than the columns: the gap between its piles, in card widths (at most)
TOP_SPLIT = {False: 0.3, True: 0.2}  # ... and between its two groups (cells or stock, foundations)
ROW_GAP = 0.09  # the gap between the top row and the columns, in card heights (at least the padding)
NARROW_BUTTONS = {"hint": 0.7}  # short labels in every language: a narrower button in the bar


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


Shape = Literal["landscape", "portrait", "side"]
SIDE_BELOW = 500  # a landscape window less tall than this (a phone on its side) gets the side layout


@dataclass(frozen=True)
class Orientation:
    """How the table stands: ``shape`` (``landscape``: the buttons in the
    top bar, the piles in a row above the columns; ``portrait``: taller
    than wide, the buttons in a bar at the bottom, the piles in up to two
    rows; ``side``: a short landscape window, the piles left and right of
    the columns, the buttons in a rail at the right) and ``mirrored``
    (left-handed: the top row, or the side grids, change sides; columns
    keep their order)."""

    shape: Shape
    mirrored: bool = False

    @classmethod
    def of(cls, width: int, height: int, *, mirrored: bool = False, side: bool | None = None) -> Orientation:
        """The orientation for a ``width`` x ``height`` window: portrait when
        taller than wide, on its side when ``side`` (by default: a landscape
        window shorter than ``SIDE_BELOW``)."""
        if height > width:
            return cls("portrait", mirrored)
        if side if side is not None else height < SIDE_BELOW:
            return cls("side", mirrored)
        return cls("landscape", mirrored)

    @property
    def portrait(self) -> bool:
        return self.shape == "portrait"

    @property
    def side(self) -> bool:
        return self.shape == "side"

    def flanks(self, left: list[Pile], right: list[Pile]) -> tuple[list[Pile], list[Pile]]:
        """On its side: the piles (stock and waste or cells, then the
        foundations) that stand west and east of the columns; left-handed,
        the two groups change sides (the rail of buttons stays at the right)."""
        return (right, left) if self.mirrored else (left, right)

    @property
    def buttons_in_bar(self) -> bool:
        """The buttons share the top bar with the texts (landscape only)."""
        return self.shape == "landscape"


TOUCH = 44  # the least a finger can hit: buttons and grab strips, logical px
TEXT_FLOOR = 12  # no text on the table is drawn smaller than this (px)


NARROW = 60  # px wide: below this a card has the narrow face (a large index, one large suit or the portrait)
CAP = 0.729  # the bundled bold font's digits and capitals: their height, in sizes (em)
NARROW_GLYPH = {False: 0.42, True: 0.5}  # a narrow face's rank glyph, in card widths (Large cards: larger)
NARROW_GAP = 0.05  # narrow cards: the gap between columns, in card widths (the width goes to the cards)
LONG_STRIP = 0.8  # narrow cards: a column's face-up strips grow to this much of a card while the column fits
LONG_DOWN = 0.6  # ... and its face-down ones to this much (an upright phone's deal: Easy Harp's 8 face down)
DOWN_SHARE = 0.75  # ... never longer than this share of a face-up strip (face-down cards overlap more)
PHONE = 480  # a window no larger than this either way is a phone's: its narrow cards get the narrow face
GLYPH_SHARE = {False: 0.185, True: 0.22}  # a wider card's rank glyph, in card widths: about a fifth (Large: more)
GLYPH_FLOOR = 14  # px: the least rank glyph from an upright 390x844 phone and an 800x600 window up
SMALL_GLYPH = 12  # px: ... and on the smaller shapes (a phone on its side, 360x640, 640x480)


@dataclass(frozen=True)
class Index:
    """The corner index of a card face: rank and suit on one line, at
    ``size`` px (the suit at ``suit`` px, 0: the same), ``x``/``y`` from the
    card's corner. ``h`` is the strip of the card that must show for the
    index to read whole (J and Q tails included). ``spread`` (a narrow
    card): the rank at the left, as large as the card allows, the suit at
    the right edge; else the two side by side."""

    size: int
    x: int
    y: int
    h: int
    suit: int = 0
    spread: bool = False


def index_for(card_w: int, large: bool = False, narrow: bool = True, glyph: int = 0) -> Index:
    """The corner index of a card ``card_w`` wide: under ``NARROW`` px, the
    narrow face's (unless not ``narrow``: see ``row_card_width``); else the
    rank's glyphs ``GLYPH_SHARE`` of the card's width tall, and at least
    ``glyph`` px (the window's floor, ``glyph_floor``) where the card is
    wide enough for that (``least_card``)."""
    if narrow and card_w < NARROW:
        return narrow_index(card_w, large)
    size = max(TEXT_FLOOR, math.ceil(max(glyph, GLYPH_SHARE[large] * card_w) / CAP))
    # "10" plus a suit is about 2.1 sizes wide: never wider than the card allows
    size = min(size, max(8, int((card_w * 0.86) / 2.2)))
    x = max(2, round(card_w * 0.06))
    y = max(2, round(card_w * 0.045))
    # the glyphs span 0.18..1.13 of the size (digit tops to the J's tail)
    h = y + math.ceil(size * 0.96) + 1 + max(1, round(card_w * 0.02))
    return Index(size, x, y, h)


def glyph_floor(width: int, height: int) -> int:
    """The least rank glyph (px) a ``width`` x ``height`` window shows:
    ``GLYPH_FLOOR`` from an upright 390x844 phone and an 800x600 window up,
    ``SMALL_GLYPH`` on the smaller shapes (a phone on its side, 360x640,
    640x480)."""
    big = width >= 390 and height >= 844 if height > width else width >= 800 and height >= 600
    return GLYPH_FLOOR if big else SMALL_GLYPH


def least_card(glyph: int, large: bool = False, narrow: bool = False) -> int:
    """The narrowest card whose index draws the rank ``glyph`` px tall: the
    narrow face's, or the one with rank and suit side by side."""
    if narrow:
        return math.ceil(glyph / NARROW_GLYPH[large])
    return math.ceil(math.ceil(glyph / CAP) * 2.2 / 0.86)


def narrow_index(card_w: int, large: bool = False) -> Index:
    """The index of a narrow card (under ``NARROW`` px), what a fanned
    column shows of it on a phone: the rank's glyphs ``NARROW_GLYPH`` of
    the card's width tall, the suit at the right edge, as tall as the
    rank's capitals at most and leaving the rank a capital's width (a Q:
    0.8 of the size; a wider rank, the 10, is drawn narrower to fit)."""
    size = math.ceil(NARROW_GLYPH[large] * card_w / CAP)
    x = y = max(2, round(card_w * 0.05))
    gap = max(1, round(size * 0.06))
    room = card_w - 2 * x - gap - 0.8 * size  # for the suit, which is about 0.78 of its size wide
    suit = max(6, min(round(size * 0.8), math.floor(room / 0.78)))
    # the rank's band: from the digits' tops to the J's tail, 0.92 of the size
    h = y + math.ceil(size * 0.92) + 1 + max(1, round(card_w * 0.02))
    return Index(size, x, y, h, suit, True)


@lru_cache(maxsize=16)
def longest_column(game: str, variant: str) -> tuple[int, int]:
    """(face-down cards, cards) of the longest column the rules allow: the
    deal's longest column with a king on top, and the whole run down to the
    ace built on it (Eight Off: 7 + 12 = 19 with two cells; Easy Harp
    8 face down + K..A = 21)."""
    from ...engine import Game, format_code

    pos = Game.from_deal(format_code(game, variant, 1)).position
    best = (0, 0)
    for col, hidden in zip(pos.columns, pos.hidden):
        best = max(best, (len(col) + 12, hidden))
    count, hidden = best
    return hidden, count


@dataclass
class Layout:
    width: int
    height: int
    orientation: Orientation
    card_w: int
    card_h: int
    bar: Box  # game name, deal code, score, moves, time
    button_bar: Box  # where the buttons live (the top bar in landscape)
    buttons: dict[str, Box]
    piles: dict[Pile, Box]  # a card-sized slot for every pile (a column: its first card)
    columns_bottom: int  # no column card goes below this
    banner: Box  # the one message place (refusals, hints, announcements): below the columns
    down_gap: int  # fan step over a face-down card, before tightening
    up_gap: int  # fan step over a face-up card, before tightening
    scale: float = 1.0
    foundation_area: Box = field(default=Box(0, 0, 0, 0))
    status: Box = field(default=Box(0, 0, 0, 0))  # the same message place (native announcements)
    large: bool = False
    index: Index = field(default=Index(12, 2, 2, 14))
    down_min: int = 4  # a face-down card never shows less (they stay countable)
    up_min: int = 14  # a face-up card never shows less: its whole index
    touch: bool = False  # a touch-sized screen: 44 px targets
    compact: bool = False  # buttons show icons (their names are in the tooltips of help)
    text_size: int = 14  # the bar's and the message place's type size
    message_lines: int = 1
    count_size: tuple[int, int] = (TEXT_FLOOR, 15)  # a column's count: type size and pill height
    count_h: int = 0  # the room a squeezed column gives its count under it (the pill and a gap)
    bands: list[list[Pile]] | None = None  # the keys' rows of piles, top to bottom (None: the piles' rows by y)

    @property
    def portrait(self) -> bool:
        return self.orientation.portrait

    @property
    def side(self) -> bool:
        return self.orientation.side

    @property
    def mirrored(self) -> bool:
        return self.orientation.mirrored

    def column_fan(self, hidden: int, count: int) -> tuple[list[int], bool]:
        """y offsets of a column's cards from its slot and whether the
        column is squeezed past what shows every index, or on a touch-sized
        screen past a 44 px grab strip (then the table says how many cards
        it holds, under the column: the fan gives up that room, as far as
        it can without showing less of any card than it did). Face-down
        cards tighten first, down to a countable sliver; face-up cards
        then, never below their index unless the column cannot fit
        otherwise."""
        if count == 0:
            return [], False
        down = min(hidden, count - 1)
        up = count - 1 - down
        room = self.columns_bottom - self.piles[Pile(COLUMN, 0)].y - self.card_h
        d, u, squeezed = self._steps(down, up, room)
        if squeezed:
            keep = down * min(d, self.down_min) + up * (self.up_min if u >= self.up_min else min(u, 1.0))
            give = max(0, min(self.count_h, math.floor(room - keep)))
            if give:
                d, u, _ = self._steps(down, up, room - give)
        offsets, y = [0], 0.0
        for row in range(count - 1):
            y += d if row < hidden else u
            offsets.append(int(y))
        return offsets, squeezed

    def _steps(self, down: int, up: int, room: float) -> tuple[float, float, bool]:
        """(step over a face-down card, over a face-up one, squeezed) for a
        fan of ``down`` and ``up`` steps in ``room`` px."""
        d, u = float(self.down_gap), float(self.up_gap)
        squeezed = False
        if down * d + up * u > room:
            d = max(self.down_min, (room - up * u) / down) if down else d
            if down * d + up * u > room:
                d = min(d, self.down_min)
                u = max(self.up_min, (room - down * d) / up) if up else u
                if down * d + up * u > room:  # truly too long: keep it on screen anyway (face-down still countable)
                    squeezed = True
                    u = max(1.0, (room - down * d) / up) if up else u
                    if down * d + up * u > room:  # more face-down cards than slivers fit (a position set up
                        # by hand): they close up, and the count says how many; the top card stays in reach
                        d = max(0.0, (room - up * u) / down) if down else d
                        if down * d + up * u > room and up:
                            u = max(0.0, (room - down * d) / up)
        if self.touch and up and u < TOUCH:  # a finger's grab strip cannot be had: say how many cards
            squeezed = True
        return d, u, squeezed

    def count_box(self, column: int, hidden: int, count: int) -> Box:
        """Where a squeezed column says how many cards it holds: a pill
        ``count_h`` high (its gap above included) under the column's last
        card, on the felt, never on a card."""
        offsets, _ = self.column_fan(hidden, count)
        box = self.piles[Pile(COLUMN, column)]
        gap = self.count_h - self.count_size[1]
        return Box(box.x, box.y + (offsets[-1] if offsets else 0) + self.card_h + gap, box.w, self.count_size[1])

    def column_offsets(self, hidden: int, count: int) -> list[int]:
        """y offset of each card of a column from its slot: face-down cards
        overlap more; a long column tightens so its last card stays whole."""
        return self.column_fan(hidden, count)[0]


def make_layout(game: str, variant: str, width: int, height: int, buttons: tuple[str, ...] = BUTTONS,
                *, large: bool = False, mirrored: bool = False, fit: tuple[int, int] | None = None,
                side: bool | None = None) -> Layout:
    """The table for a ``width`` x ``height`` surface, in the ``Orientation``
    that window has (``mirrored``: left-handed; ``side``: force the side
    layout on or off, by default a short landscape window gets it).
    ``large``: bigger cards and indices, narrower gaps (the longest columns
    may then squeeze). ``fit``: (face-down cards, cards) of the longest
    column to size the cards for (by default the longest the rules allow)."""
    rules = rules_for(game, variant)
    orientation = Orientation.of(width, height, mirrored=mirrored, side=side)
    scale = min(width, height) / 720
    touch = min(width, height) <= 640
    if rules.has_stock:
        left = [Pile(STOCK), Pile(WASTE)]
    else:
        left = [Pile(CELL, i) for i in range(rules.cell_count)]
    right = [Pile(FOUNDATION, i) for i in range(rules.foundation_count)]
    pad = max(6, round((8 if large else 12) * scale))
    # the column the cards are sized for: the longest the rules allow, or
    # (``fit``: face-down cards, cards) the longest of a known position
    hidden_max, longest = fit or longest_column(game, variant)
    if large:  # larger cards: the longest columns the rules allow may squeeze
        longest = min(longest, hidden_max + 9 if hidden_max else 13)
    steps = (hidden_max, max(0, longest - 1 - hidden_max))
    if orientation.side:
        layout = side_layout(rules, game, variant, width, height, buttons, large=large, orientation=orientation,
                             scale=scale, touch=touch, pad=pad, steps=steps, left=left, right=right)
        if layout is not None:
            return layout
        orientation = Orientation("landscape", mirrored)  # too narrow for piles beside the columns
    return row_layout(rules, width, height, buttons, large=large, orientation=orientation, scale=scale,
                      touch=touch, pad=pad, steps=steps, left=left, right=right)


def row_layout(rules: Rules, width: int, height: int, buttons: tuple[str, ...], *, large: bool, orientation: Orientation,
               scale: float, touch: bool, pad: int, steps: tuple[int, int], left: list[Pile],
               right: list[Pile]) -> Layout:
    """Landscape or portrait: the bar on top, the piles in a row (portrait:
    up to two) above the columns, the message place under them and, in
    portrait, the buttons' bar at the bottom. A landscape top row longer
    than the columns' grid (Eight Off's 8 cells and 4 foundations over 8
    columns) keeps its first group over the columns and stands the second
    beside them, in a stack from the top row down (``beside_stack``)."""
    portrait = orientation.portrait
    n_cols = rules.column_count
    n_top = len(left) + len(right)
    text_size = max(TEXT_FLOOR + 2, round(18 * scale))
    line_h = round(text_size * 1.3)
    if portrait:
        bar_h = max(2 * line_h + 6, round(56 * scale))  # name and code, then score, moves, time
        button_h = max(TOUCH + 12, round(68 * scale))
    else:
        bar_h = max(TOUCH + 8, round(52 * scale))
        button_h = 0
    message_lines = 1 if width >= 1000 else 2
    message_h = message_lines * line_h + max(6, round(8 * scale))
    rows = 2 if portrait and n_top > n_cols else 1
    bottom = button_h if portrait else pad
    frame = RowFrame(width, height, n_cols, n_top, large=large, portrait=portrait, pad=pad, steps=steps,
                     above=bar_h + pad, below=message_h + bottom)
    beside = (0, 0)
    if not portrait and n_top > n_cols + 1 and len(left) <= n_cols:
        beside = beside_stack(frame, len(right))
    card_w, narrow = row_card_width(frame, rows, beside)
    card_h = round(card_w * CARD_RATIO)

    # columns: spread over the width there is, centred; a top row one place
    # longer (Easy Harp: stock, waste and 8 foundations over 9 columns) shares
    # their grid, one place more, its outermost pile past the columns' end
    aligned = not portrait and n_top == n_cols + 1
    places = n_cols + beside[0] if beside[0] else n_cols + 1 if aligned else n_cols
    split = round(card_w * TOP_SPLIT[large]) if beside[0] else 0
    col_gap = min(round(card_w * (0.12 if large else 0.3)),
                  (width - 2 * pad - places * card_w - split) // max(1, places - 1))
    col_gap = max(2, col_gap)
    span = places * card_w + (places - 1) * col_gap + split
    x0 = (width - span) // 2
    grid = [x0 + i * (card_w + col_gap) for i in range(places)]

    top_y = bar_h + pad
    columns_y = top_y + card_h + row_gap(card_h, pad)
    bands: list[list[Pile]] = []
    if beside[0]:
        piles, col_x = place_beside(left, right, n_cols, beside, x0, top_y, columns_y, card_w, col_gap, split,
                                    mirrored=orientation.mirrored)
        bands = [[*left, *right], [Pile(COLUMN, i) for i in range(n_cols)]]  # the keys' order: the top row's
    else:
        if aligned:
            piles = {pile: Box(x, top_y, card_w, card_h) for pile, x in zip([*left, *right], grid)}
            rows_bottom = top_y + card_h
        else:
            piles, rows_bottom = place_top_rows(left, right, rows, grid, top_y, card_w, col_gap, width=width,
                                                pad=pad, large=large, has_stock=rules.has_stock)
        if orientation.mirrored:
            mirror_top_row(piles, width, left, right, rules.has_stock, grid)
        # aligned: under every top-row place but the outermost (the stock), mirrored or not
        col_x = sorted(piles[p].x for p in [*left[1:], *right]) if aligned else grid
        columns_y = rows_bottom + row_gap(card_h, pad)
    for i, x in enumerate(col_x):
        piles[Pile(COLUMN, i)] = Box(x, columns_y, card_w, card_h)
    columns_bottom = height - bottom - message_h
    message = Box(pad, columns_bottom + 2, width - 2 * pad, message_h - 4)

    bar = Box(0, 0, width, bar_h)
    button_bar, button_boxes, compact = place_buttons(buttons, width, height, portrait, scale, pad, bar, button_h)
    layout = finish_layout(width=width, height=height, orientation=orientation, card_w=card_w, card_h=card_h,
                           bar=bar, button_bar=button_bar, buttons=button_boxes, piles=piles, right=right,
                           columns_bottom=columns_bottom, message=message, scale=scale, large=large,
                           index=index_for(card_w, large, narrow, glyph_floor(width, height)), touch=touch,
                           compact=compact, text_size=text_size, message_lines=message_lines, steps=steps)
    if bands:
        layout.bands = bands
    return layout


def beside_stack(frame: RowFrame, n_beside: int) -> tuple[int, int]:
    """(card columns, rows) of the stack a landscape top row's second group
    (Eight Off's foundations) stands in beside the columns: one column of
    them from the top row down, or two when that gives larger cards (a
    window whose height is plentiful for the columns); (0, 0): the whole row
    on top gives larger cards still."""
    best, shape = row_card_width(frame, 1)[0], (0, 0)
    for k in (2, 1):
        rows = -(-n_beside // k)
        w = row_card_width(frame, 1, (k, rows))[0]
        if w >= best and stack_fits(w, rows, frame.height - frame.above - frame.below, frame.pad):
            best, shape = w, (k, rows)
    return shape


def row_gap(card_h: int, pad: int) -> int:
    """The gap between the top row and the columns (and a stack's rows)."""
    return max(pad, round(card_h * ROW_GAP))


def stack_fits(card_w: int, rows: int, room: int, pad: int) -> bool:
    """Whether ``rows`` cards ``card_w`` wide stand one under another, at the
    columns' pitch (a card and the gap between the top row and the columns),
    in ``room`` px."""
    ch = round(card_w * CARD_RATIO)
    return rows * ch + (rows - 1) * row_gap(ch, pad) <= room


def place_beside(left: list[Pile], right: list[Pile], n_cols: int, beside: tuple[int, int], x0: int, top_y: int,
                 columns_y: int, card_w: int, gap: int, split: int, *, mirrored: bool) -> tuple[dict[Pile, Box], list[int]]:
    """The top row's first group over the columns (Eight Off's cells, each
    over its column) and its second in a stack beside them, ``split`` px
    past the columns' grid (left-handed: at the left), its rows at the
    columns' pitch from the top row down (its second row level with the
    columns' first cards); and the columns' x."""
    k, rows = beside
    card_h = round(card_w * CARD_RATIO)
    stack_w = k * card_w + (k - 1) * gap
    cols_x0 = x0 + stack_w + gap + split if mirrored else x0
    stack_x = x0 if mirrored else x0 + n_cols * (card_w + gap) + split
    col_x = [cols_x0 + i * (card_w + gap) for i in range(n_cols)]
    over = col_x[n_cols - len(left):] if mirrored else col_x[:len(left)]
    piles = {pile: Box(x, top_y, card_w, card_h) for pile, x in zip(left, over)}
    pitch = columns_y - top_y
    for j, pile in enumerate(right):
        piles[pile] = Box(stack_x + (j % k) * (card_w + gap), top_y + (j // k) * pitch, card_w, card_h)  # row by row
    return piles, col_x


@dataclass(frozen=True)
class RowFrame:
    """What a landscape or portrait table's card width is found in: the
    window, the columns and the top row's piles, Large cards, the padding,
    the column the cards are sized for (``steps``: its face-down and
    face-up steps), and the height taken ``above`` the top row (the bar)
    and ``below`` the columns (the message place, the buttons)."""

    width: int
    height: int
    n_cols: int
    n_top: int
    large: bool
    portrait: bool
    pad: int
    steps: tuple[int, int]
    above: int
    below: int


def row_card_width(frame: RowFrame, rows: int, beside: tuple[int, int] = (0, 0)) -> tuple[int, bool]:
    """The widest card for which the top rows and the longest column fit
    between ``above`` (the bar) and ``below`` (the message place and the
    buttons), and (``beside``: card columns and rows of a stack beside the
    columns) the stack too; never so small that the rank's glyph drops under
    the window's floor (``glyph_floor``): past that, the longest columns
    squeeze instead (and say so). And whether a card under ``NARROW`` px has
    the narrow face: on a phone, or where the width alone makes the cards
    that narrow; a larger window whose long columns make the cards that
    narrow keeps the other index (the narrow face's larger one would halve
    them: 59 -> 32 px at 1024x600)."""
    width, height, n_cols, n_top = frame.width, frame.height, frame.n_cols, frame.n_top
    large, portrait, pad, above, below = frame.large, frame.portrait, frame.pad, frame.above, frame.below
    down_steps, up_steps = frame.steps
    k, stack = beside

    def widest(gap_ratio: float) -> int:
        if k:  # the columns and the stack beside them, the split between them
            n = n_cols + k
            return max(16, int((width - 2 * pad) / (n + (n - 1) * gap_ratio + TOP_SPLIT[large])))
        w_cols = (width - 2 * pad) / (n_cols + (n_cols - 1) * gap_ratio)
        if n_top == n_cols + 1 and not portrait:  # one place more than the columns: the same grid
            w_top = (width - 2 * pad) / (n_top + (n_top - 1) * gap_ratio)
        elif n_top > n_cols and not portrait:  # a top row wider than the columns: its gaps a little tighter
            w_top = (width - 2 * pad) / (n_top + (n_top - 1) * min(gap_ratio, TOP_GAP) + TOP_SPLIT[large])
        else:
            w_top = w_cols
        return max(16, int(min(w_cols, w_top)))

    card_w = widest(0.05 if large else 0.16)
    if card_w < NARROW:  # narrow cards (a phone upright): every pixel of the width to them, the gaps thin
        card_w = widest(NARROW_GAP)
    narrow = card_w < NARROW or min(width, height) <= PHONE
    glyph = glyph_floor(width, height)
    smallest = min(card_w, least_card(glyph, large, narrow))
    while card_w > smallest:
        ch = round(card_w * CARD_RATIO)
        idx = index_for(card_w, large, narrow, glyph)
        top_h = rows * ch + (rows - 1) * round(ch * 0.1)
        fan = down_steps * max(4, round(ch * 0.045)) + up_steps * idx.h + ch
        need = above + top_h + row_gap(ch, pad) + fan + below
        if need <= height and (not stack or stack_fits(card_w, stack, height - above - below, pad)):
            break
        card_w -= 1
    return card_w, narrow


def place_top_rows(left: list[Pile], right: list[Pile], rows: int, col_x: list[int], top_y: int, card_w: int,
                   col_gap: int, *, width: int, pad: int, large: bool, has_stock: bool) -> tuple[dict[Pile, Box], int]:
    """The piles above the columns (before any mirroring) and where their
    rows end: over the columns when they fit there; else, in portrait, in
    two rows (the foundations first when there is a stock); else in one
    row wider than the columns, the two groups apart."""
    card_h = round(card_w * CARD_RATIO)
    n_top = len(left) + len(right)
    piles: dict[Pile, Box] = {}

    def place_row(group: list[Pile], y: int, align_right: bool, xs: list[int]) -> None:
        spots = xs[len(xs) - len(group):] if align_right else xs[: len(group)]
        for pile, x in zip(group, spots):
            piles[pile] = Box(x, y, card_w, card_h)

    if n_top <= len(col_x):
        place_row(left, top_y, False, col_x)
        place_row(right, top_y, True, col_x)
        return piles, top_y + card_h
    if rows == 2:
        first, second = (right, left) if has_stock else (left, right)
        place_row(first, top_y, first is right, col_x)
        y2 = top_y + card_h + round(card_h * 0.1)
        place_row(second, y2, second is right, col_x)
        return piles, y2 + card_h
    span = col_x[-1] + card_w - col_x[0]
    split = round(card_w * TOP_SPLIT[large])  # the gap between the two groups
    top_gap = min(col_gap, (width - 2 * pad - n_top * card_w - split) // max(1, n_top - 1))
    top_span = n_top * card_w + (n_top - 1) * top_gap + split
    tx = (width - max(top_span, span)) // 2
    xs_left = [tx + i * (card_w + top_gap) for i in range(len(left))]
    right_end = tx + max(top_span, span)
    xs_right = [right_end - (len(right) - i) * card_w - (len(right) - 1 - i) * top_gap for i in range(len(right))]
    place_row(left, top_y, False, xs_left)
    place_row(right, top_y, False, xs_right)
    return piles, top_y + card_h


def place_buttons(buttons: tuple[str, ...], width: int, height: int, portrait: bool, scale: float, pad: int,
                  bar: Box, button_h: int) -> tuple[Box, dict[str, Box], bool]:
    """(the button bar, each button's box, whether they show icons)."""
    nb = max(1, len(buttons))
    bar_h = bar.h
    small = max(4, round(6 * scale))
    if portrait:
        button_bar = Box(0, height - button_h, width, button_h)
        bw = (width - pad * (nb + 1)) // nb
        compact = bw < 112
        bh = button_h - 2 * max(6, round(8 * scale))
        by = button_bar.y + (button_h - bh) // 2
        button_boxes = {name: Box(pad + i * (bw + pad), by, bw, bh) for i, name in enumerate(buttons)}
    else:
        button_bar = bar
        bh = bar_h - 2 * max(4, round(5 * scale))
        bw = max(96, round(116 * scale))
        widths = [max(bh, TOUCH + 8) if name in ICON_BUTTONS else round(bw * NARROW_BUTTONS.get(name, 1))
                  for name in buttons]
        compact = width - pad - sum(widths) - (nb - 1) * small < max(380, round(width * 0.36))
        if compact:
            widths = [max(bh, TOUCH + 8)] * nb
        x = width - pad - sum(widths) - (nb - 1) * small
        button_boxes = {}
        for name, w in zip(buttons, widths):
            button_boxes[name] = Box(x, (bar_h - bh) // 2, w, bh)
            x += w + small
    return button_bar, button_boxes, compact


def finish_layout(*, width: int, height: int, orientation: Orientation, card_w: int, card_h: int, bar: Box,
                  button_bar: Box, buttons: dict[str, Box], piles: dict[Pile, Box], right: list[Pile],
                  columns_bottom: int, message: Box, scale: float, large: bool, index: Index, touch: bool,
                  compact: bool, text_size: int, message_lines: int, steps: tuple[int, int] = (0, 0)) -> Layout:
    """The layout's last touches, the same for every shape: the fan steps
    (narrow cards: face-up strips as long as the column the cards are sized
    for, ``steps`` face-down and face-up steps, lets), the counts' pills."""
    button_boxes = buttons
    fboxes = [piles[p] for p in right]
    fx, fy = min(b.x for b in fboxes), min(b.y for b in fboxes)
    foundation_area = Box(fx, fy, max(b.right for b in fboxes) - fx, max(b.bottom for b in fboxes) - fy)

    count_size = count_badge_size(card_w)
    up_min = index.h  # the index band plus its margin: the next card never touches a glyph
    up_gap = max(up_min, round(card_h * (0.3 if large else 0.27)), TOUCH if touch else 0)
    down_gap = max(6, round(card_h * 0.1))
    if index.spread:  # narrow cards: the columns use the height there is, their strips as long as
        # the column the cards are sized for still fits: face-up ones up to LONG_STRIP of a card, then
        # face-down ones up to LONG_DOWN (always DOWN_SHARE of a face-up one at most)
        down, up = steps
        room = columns_bottom - piles[Pile(COLUMN, 0)].y - card_h
        if up:
            up_gap = max(up_gap, min(round(card_h * LONG_STRIP), math.floor((room - down * down_gap) / up)))
        if down:
            longest = min(round(card_h * LONG_DOWN), math.floor(up_gap * DOWN_SHARE))
            down_gap = max(down_gap, min(longest, math.floor((room - up * up_gap) / down)))
    return Layout(
        width=width,
        height=height,
        orientation=orientation,
        card_w=card_w,
        card_h=card_h,
        bar=bar,
        button_bar=button_bar,
        buttons=button_boxes,
        piles=piles,
        columns_bottom=columns_bottom,
        banner=message,
        down_gap=down_gap,
        up_gap=up_gap,
        scale=scale,
        foundation_area=foundation_area,
        status=message,
        large=large,
        index=index,
        down_min=max(4, round(card_h * 0.045)),
        up_min=up_min,
        touch=touch,
        compact=compact,
        text_size=text_size,
        message_lines=message_lines,
        count_size=count_size,
        count_h=count_size[1] + max(3, round(card_h * 0.04)),
    )


def count_badge_size(card_w: int) -> tuple[int, int]:
    """(type size, pill height) of a column's count for cards ``card_w`` wide:
    the digits (about 0.73 of the size tall) and a margin above and below."""
    size = max(TEXT_FLOOR, round(card_w * 0.18))
    return size, math.ceil(size * 0.73) + 2 * max(3, round(size * 0.25))


@lru_cache(maxsize=16)
def dealt_column(game: str, variant: str) -> tuple[int, int]:
    """(face-down cards, cards) of the longest column of an opening deal
    (Easy Harp 8 face down and one up, Eight Off 6 cards, 7 with two cells)."""
    from ...engine import Game, format_code

    pos = Game.from_deal(format_code(game, variant, 1)).position
    count, hidden = max((len(col), hidden) for col, hidden in zip(pos.columns, pos.hidden))
    return hidden, count


def side_layout(rules: Rules, game: str, variant: str, width: int, height: int, buttons: tuple[str, ...], *, large: bool,
                orientation: Orientation, scale: float, touch: bool, pad: int, steps: tuple[int, int], left: list[Pile],
                right: list[Pile]) -> Layout | None:
    """A short landscape window (a phone on its side): every pixel of height
    goes to the columns. A one-line bar of texts on top, the buttons in a
    rail down the right edge (``side_frame``), the stock and waste (or the
    cells) in a grid at the left of the columns and the foundations in one
    at their right (left-handed: the other way round), the message place
    under the columns (``place_side``).

    Cards are as large as the width allows (``side_widths``) while, in this
    order of preference, the longest columns the rules allow still show
    every index and the opening deal's columns give every card a 44 px grab
    strip (``side_card_width``); a column that cannot (the longest columns
    on the shortest phones) says how many cards it holds. None when the
    width cannot hold the piles beside the columns even with the smallest
    cards."""
    n_cols = rules.column_count
    frame = side_frame(width, height, scale, pad)
    west, east = orientation.flanks(left, right)
    widths = side_widths(frame, n_cols, len(west), len(east), pad)
    if not widths:  # too narrow for piles beside the columns: the top row it is
        return None
    card_w = side_card_width(widths, frame.room, steps, dealt_column(game, variant), large=large, touch=touch)
    grids = side_grids(card_w, frame.room, len(west), len(east), n_cols, pad)
    piles = place_side(frame, grids, west, east, n_cols, large=large, pad=pad)
    return finish_layout(width=width, height=height, orientation=orientation, card_w=card_w, card_h=grids.card_h,
                         bar=frame.bar, button_bar=frame.rail, buttons=rail_buttons(buttons, frame.rail, frame.gap),
                         piles=piles, right=right, columns_bottom=frame.columns_bottom, message=frame.message,
                         scale=scale, large=large, index=index_for(card_w, large), touch=touch, compact=True,
                         text_size=frame.text_size, message_lines=frame.message_lines, steps=steps)


@dataclass(frozen=True)
class SideFrame:
    """What stands around the piles in the side layout: the one-line bar of
    texts on top, the rail of buttons down the right edge (``gap`` between
    them), the message place under the columns; the columns stand from
    ``top`` to ``columns_bottom``, left of ``rail.x``."""

    bar: Box
    rail: Box
    message: Box
    top: int
    columns_bottom: int
    gap: int
    text_size: int
    message_lines: int

    @property
    def room(self) -> int:
        """The height the columns have."""
        return self.columns_bottom - self.top


def side_frame(width: int, height: int, scale: float, pad: int) -> SideFrame:
    text_size = TEXT_FLOOR + 2
    bar_h = round(text_size * 1.3) + 6  # one line: the name, the code and the figures
    gap = max(4, round(6 * scale))
    rail_w = TOUCH + 4 + 2 * gap  # the buttons, one above the other
    rail_x = width - rail_w
    message_lines = 1 if rail_x - 2 * pad >= 760 else 2
    message_h = message_lines * round(text_size * 1.3) + 6
    columns_bottom = height - message_h
    return SideFrame(bar=Box(0, 0, rail_x, bar_h), rail=Box(rail_x, 0, rail_w, height),
                     message=Box(pad, columns_bottom + 2, rail_x - 2 * pad, message_h - 4), top=bar_h + pad,
                     columns_bottom=columns_bottom, gap=gap, text_size=text_size, message_lines=message_lines)


@dataclass(frozen=True)
class SideGrids:
    """The piles beside the columns for one card width: the card height, the
    gap between a grid's cards, how many grid columns stand west and east of
    the columns, the gap between a grid and the columns, and the width the
    piles, the columns and their gaps need."""

    card_w: int
    card_h: int
    gap: int
    west: int
    east: int
    sep: int
    need: int


def side_grids(cw: int, room: int, n_west: int, n_east: int, n_cols: int, pad: int) -> SideGrids:
    """The grids of ``n_west`` and ``n_east`` piles beside ``n_cols`` columns
    of cards ``cw`` wide, as many rows as ``room`` holds."""
    ch = round(cw * CARD_RATIO)
    g = max(3, round(ch * 0.06))
    rows = max(1, (room + g) // (ch + g))
    kw, ke = -(-n_west // rows), -(-n_east // rows)
    sep = max(pad, round(cw * 0.25))
    need = 2 * pad + (kw + ke) * cw + (kw + ke - 2) * g + 2 * sep + n_cols * cw + (n_cols - 1) * max(3, round(cw * 0.08))
    return SideGrids(cw, ch, g, kw, ke, sep, need)


def side_widths(frame: SideFrame, n_cols: int, n_west: int, n_east: int, pad: int) -> list[int]:
    """The card widths, widest first, for which the grids and the columns fit
    left of the rail, never under the least card whose index keeps the text
    floor."""
    smallest = math.ceil(TEXT_FLOOR * 2.2 / 0.86)
    return [cw for cw in range(max(smallest, (frame.rail.x - 2 * pad) // n_cols), smallest - 1, -1)
            if side_grids(cw, frame.room, n_west, n_east, n_cols, pad).need <= frame.rail.x]


def place_side(frame: SideFrame, grids: SideGrids, west: list[Pile], east: list[Pile], n_cols: int, *, large: bool,
               pad: int) -> dict[Pile, Box]:
    """Every pile's box: the ``west`` grid at the left edge, the ``east`` one
    against the rail, the columns centred between them."""
    cw, ch, g, sep = grids.card_w, grids.card_h, grids.gap, grids.sep
    piles: dict[Pile, Box] = {}

    def grid(group: list[Pile], x0: int, k: int) -> None:
        per = -(-len(group) // k)  # rows used: the grid balanced
        for j, pile in enumerate(group):
            piles[pile] = Box(x0 + (j // per) * (cw + g), frame.top + (j % per) * (ch + g), cw, ch)

    grid(west, pad, grids.west)
    east_x = frame.rail.x - pad - grids.east * cw - (grids.east - 1) * g
    grid(east, east_x, grids.east)
    area_x = pad + grids.west * cw + (grids.west - 1) * g + sep
    area_w = east_x - sep - area_x
    col_gap = max(3, min(round(cw * (0.12 if large else 0.3)), (area_w - n_cols * cw) // max(1, n_cols - 1)))
    x0 = area_x + (area_w - (n_cols * cw + (n_cols - 1) * col_gap)) // 2
    for i in range(n_cols):
        piles[Pile(COLUMN, i)] = Box(x0 + i * (cw + col_gap), frame.top, cw, ch)
    return piles


def fan_height(cw: int, hidden: int, up: int, step: int) -> int:
    """How tall a column of ``hidden`` face-down cards and ``up`` face-up
    steps of ``step`` px stands, its last card whole, for cards ``cw`` wide."""
    ch = round(cw * CARD_RATIO)
    return hidden * max(4, round(ch * 0.045)) + up * step + ch


def side_card_width(widths: list[int], room: int, steps: tuple[int, int], dealt: tuple[int, int], *, large: bool,
                    touch: bool) -> int:
    """The card width of the side layout, from ``widths`` (those that fit
    beside the piles, widest first): the first that keeps the most of, in
    this order, the longest column the rules allow (``steps``: its
    face-down and face-up steps) showing every index, a whole K..A run over
    the deal's face-down cards (``dealt``: face-down cards, cards), and the
    deal's cards with a 44 px grab strip on a touch screen."""
    down_steps, up_steps = steps
    dealt_hidden, dealt_count = dealt

    def longest_fits(cw: int) -> bool:
        return fan_height(cw, down_steps, up_steps, index_for(cw, large).h) <= room

    def deal_fits(cw: int, step: int) -> bool:
        return fan_height(cw, dealt_hidden, dealt_count - 1 - dealt_hidden, step) <= room

    touch_step = TOUCH if touch else 0

    def run_fits(cw: int) -> bool:  # a whole K..A run over the deal's face-down cards shows every index
        return fan_height(cw, dealt_hidden, 12, index_for(cw, large).h) <= room

    def deal_touch(cw: int) -> bool:
        return deal_fits(cw, max(touch_step, index_for(cw, large).h))

    def deal_index(cw: int) -> bool:
        return deal_fits(cw, index_for(cw, large).h)

    def countable(cw: int) -> bool:  # the longest column squeezed keeps its face-down cards countable
        ch = round(cw * CARD_RATIO)
        return down_steps * max(4, round(ch * 0.045)) + up_steps + ch <= room

    # the first card size that keeps the most, in this order (the longest
    # column may not fit at any size on the shortest phones)
    preferences = (
        lambda cw: longest_fits(cw) and deal_touch(cw),
        lambda cw: run_fits(cw) and deal_touch(cw),
        lambda cw: countable(cw) and deal_touch(cw),
        lambda cw: run_fits(cw) and deal_index(cw),
        lambda cw: countable(cw) and deal_index(cw),
        deal_index,
    )
    return next((cw for keeps in preferences for cw in widths if keeps(cw)), widths[-1])


def rail_buttons(buttons: tuple[str, ...], rail: Box, gap: int) -> dict[str, Box]:
    """The buttons one above the other down the ``rail``, centred."""
    nb = max(1, len(buttons))
    gap = min(gap, max(1, (rail.h - nb * TOUCH) // (nb + 1)))  # a short rail: the gaps give way first
    bh = min(round(TOUCH * 1.4), (rail.h - (nb + 1) * gap) // nb)  # under TOUCH only past that, never off screen
    by = rail.y + (rail.h - nb * bh - (nb - 1) * gap) // 2
    return {name: Box(rail.x + gap, by + i * (bh + gap), rail.w - 2 * gap, bh) for i, name in enumerate(buttons)}


def mirror_top_row(piles: dict[Pile, Box], width: int, left: list[Pile], right: list[Pile], has_stock: bool,
                   grid: list[int] | None = None) -> None:
    """Left-handed: every top-row place mirrored across the table. The stock
    ends up at the right edge with the waste beside it; foundations and
    cells keep their reading order (slot 1 leftmost) in their new places.
    A place on the columns' ``grid`` goes to its mirror place on the grid
    (exactly: no pixel lost to rounding, the rows stay over the columns)."""

    def mirror(b: Box) -> Box:
        if grid and b.x in grid:
            return Box(grid[len(grid) - 1 - grid.index(b.x)], b.y, b.w, b.h)
        return Box(width - b.x - b.w, b.y, b.w, b.h)

    for group in (left, right):
        boxes = [piles[p] for p in group]
        mirrored = sorted((mirror(b) for b in boxes), key=lambda b: (b.y, b.x))
        if has_stock and group is left:
            mirrored = [mirror(b) for b in boxes]  # stock outermost, waste inside
        for pile, box in zip(group, mirrored):
            piles[pile] = box
