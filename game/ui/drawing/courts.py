"""The jack, queen and king of our own design, drawn in code.

Each rank is told apart three ways, so that it reads at a glance at any
size: its headwear (the king's tall crown of three spikes, the queen's low
tiara of pearls over long hair and a veil, the jack's soft cap with a long
feather), its face (the king bearded and white-haired, the queen framed by
her hair, the jack young and turned aside) and its attribute and pose (the
king holds a sword or a sceptre upright, the queen a flower raised to her
shoulder, the jack a spear or a halberd at his side). Each suit dresses its
figures in its own colour (red, near-black, or the four-colour inks) with
gold and a light tint of that colour, in a pattern of its own (stripes,
checks, chevrons or dots), and alternate suits give the king, queen and
jack their other attribute: no two courts of a deck are the same picture.

A card wide enough for a frame of its own shows the figure from its
headwear down to its waist, filling the frame (``picture``); a shorter
frame (a narrow card's, below its index) the top of it, headwear, head and
shoulders, the headwear larger (``bust``). Shapes are drawn a few times
larger than the picture and scaled down once, so every edge is smooth at
the card's own size; the suit beside the figure is text, drawn at that
size."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import pygame

from . import theme
from .fonts import font

Color = tuple[int, int, int]
Point = tuple[float, float]

SKIN = (250, 212, 184)
CHEEK = (240, 178, 160)
EYES = (52, 36, 32)
MOUTH = (196, 104, 96)
WHITE = (252, 250, 242)
GOLD_LIGHT = (238, 206, 112)
STEEL = (190, 198, 210)
STEEL_DARK = (120, 130, 146)
WOOD = (128, 86, 50)
LEAF = (44, 118, 66)
HAIR = {13: (226, 222, 212), 12: (140, 72, 40), 11: (150, 100, 52)}  # the king's hair and beard are white
PATTERNS = ("stripes", "checks", "chevrons", "dots")  # the suits' cloth: spades, hearts, diamonds, clubs


def mix(a: Sequence[int], b: Sequence[int], k: float) -> Color:
    """``a`` moved ``k`` of the way to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k), round(a[2] + (b[2] - a[2]) * k))


def supersample(size: int) -> int:
    """How many times larger the shapes are drawn: more for small pictures
    (their edges are most of what shows)."""
    return 4 if size < 60 else 3 if size < 140 else 2


@dataclass(frozen=True)
class Palette:
    """A suit's colours: its ink (the robe), the ink darker (outlines and
    shadows), a light tint of it (the cloth's pattern, the sleeves) and the
    cloth's pattern."""

    ink: Color
    dark: Color
    light: Color
    pattern: str

    @classmethod
    def of(cls, ink: Sequence[int], suit: int) -> Palette:
        ink = (ink[0], ink[1], ink[2])
        return cls(ink, mix(ink, (0, 0, 0), 0.35), mix(ink, (255, 255, 255), 0.62), PATTERNS[suit % 4])


