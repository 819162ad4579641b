"""The jack, queen and king of our own design, drawn in code: a portrait
bust in the suit's colour (a king with a tall crown, a white beard and a
sceptre; a queen with a tiara of pearls, long hair and a flower; a jack
with a feathered cap and a spear). A small picture shows the head and
collar only, its headgear larger: the headgear is what tells the ranks
apart at a glance. Shapes are drawn a few times larger and scaled down
once, so every edge is smooth at the card's own size; the small suits
beside the head are text, drawn at that size."""

from __future__ import annotations

import math
from typing import Sequence

import pygame

from . import theme
from .fonts import font

Color = tuple[int, int, int]
Point = tuple[float, float]

# the figure's box in units: x from -0.5 to 0.5, y from 0 (top) to HEIGHT
HEIGHT = 1.2
SKIN = (250, 212, 184)
EYES = (52, 36, 32)
MOUTH = (196, 104, 96)
WHITE = (252, 250, 242)
GOLD_LIGHT = (238, 206, 112)
STEEL = (178, 186, 198)
WOOD = (128, 86, 50)
LEAF = (44, 118, 66)
HAIR = {13: (222, 218, 208), 12: (128, 60, 38), 11: (136, 88, 46)}  # the king's beard is white


def mix(a: Sequence[int], b: Sequence[int], k: float) -> Color:
    """``a`` moved ``k`` of the way to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k), round(a[2] + (b[2] - a[2]) * k))


def supersample(size: int) -> int:
    """How many times larger the shapes are drawn: more for small pictures
    (their edges are most of what shows)."""
    return 4 if size < 60 else 3 if size < 140 else 2


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
            self._outline(ps, closed=True)

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

    def _outline(self, ps: list[Point], closed: bool) -> None:
        self._lines(ps + ps[:1] if closed else ps, self.line, self.ink)

    def _lines(self, ps: list[Point], width: float, color: Color) -> None:
        wide = max(1, round(width))
        for a, b in zip(ps, ps[1:]):
            pygame.draw.line(self.surf, color, a, b, wide)
        if wide > 2:  # round joins: no notches at the corners
            for p in ps:
                pygame.draw.circle(self.surf, color, p, wide / 2)


# ---- headgear: the emblem of each rank ----------------------------------------

def crown(pen: Pen, jewel: Color, detail: bool = True) -> None:
    """The king's: tall, three spikes with pearls, jewels on the band."""
    gold = theme.GOLD
    pen.poly([(-0.16, 0.47), (-0.19, 0.2), (-0.09, 0.32), (0, 0.13), (0.09, 0.32), (0.19, 0.2), (0.16, 0.47)], gold)
    pen.poly([(-0.16, 0.47), (-0.165, 0.4), (0.165, 0.4), (0.16, 0.47)], GOLD_LIGHT)
    for x, y in ((-0.19, 0.2), (0, 0.13), (0.19, 0.2)):
        pen.ellipse(x, y - 0.01, 0.032, 0.032, GOLD_LIGHT)
    pen.ellipse(0, 0.435, 0.028, 0.028, jewel)
    for x in (-0.1, 0.1):
        pen.ellipse(x, 0.435, 0.02, 0.02, WHITE)


def tiara(pen: Pen, jewel: Color, detail: bool = True) -> None:
    """The queen's: a band of gold curved over the brow with five short
    points, a pearl on each, and a jewel in the middle."""
    tips = [(-0.13, 0.35), (-0.065, 0.325), (0, 0.31), (0.065, 0.325), (0.13, 0.35)]
    outline: list[Point] = [(-0.17, 0.47), (-0.165, 0.41)]
    for x, y in tips:
        outline += [(x - 0.026, 0.4 + 0.1 * abs(x)), (x, y), (x + 0.026, 0.4 + 0.1 * abs(x))]
    outline += [(0.165, 0.41), (0.17, 0.47), (0.1, 0.455), (0, 0.45), (-0.1, 0.455)]
    pen.poly(outline, theme.GOLD)
    for x, y in tips if detail else ():  # a small picture: the points alone (pearls a pixel wide read as specks)
        pen.ellipse(x, y - 0.012, 0.024, 0.024, WHITE)
    pen.ellipse(0, 0.425, 0.028, 0.024, jewel)


def cap(pen: Pen, cloth: Color, detail: bool = True) -> None:
    """The jack's: a soft cap in the suit's colour with a long feather."""
    pen.poly([(0.1, 0.42), (0.13, 0.3), (0.18, 0.2), (0.24, 0.12), (0.31, 0.05), (0.31, 0.14), (0.27, 0.24),
              (0.21, 0.34), (0.16, 0.44)], WHITE)
    pen.stroke([(0.13, 0.42), (0.2, 0.24), (0.3, 0.08)], 0.006, GOLD_LIGHT, outline=False)
    pen.poly([(-0.2, 0.47), (-0.19, 0.4), (-0.12, 0.34), (0.0, 0.31), (0.13, 0.33), (0.21, 0.38), (0.23, 0.45),
              (0.15, 0.47)], cloth)
    pen.poly([(-0.2, 0.47), (-0.2, 0.43), (0.2, 0.43), (0.2, 0.47)], theme.GOLD)
    pen.ellipse(0.0, 0.45, 0.022, 0.022, GOLD_LIGHT)


HEADGEAR = {13: crown, 12: tiara, 11: cap}


# ---- the portrait ----------------------------------------------------------------

def bust(pen: Pen, rank: int, ink: Color, detail: bool = True) -> None:
    """A figure from the chest up: robe, neck, hair, face and headgear, and
    (``detail``) what each rank holds."""
    robe = mix(ink, (0, 0, 0), 0.05)
    trim = mix(ink, (255, 255, 255), 0.45)
    hair = HAIR[rank]
    if rank == 11 and detail:  # the spear behind the shoulder
        pen.stroke([(-0.37, HEIGHT + 0.1), (-0.37, 0.48)], 0.035, WOOD)
        pen.poly([(-0.37, 0.31), (-0.33, 0.42), (-0.37, 0.49), (-0.41, 0.42)], STEEL)
    if rank == 12:  # the long hair behind the shoulders
        pen.mirrored([(-0.13, 0.5), (-0.2, 0.58), (-0.22, 0.8), (-0.26, 0.92), (-0.12, 0.9), (-0.1, 0.6)], hair)
        pen.ellipse(0, 0.58, 0.175, 0.19, hair)
    shoulders = [(-0.5, HEIGHT + 0.1), (-0.49, 1.02), (-0.44, 0.92), (-0.33, 0.86), (-0.1, 0.82),
                 (0.1, 0.82), (0.33, 0.86), (0.44, 0.92), (0.49, 1.02), (0.5, HEIGHT + 0.1)]
    pen.poly([(-0.065, 0.7), (0.065, 0.7), (0.075, 0.86), (-0.075, 0.86)], SKIN)  # the neck
    pen.poly(shoulders, robe)
    if rank == 13:  # an ermine collar and a gold band down the chest
        pen.poly([(-0.05, 1.0), (0.05, 1.0), (0.06, HEIGHT + 0.1), (-0.06, HEIGHT + 0.1)], theme.GOLD)
        collar = [(-0.4, 0.9), (-0.3, 0.855), (-0.1, 0.82), (0, 0.9), (0.1, 0.82), (0.3, 0.855), (0.4, 0.9),
                  (0.33, 0.98), (0.12, 1.0), (0, 1.03), (-0.12, 1.0), (-0.33, 0.98)]
        pen.poly(collar, WHITE)
        for x, y in ((-0.3, 0.92), (-0.17, 0.95), (0.17, 0.95), (0.3, 0.92)):
            pen.ellipse(x, y, 0.012, 0.022, EYES, outline=False)
    elif rank == 12:  # a square neckline and a string of pearls
        pen.poly([(-0.2, 0.845), (0.2, 0.845), (0.13, 0.97), (-0.13, 0.97)], trim)
        for i in range(7):
            t = (i - 3) / 3
            pen.ellipse(t * 0.11, 0.875 + (1 - t * t) * 0.045, 0.017, 0.017, WHITE)
    else:  # a pointed collar and gold buttons
        pen.mirrored([(-0.02, 0.9), (-0.11, 0.82), (-0.25, 0.86), (-0.17, 0.95)], trim)
        for y in (1.0, 1.08, 1.16):
            pen.ellipse(0, y, 0.02, 0.02, theme.GOLD)
    # the head
    if rank == 11:
        pen.ellipse(0, 0.56, 0.16, 0.15, hair)
        pen.ellipse(-0.135, 0.655, 0.05, 0.06, hair)
        pen.ellipse(0.135, 0.655, 0.05, 0.06, hair)
    pen.ellipse(0, 0.6, 0.13, 0.155, SKIN)
    if rank == 13:  # the beard and moustache
        pen.poly([(-0.13, 0.6), (-0.115, 0.72), (-0.05, 0.8), (0, 0.825), (0.05, 0.8), (0.115, 0.72), (0.13, 0.6),
                  (0.09, 0.67), (0, 0.665), (-0.09, 0.67)], hair)
        pen.poly([(-0.08, 0.675), (0, 0.65), (0.08, 0.675), (0, 0.69)], hair, outline=False)
    if rank == 12:  # the fringe
        pen.poly([(-0.13, 0.58), (-0.12, 0.5), (-0.04, 0.46), (0.06, 0.46), (0.12, 0.5), (0.13, 0.58), (0.05, 0.5),
                  (-0.06, 0.51)], hair)
    for x in (-0.05, 0.05):
        pen.ellipse(x, 0.6, 0.016, 0.018, EYES, outline=False)
    if detail and rank != 13:  # a small mouth (the king's is under his moustache)
        pen.stroke([(-0.025, 0.675), (0.025, 0.675)], 0.012, MOUTH, outline=False)
    # on a small picture the headgear is larger: it is what tells the ranks apart
    HEADGEAR[rank](pen if detail else pen.scaled(1.3, (0, 0.47)), ink if rank != 11 else robe, detail)
    if not detail:
        return
    if rank == 13:  # the sceptre
        pen.stroke([(0.37, HEIGHT + 0.1), (0.37, 0.66)], 0.035, theme.GOLD)
        pen.ellipse(0.37, 0.62, 0.05, 0.05, GOLD_LIGHT)
        pen.stroke([(0.37, 0.5), (0.37, 0.57)], 0.02, theme.GOLD)
        pen.stroke([(0.34, 0.53), (0.4, 0.53)], 0.02, theme.GOLD)
    elif rank == 12:  # a flower held up
        pen.stroke([(-0.33, HEIGHT + 0.1), (-0.31, 0.8)], 0.025, LEAF)
        pen.poly([(-0.32, 0.92), (-0.42, 0.86), (-0.33, 0.88)], LEAF)
        for k in range(5):
            a = k * 2 * math.pi / 5 - math.pi / 2
            pen.ellipse(-0.31 + 0.045 * math.cos(a), 0.74 + 0.045 * math.sin(a), 0.035, 0.035, trim)
        pen.ellipse(-0.31, 0.74, 0.026, 0.026, theme.GOLD)