class Pen:
    """Draws in figure units: ``(x, y)`` is at ``origin + (x, y) * unit`` px
    on the (supersampled) surface; every shape gets a dark outline ``line``
    px wide."""

    def __init__(self, surf: pygame.Surface, origin: Point, unit: float, line: float, ink: Color) -> None:
        self.surf, self.ox, self.oy, self.unit = surf, origin[0], origin[1], unit
        self.line, self.ink = line, ink

    def scaled(self, k: float, anchor: Point) -> Pen:
        """The same pen drawing ``k`` times larger around ``anchor`` (units)."""
        ax, ay = self.at(*anchor)
        return Pen(self.surf, (ax - anchor[0] * self.unit * k, ay - anchor[1] * self.unit * k), self.unit * k,
                   self.line, self.ink)

    def at(self, x: float, y: float) -> Point:
        return (self.ox + x * self.unit, self.oy + y * self.unit)

    def poly(self, pts: Sequence[Point], fill: Color | None, outline: bool = True) -> None:
        ps = [self.at(x, y) for x, y in pts]
        if fill is not None:
            pygame.draw.polygon(self.surf, fill, ps)
        if outline:
            self._lines(ps + ps[:1], self.line, self.ink)

    def mirrored(self, pts: Sequence[Point], fill: Color | None, outline: bool = True) -> None:
        """The shape and its mirror image across the figure's middle."""
        self.poly(pts, fill, outline)
        self.poly([(-x, y) for x, y in pts], fill, outline)

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, fill: Color | None, outline: bool = True) -> None:
        (x0, y0), (x1, y1) = self.at(cx - rx, cy - ry), self.at(cx + rx, cy + ry)
        rect = pygame.Rect(round(x0), round(y0), max(1, round(x1 - x0)), max(1, round(y1 - y0)))
        if outline:
            pygame.draw.ellipse(self.surf, self.ink, rect.inflate(round(self.line), round(self.line)))
            inner = rect.inflate(-round(self.line), -round(self.line))
            if fill is not None and inner.width > 0 and inner.height > 0:
                pygame.draw.ellipse(self.surf, fill, inner)
        elif fill is not None:
            pygame.draw.ellipse(self.surf, fill, rect)

    def stroke(self, pts: Sequence[Point], width: float, color: Color, outline: bool = True) -> None:
        """A line ``width`` units wide through ``pts``, with round ends."""
        ps = [self.at(x, y) for x, y in pts]
        w = width * self.unit
        if outline:
            self._lines(ps, w + 2 * self.line, self.ink)
        self._lines(ps, w, color)

    def _lines(self, ps: list[Point], width: float, color: Color) -> None:
        wide = max(1, round(width))
        for a, b in zip(ps, ps[1:]):
            pygame.draw.line(self.surf, color, a, b, wide)
        if wide > 2:  # round joins: no notches at the corners
            for p in ps:
                pygame.draw.circle(self.surf, color, p, wide / 2)


# ---- headwear: the emblem of each rank -------------------------------------------

def crown(pen: Pen, pal: Palette, detail: bool) -> None:
    """The king's: tall, three spikes with pearls, jewels on its band."""
    gold = theme.GOLD
    pen.poly([(-0.17, 0.3), (-0.21, 0.07), (-0.095, 0.17), (0, 0.02), (0.095, 0.17), (0.21, 0.07), (0.17, 0.3)], gold)
    pen.poly([(-0.17, 0.3), (-0.175, 0.24), (0.175, 0.24), (0.17, 0.3)], GOLD_LIGHT)
    for x, y in ((-0.21, 0.07), (0, 0.02), (0.21, 0.07)):
        pen.ellipse(x, y, 0.03, 0.03, WHITE if detail else GOLD_LIGHT)
    pen.ellipse(0, 0.27, 0.03, 0.025, pal.ink)
    if detail:
        for x in (-0.11, 0.11):
            pen.ellipse(x, 0.27, 0.02, 0.02, WHITE)
        pen.ellipse(0, 0.16, 0.022, 0.03, pal.light)


def tiara(pen: Pen, pal: Palette, detail: bool) -> None:
    """The queen's: a band of gold curved over the brow with five short
    points, a pearl on each, a jewel in the middle."""
    tips = [(-0.13, 0.17), (-0.065, 0.14), (0, 0.12), (0.065, 0.14), (0.13, 0.17)]
    outline: list[Point] = [(-0.17, 0.29), (-0.165, 0.23)]
    for x, y in tips:
        base = 0.22 + 0.1 * abs(x)
        outline += [(x - 0.028, base), (x, y), (x + 0.028, base)]
    outline += [(0.165, 0.23), (0.17, 0.29), (0.1, 0.275), (0, 0.27), (-0.1, 0.275)]
    pen.poly(outline, theme.GOLD)
    for x, y in tips if detail else tips[::2]:
        pen.ellipse(x, y - 0.01, 0.024, 0.024, WHITE)
    pen.ellipse(0, 0.245, 0.03, 0.026, pal.ink)


def cap(pen: Pen, pal: Palette, detail: bool) -> None:
    """The jack's: a soft cap in the suit's colour, tilted, with a long
    white feather sweeping up and back, and a gold band."""
    pen.poly([(0.1, 0.24), (0.15, 0.13), (0.22, 0.05), (0.31, -0.01), (0.38, -0.02), (0.33, 0.05), (0.27, 0.12),
              (0.2, 0.2), (0.15, 0.27)], WHITE)
    if detail:
        pen.stroke([(0.13, 0.25), (0.22, 0.11), (0.35, -0.01)], 0.008, GOLD_LIGHT, outline=False)
    pen.poly([(-0.22, 0.3), (-0.21, 0.22), (-0.14, 0.15), (-0.02, 0.12), (0.12, 0.14), (0.22, 0.2), (0.24, 0.28),
              (0.16, 0.3)], pal.ink)
    pen.poly([(-0.22, 0.3), (-0.22, 0.26), (0.22, 0.26), (0.22, 0.3)], theme.GOLD)
    pen.ellipse(0.1, 0.28, 0.025, 0.025, GOLD_LIGHT)