def portrait(rank: int, suit_symbol: str, ink: Color, w: int, h: int, bottom: float = HEIGHT,
             detail: bool = True) -> pygame.Surface:
    """The picture of a jack, queen or king, ``w`` x ``h`` px: the bust in
    the suit's colour from the headgear's top down to ``bottom`` (units: a
    small picture shows the head and collar only), centred, and where there
    is room a small suit on each side of the head (``detail``: and what the
    figure holds)."""
    top = 0.07
    k = supersample(min(w, h))
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    unit = min(w * k / 1.0, h * k / (bottom - top))
    origin = (w * k / 2, h * k - bottom * unit)  # the bust stands on the picture's bottom edge
    line = max(1.0, min(w, h) * 0.014) * k
    # a small picture's outlines lighter: a pixel of near-black around every shape made it a blot
    pen = Pen(big, origin, unit, line, mix(ink, (0, 0, 0), 0.35) if detail else mix(ink, (255, 255, 255), 0.15))
    bust(pen, rank, ink, detail)
    out = pygame.transform.smoothscale(big, (w, h))
    pip = round(unit / k * 0.16)
    if detail and pip >= 9 and w * k >= unit * 1.05:
        img = font(pip).render(suit_symbol, True, ink)
        img = img.subsurface(img.get_bounding_rect())
        cy = origin[1] / k + 0.16 * unit / k
        for x in (-0.4, 0.4):
            cx = w / 2 + x * unit / k
            out.blit(img, (round(cx - img.get_width() / 2), round(cy - img.get_height() / 2)))
    return out