HEADWEAR = {13: crown, 12: tiara, 11: cap}


# ---- the figure -------------------------------------------------------------------

def cloth(pen: Pen, pal: Palette, pts: Sequence[Point], box: tuple[float, float, float, float], detail: bool) -> None:
    """A piece of clothing in the suit's colour, patterned in its light tint
    (``box``: the units x0, y0, x1, y1 the pattern covers, clipped to the
    shape by drawing the pattern only inside the shape's own pixels)."""
    pen.poly(pts, pal.ink)
    if not detail:
        return
    ps = [pen.at(x, y) for x, y in pts]
    area = pygame.Rect(math.floor(min(p[0] for p in ps)), math.floor(min(p[1] for p in ps)), 1, 1)
    area.width = math.ceil(max(p[0] for p in ps)) - area.x + 1
    area.height = math.ceil(max(p[1] for p in ps)) - area.y + 1
    area = area.clip(pen.surf.get_rect())
    if area.width <= 0 or area.height <= 0:
        return
    layer = pygame.Surface(area.size, pygame.SRCALPHA)  # the pattern, on the shape's own rectangle
    sub = Pen(layer, (pen.ox - area.x, pen.oy - area.y), pen.unit, pen.line, pen.ink)
    x0, y0, x1, y1 = box
    step = 0.09
    tint = mix(pal.ink, pal.light, 0.55)
    if pal.pattern == "stripes":
        x = x0
        while x < x1:
            sub.poly([(x, y0), (x + step * 0.35, y0), (x + step * 0.35, y1), (x, y1)], tint, outline=False)
            x += step
    elif pal.pattern == "checks":
        y, row = y0, 0
        while y < y1:
            x = x0 + (step if row % 2 else 0)
            while x < x1:
                sub.poly([(x, y + step / 2), (x + step / 2, y), (x + step, y + step / 2), (x + step / 2, y + step)],
                         tint, outline=False)
                x += 2 * step
            y += step
            row += 1
    elif pal.pattern == "chevrons":
        y = y0
        while y < y1 + step:
            xs = [x0 + i * step for i in range(int((x1 - x0) / step) + 2)]
            ps = [(x, y + (step * 0.5 if i % 2 else 0)) for i, x in enumerate(xs)]
            sub.stroke(ps, step * 0.28, tint, outline=False)
            y += step * 1.4
    else:  # dots
        y, row = y0 + step / 2, 0
        while y < y1:
            x = x0 + (step if row % 2 else step / 2)
            while x < x1:
                sub.ellipse(x, y, step * 0.22, step * 0.22, tint, outline=False)
                x += step * 1.2
            y += step * 0.9
            row += 1
    shape = pygame.Surface(area.size, pygame.SRCALPHA)
    pygame.draw.polygon(shape, (255, 255, 255, 255), [(x - area.x, y - area.y) for x, y in ps])
    layer.blit(shape, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pen.surf.blit(layer, area.topleft)
    pen.poly(pts, None)  # the outline again, over the pattern


def variant(suit: int) -> int:
    """Which of its two attributes a rank holds in this suit (0 or 1)."""
    return suit % 2


def attribute_behind(pen: Pen, rank: int, suit: int, pal: Palette, x: float) -> None:
    """What the figure holds, the part behind its shoulder: the king's sword
    or sceptre upright at ``x``, the jack's spear or halberd at ``-x``."""
    if rank == 13:
        if variant(suit) == 0:  # a sword, point up
            pen.poly([(x - 0.03, 0.72), (x - 0.03, 0.12), (x, 0.04), (x + 0.03, 0.12), (x + 0.03, 0.72)], STEEL)
            pen.stroke([(x, 0.14), (x, 0.68)], 0.008, STEEL_DARK, outline=False)
        else:  # a sceptre: a gold rod, an orb and a fleur on top
            pen.stroke([(x, 0.22), (x, 0.84)], 0.035, theme.GOLD)
            pen.ellipse(x, 0.2, 0.045, 0.045, GOLD_LIGHT)
            pen.poly([(x, 0.04), (x + 0.035, 0.1), (x, 0.16), (x - 0.035, 0.1)], pal.ink)
            for dx in (-1, 1):
                pen.poly([(x + dx * 0.012, 0.15), (x + dx * 0.075, 0.09), (x + dx * 0.05, 0.17)], GOLD_LIGHT)
    elif rank == 11:
        x = -x
        pen.stroke([(x, 0.16), (x, 1.05)], 0.03, WOOD)
        if variant(suit) == 0:  # a spear: a leaf-shaped head
            pen.poly([(x, 0.0), (x + 0.04, 0.08), (x + 0.018, 0.17), (x - 0.018, 0.17), (x - 0.04, 0.08)], STEEL)
        else:  # a halberd: a point and an axe blade
            pen.poly([(x, 0.0), (x + 0.022, 0.09), (x - 0.022, 0.09)], STEEL)
            pen.poly([(x + 0.01, 0.1), (x + 0.11, 0.06), (x + 0.14, 0.15), (x + 0.11, 0.24), (x + 0.01, 0.21)], STEEL)
            pen.poly([(x - 0.01, 0.12), (x - 0.065, 0.16), (x - 0.01, 0.19)], STEEL)
        pen.poly([(x - 0.028, 0.17), (x + 0.028, 0.17), (x + 0.028, 0.2), (x - 0.028, 0.2)], theme.GOLD)


def attribute_front(pen: Pen, rank: int, suit: int, pal: Palette, x: float) -> None:
    """What the figure holds, in front of it: the hand that holds it, and
    the king's sword's hilt or the queen's flower."""
    if rank == 13:
        if variant(suit) == 0:
            pen.poly([(x - 0.1, 0.71), (x + 0.1, 0.71), (x + 0.1, 0.745), (x - 0.1, 0.745)], theme.GOLD)  # the guard
            pen.stroke([(x, 0.75), (x, 0.88)], 0.035, WOOD)
        hand(pen, pal, x, 0.8, 1)
    elif rank == 12:
        x = -x
        pen.stroke([(x + 0.02, 0.84), (x - 0.01, 0.42)], 0.018, LEAF)
        pen.poly([(x, 0.6), (x - 0.09, 0.55), (x - 0.01, 0.56)], LEAF)
        pen.poly([(x + 0.01, 0.66), (x + 0.09, 0.6), (x + 0.02, 0.63)], LEAF)
        if variant(suit) == 0:  # a rose
            for k in range(6):
                a = k * math.pi / 3
                pen.ellipse(x - 0.01 + 0.036 * math.cos(a), 0.38 + 0.036 * math.sin(a), 0.032, 0.032, pal.light)
            pen.ellipse(x - 0.01, 0.38, 0.026, 0.026, pal.ink)
        else:  # a tulip
            pen.poly([(x - 0.06, 0.31), (x - 0.04, 0.39), (x - 0.01, 0.43), (x + 0.03, 0.39), (x + 0.04, 0.31),
                      (x + 0.015, 0.35), (x - 0.01, 0.29), (x - 0.035, 0.35)], pal.light)
        hand(pen, pal, x + 0.02, 0.82, -1)
    else:
        hand(pen, pal, -x, 0.8, -1)


def hand(pen: Pen, pal: Palette, x: float, y: float, side: int) -> None:
    """An arm from the shoulder (``side``: which) down to a hand at (``x``,
    ``y``): a sleeve in the suit's tint, a gold cuff and the hand."""
    shoulder = side * 0.36
    pen.poly([(shoulder - side * 0.02, 0.62), (shoulder + side * 0.1, 0.68), (x + side * 0.06, y + 0.06),
              (x - side * 0.07, y + 0.07), (x - side * 0.12, 0.74)], mix(pal.ink, (255, 255, 255), 0.18))
    pen.poly([(x - 0.06, y + 0.03), (x + 0.06, y + 0.03), (x + 0.065, y + 0.075), (x - 0.065, y + 0.075)], theme.GOLD)
    pen.ellipse(x, y, 0.045, 0.042, SKIN)
    pen.stroke([(x - 0.03, y - 0.005), (x + 0.03, y - 0.005)], 0.006, CHEEK, outline=False)  # the fingers' fold


def figure(pen: Pen, rank: int, suit: int, pal: Palette, *, reach: float, detail: bool) -> None:
    """The figure from its headwear (y 0) down to its waist (y 1), standing
    in a box ``reach`` units either side of its middle: robe and collar,
    hair, face and headwear, and (``detail``) the cloth's pattern, its
    attribute and the hand holding it."""
    hair = HAIR[rank]
    held = max(0.3, min(0.38, reach - 0.1))  # where the attribute stands, either side of the middle
    if detail:
        attribute_behind(pen, rank, suit, pal, held)
    if rank == 12:  # a veil and the long hair falling to the shoulders
        pen.poly([(-0.15, 0.24), (-0.27, 0.44), (-0.33, 0.72), (0.33, 0.72), (0.27, 0.44), (0.15, 0.24)], WHITE)
        pen.mirrored([(-0.11, 0.26), (-0.18, 0.38), (-0.2, 0.54), (-0.24, 0.68), (-0.09, 0.66), (-0.09, 0.42)], hair)
        pen.ellipse(0, 0.36, 0.16, 0.17, hair)
    pen.poly([(-0.05, 0.48), (0.05, 0.48), (0.06, 0.62), (-0.06, 0.62)], SKIN)  # the neck
    robe = [(-0.56, 1.05), (-0.54, 0.8), (-0.47, 0.68), (-0.34, 0.6), (-0.12, 0.57), (0.12, 0.57), (0.34, 0.6),
            (0.47, 0.68), (0.54, 0.8), (0.56, 1.05)]
    cloth(pen, pal, robe, (-0.6, 0.55, 0.6, 1.05), detail)
    pen.poly([(-0.09, 0.64), (0.09, 0.64), (0.14, 1.05), (-0.14, 1.05)], theme.GOLD if rank == 13 else pal.light)
    if rank == 13:  # an ermine cape over the shoulders
        collar = [(-0.47, 0.7), (-0.3, 0.61), (-0.09, 0.575), (0, 0.66), (0.09, 0.575), (0.3, 0.61), (0.47, 0.7),
                  (0.42, 0.79), (0.15, 0.77), (0, 0.81), (-0.15, 0.77), (-0.42, 0.79)]
        pen.poly(collar, WHITE)
        for x, y in ((-0.36, 0.7), (-0.22, 0.7), (0.22, 0.7), (0.36, 0.7), (-0.08, 0.67), (0.08, 0.67)):
            pen.poly([(x, y - 0.02), (x + 0.011, y + 0.02), (x - 0.011, y + 0.02)], EYES, outline=False)
    elif rank == 12:  # a square neckline with a gold edge and pearls
        pen.poly([(-0.2, 0.6), (-0.14, 0.74), (0.14, 0.74), (0.2, 0.6), (0.25, 0.62), (0.17, 0.78), (-0.17, 0.78),
                  (-0.25, 0.62)], theme.GOLD)
        pen.poly([(-0.2, 0.6), (0.2, 0.6), (0.14, 0.74), (-0.14, 0.74)], SKIN)
        for i in range(7):
            t = (i - 3) / 3
            pen.ellipse(t * 0.12, 0.63 + (1 - t * t) * 0.045, 0.016, 0.016, WHITE)
    else:  # a pointed white collar and gold buttons
        pen.mirrored([(-0.02, 0.67), (-0.1, 0.58), (-0.27, 0.61), (-0.17, 0.72)], WHITE)
        if detail:
            for y in (0.78, 0.87, 0.96):
                pen.ellipse(0, y, 0.02, 0.02, theme.GOLD)
    # the head: the jack turned a little aside, his features off the middle
    turn = -0.03 if rank == 11 else 0.0
    if rank == 11:
        pen.ellipse(0.01, 0.29, 0.145, 0.11, hair)
        pen.ellipse(0.115, 0.4, 0.05, 0.07, hair)
        pen.ellipse(-0.12, 0.39, 0.045, 0.065, hair)
    if rank == 13:
        pen.ellipse(-0.125, 0.36, 0.05, 0.08, hair)
        pen.ellipse(0.125, 0.36, 0.05, 0.08, hair)
    pen.ellipse(0, 0.36, 0.12, 0.145, SKIN)
    if rank == 13:  # the beard and the moustache
        pen.poly([(-0.12, 0.36), (-0.105, 0.47), (-0.05, 0.56), (0, 0.59), (0.05, 0.56), (0.105, 0.47), (0.12, 0.36),
                  (0.08, 0.435), (0, 0.43), (-0.08, 0.435)], hair)
        pen.poly([(-0.075, 0.44), (0, 0.415), (0.075, 0.44), (0, 0.455)], hair, outline=False)
    if rank == 12:  # the fringe
        pen.poly([(-0.12, 0.36), (-0.11, 0.27), (-0.04, 0.23), (0.06, 0.23), (0.11, 0.27), (0.12, 0.36),
                  (0.05, 0.27), (-0.06, 0.28)], hair)
    eye_y = 0.355
    for x in (-0.045, 0.045):
        pen.ellipse(x + turn, eye_y, 0.016, 0.019, EYES, outline=False)
    if detail:
        brow = STEEL_DARK if rank == 13 else mix(hair, (0, 0, 0), 0.3)
        for x in (-0.045, 0.045):
            pen.stroke([(x + turn - 0.024, eye_y - 0.038), (x + turn + 0.024, eye_y - 0.042)], 0.008, brow,
                       outline=False)
        pen.stroke([(turn, eye_y + 0.02), (turn - 0.012, eye_y + 0.066)], 0.008, CHEEK, outline=False)  # the nose
        if rank != 13:
            pen.stroke([(turn - 0.024, 0.45), (turn + 0.024, 0.45)], 0.011, MOUTH, outline=False)
            for x in (-0.066, 0.066):
                pen.ellipse(x + turn, 0.415, 0.02, 0.014, CHEEK, outline=False)
    # on a small picture the headwear is larger: it is what tells the ranks apart
    HEADWEAR[rank](pen if detail else pen.scaled(1.3, (0, 0.28)), pal, detail)
    if detail:
        attribute_front(pen, rank, suit, pal, held)


def _draw(rank: int, suit: int, pal: Palette, w: int, h: int, k: int, detail: bool, top: float,
          bottom: float) -> tuple[pygame.Surface, float, Point]:
    """The figure from ``top`` to ``bottom`` (units) filling the height of a
    box ``w`` x ``h`` px drawn ``k`` times larger, centred across it (a box
    too narrow for the shoulders: smaller, standing on the box's foot):
    (the big surface, the unit in px on it, the figure's origin)."""
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    unit = min(h * k / (bottom - top), w * k / 0.92)
    origin = (w * k / 2, h * k - bottom * unit)
    line = max(1.0, min(w, h) * 0.012) * k
    outline = pal.dark if detail else mix(pal.ink, (255, 255, 255), 0.15)
    figure(Pen(big, origin, unit, line, outline), rank, suit, pal, reach=w * k / 2 / unit, detail=detail)
    return big, unit, origin


def picture(rank: int, suit: int, symbol: str, ink: Sequence[int], w: int, h: int, detail: bool = True) -> pygame.Surface:
    """The court, ``w`` x ``h`` px: the figure from its headwear down to its
    waist, with its attribute (``detail``), and a small suit beside the
    head, away from the attribute, where there is room."""
    pal = Palette.of(ink, suit)
    k = supersample(min(w, h))
    big, unit, origin = _draw(rank, suit, pal, w, h, k, detail, 0.0, 1.0)
    out = pygame.transform.smoothscale(big, (w, h))
    size = round(unit / k * 0.17)
    if detail and size >= 9:
        img = font(size).render(symbol, True, pal.ink)
        img = img.subsurface(img.get_bounding_rect())
        side = -1.0 if rank == 13 else 1.0  # away from what the figure holds (the king's is at the right)
        reach = w * k / 2 / unit
        cx = w / 2 + side * min(0.34, reach - 0.1) * unit / k
        cy = origin[1] / k + 0.12 * unit / k
        if img.get_width() / 2 + 1 < cx < w - img.get_width() / 2 - 1:
            out.blit(img, (round(cx - img.get_width() / 2), round(cy - img.get_height() / 2)))
    return out


def bust(rank: int, suit: int, ink: Sequence[int], w: int, h: int) -> pygame.Surface:
    """The top of the figure (headwear, head and shoulders, the headwear
    larger) filling ``w`` x ``h`` px: a narrow card's court."""
    pal = Palette.of(ink, suit)
    k = supersample(min(w, h))
    big, _, _ = _draw(rank, suit, pal, w, h, k, False, -0.1, 0.74)
    return pygame.transform.smoothscale(big, (w, h))
