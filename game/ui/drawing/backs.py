"""The card backs, drawn in code: each a calm geometric pattern in one
colour (a deep ground, the pattern in a lighter tint of it, the border and
the medallion lighter still) inside the card's white margin.

* ``lattice``: blue, a lattice of diamonds with a dot in each, an oval
  medallion with the four suits;
* ``chevrons``: wine red, rows of chevrons, a lozenge;
* ``waves``: teal, overlapping rings of waves (seigaiha), a round medallion;
* ``squares``: amber, a grid of nested squares, a square medallion.

The names are the settings' (``game.persistence.settings.CARD_BACKS``).
Shapes are drawn a few times larger and scaled down once, so the lines
are smooth at the card's own size; a small card (a phone's) keeps the
pattern, the border and a plain medallion.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import pygame

from ...engine.cards import SUIT_SYMBOLS
from . import courts, theme
from .fonts import font
from .theme import RGB


@dataclass(frozen=True)
class BackStyle:
    ground: RGB  # the field
    light: RGB  # the pattern
    accent: RGB  # the border line and the medallion: the same colour, lighter

    @property
    def mid(self) -> RGB:
        """Between the ground and the pattern: the thin inner line."""
        return courts.mix(self.ground, self.light, 0.55)


BACKS: dict[str, BackStyle] = {
    "lattice": BackStyle(theme.BACK, theme.BACK_LIGHT, theme.BACK_ACCENT),
    "chevrons": BackStyle((118, 28, 44), (164, 66, 82), (226, 156, 166)),
    "waves": BackStyle((14, 88, 86), (48, 134, 126), (146, 208, 198)),
    "squares": BackStyle((120, 76, 18), (170, 120, 48), (236, 200, 132)),
}
DEFAULT = "lattice"


def style_of(name: str) -> BackStyle:
    """The colours of the back ``name`` (an unknown name: the default's)."""
    return BACKS.get(name, BACKS[DEFAULT])


# ---- the patterns: (surface, style, step's scale, line) on the field inside the border -------------

def _lattice(surf: pygame.Surface, style: BackStyle, unit: float, thin: int) -> None:
    """Diamonds (lines along x - y and x + y) and a dot in each."""
    lw, lh = surf.get_size()
    step = unit * 9
    mid = style.mid
    for n in range(-math.ceil(lh / step), math.ceil((lw + lh) / step) + 1):
        x = n * step
        pygame.draw.line(surf, mid, (x, 0), (x + lh, lh), thin)
        pygame.draw.line(surf, mid, (x, 0), (x - lh, lh), thin)
    dot = max(1.0, step * 0.11)
    for i in range(-1, math.ceil(lw / step) + 2):
        for j in range(-1, math.ceil(2 * lh / step) + 2):
            cx, cy = (i + 0.5 * (j % 2)) * step, (j + 1) * step / 2
            pygame.draw.circle(surf, style.light, (cx, cy), dot)


def _chevrons(surf: pygame.Surface, style: BackStyle, unit: float, thin: int) -> None:
    """Rows of chevrons, every other one in the lighter tint."""
    lw, lh = surf.get_size()
    step = unit * 11  # a chevron's width
    rise = step * 0.45
    gap = step * 0.42  # between two rows
    for j in range(-2, math.ceil(lh / gap) + 2):
        y0 = j * gap
        points = [(i * step / 2, y0 + (rise if i % 2 else 0)) for i in range(-1, math.ceil(2 * lw / step) + 2)]
        ink = style.light if j % 2 else style.mid
        pygame.draw.lines(surf, ink, False, points, max(thin, round(thin * 1.6)) if j % 2 else thin)


def _waves(surf: pygame.Surface, style: BackStyle, unit: float, thin: int) -> None:
    """Seigaiha: rows of overlapping fans of rings, each row over the one above."""
    lw, lh = surf.get_size()
    r = unit * 8.5
    for j in range(-1, math.ceil(2 * lh / r) + 3):
        cy = j * r / 2
        for i in range(-1, math.ceil(lw / (2 * r)) + 2):
            cx = i * 2 * r + (r if j % 2 else 0)
            pygame.draw.circle(surf, style.ground, (cx, cy), r)
            for k, ring in enumerate((1.0, 0.72, 0.44)):
                pygame.draw.circle(surf, style.light if k == 0 else style.mid, (cx, cy), r * ring, thin)
            pygame.draw.circle(surf, style.mid, (cx, cy), max(1.0, r * 0.14))


def _squares(surf: pygame.Surface, style: BackStyle, unit: float, thin: int) -> None:
    """A grid of nested squares."""
    lw, lh = surf.get_size()
    step = unit * 13
    for i in range(-1, math.ceil(lw / step) + 1):
        for j in range(-1, math.ceil(lh / step) + 1):
            x, y = i * step, j * step
            for inset in (0.1, 0.3):
                box = pygame.Rect(round(x + step * inset), round(y + step * inset), round(step * (1 - 2 * inset)),
                                  round(step * (1 - 2 * inset)))
                pygame.draw.rect(surf, style.mid, box, thin)
            c, d = step * 0.5, step * 0.05
            pygame.draw.rect(surf, style.light, (round(x + c - d), round(y + c - d), max(1, round(2 * d)),
                                                 max(1, round(2 * d))))


PATTERNS: dict[str, Callable[[pygame.Surface, BackStyle, float, int], None]] = {
    "lattice": _lattice, "chevrons": _chevrons, "waves": _waves, "squares": _squares,
}


# ---- the medallion in the middle ------------------------------------------------------------------

def _medallion(big: pygame.Surface, name: str, style: BackStyle, rx: float, ry: float, border: int, thin: int) -> None:
    """The middle's shape on the supersampled field: an outline in the
    accent, the ground inside it, a thin line within."""
    w, h = big.get_size()
    cx, cy = w / 2, h / 2
    if name == "chevrons":
        def lozenge(dx: float, dy: float) -> list[tuple[float, float]]:
            return [(cx, cy - dy), (cx + dx, cy), (cx, cy + dy), (cx - dx, cy)]
        dx, dy = rx * 0.8, ry * 1.25
        pygame.draw.polygon(big, style.accent, lozenge(dx + border * 1.5, dy + border * 2.2))
        pygame.draw.polygon(big, style.ground, lozenge(dx, dy))
        pygame.draw.polygon(big, style.mid, lozenge(dx * 0.7, dy * 0.7), thin)
        pygame.draw.polygon(big, style.light, lozenge(dx * 0.28, dy * 0.28))
        return
    if name == "waves":
        r = min(rx, ry) * 1.05
        pygame.draw.circle(big, style.accent, (cx, cy), r + border + thin)
        pygame.draw.circle(big, style.ground, (cx, cy), r)
        pygame.draw.circle(big, style.mid, (cx, cy), r * 0.74, thin)
        pygame.draw.circle(big, style.light, (cx, cy), r * 0.3)
        return
    if name == "squares":
        s = min(rx, ry) * 0.9
        outer = pygame.Rect(round(cx - s - border - thin), round(cy - s - border - thin),
                            round(2 * (s + border + thin)), round(2 * (s + border + thin)))
        pygame.draw.rect(big, style.accent, outer, border_radius=round(s * 0.18))
        inner = pygame.Rect(round(cx - s), round(cy - s), round(2 * s), round(2 * s))
        pygame.draw.rect(big, style.ground, inner, border_radius=round(s * 0.12))
        pygame.draw.rect(big, style.mid, inner.inflate(-round(s * 0.5), -round(s * 0.5)), thin)
        pygame.draw.rect(big, style.light, inner.inflate(-round(s * 1.3), -round(s * 1.3)))
        return
    medal = pygame.Rect(round(cx - rx), round(cy - ry), round(2 * rx), round(2 * ry))
    pygame.draw.ellipse(big, style.accent, medal.inflate(2 * border + 2 * thin, 2 * border + 2 * thin))
    pygame.draw.ellipse(big, style.ground, medal.inflate(2 * thin, 2 * thin))
    pygame.draw.ellipse(big, style.mid, medal.inflate(-2 * border, -2 * border), width=thin)


def _suits(field: pygame.Surface, style: BackStyle, rx: float, ry: float, size: int) -> None:
    """The lattice's medallion holds the four suits (at the card's own size: text)."""
    fw, fh = field.get_size()
    for symbol, (dx, dy) in zip(SUIT_SYMBOLS, ((0, -1), (1, 0), (0, 1), (-1, 0))):
        img = font(size).render(symbol, True, style.accent)
        img = img.subsurface(img.get_bounding_rect())
        px, py = fw / 2 + dx * rx * 0.5, fh / 2 + dy * ry * 0.5
        field.blit(img, (round(px - img.get_width() / 2), round(py - img.get_height() / 2)))


def draw_back(name: str, base: pygame.Surface, radius: int,
              rounded: Callable[[int, int, int, tuple[int, int, int]], pygame.Surface]) -> pygame.Surface:
    """The back ``name`` on a copy of the card's ``base`` (its white face and
    edge, corners rounded by ``radius``); ``rounded`` draws a rounded mask
    (``cardart.rounded_mask``)."""
    style = style_of(name)
    w, h = base.get_size()
    surf = base.copy()
    m = max(3, round(w * 0.06))
    inner = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
    fw, fh = inner.size
    k = courts.supersample(w)
    big = pygame.Surface((fw * k, fh * k), pygame.SRCALPHA)
    big.fill(style.ground)
    border = max(1, round(w * 0.014 * k))
    b1 = round(max(2, w * 0.035) * k)
    corner = round(max(1, radius - m / 2) * k)
    inside = big.get_rect().inflate(-2 * b1, -2 * b1)
    pattern = pygame.Surface(inside.size, pygame.SRCALPHA)
    pattern.fill(style.ground)
    thin = max(1, round(max(1.0, w * 0.008) * k))
    unit = max(5.0 / 9, w * 0.01) * k  # a hundredth of the card's width (the lattice's step: 9 of them)
    PATTERNS.get(name, _lattice)(pattern, style, unit, thin)
    pattern.blit(rounded(inside.w, inside.h, corner, (255, 255, 255)), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(pattern, inside.topleft)
    pygame.draw.rect(big, style.accent, inside, width=border, border_radius=corner)
    b2 = b1 + border + max(k, round(w * 0.018 * k))
    pygame.draw.rect(big, style.mid, big.get_rect().inflate(-2 * b2, -2 * b2), width=max(1, border // 2),
                     border_radius=corner)
    rx, ry = fw * k * 0.3, fh * k * 0.2
    _medallion(big, name if name in BACKS else DEFAULT, style, rx, ry, border, thin)
    field = pygame.transform.smoothscale(big, (fw, fh))
    size = round(min(rx, ry) / k * 0.62)
    if name not in ("chevrons", "waves", "squares"):
        if size >= 8:
            _suits(field, style, rx / k, ry / k, size)
        else:  # a small card: a plain diamond
            d = max(2.0, min(rx, ry) / k * 0.45)
            pygame.draw.polygon(field, style.accent, [(fw / 2, fh / 2 - d), (fw / 2 + d, fh / 2), (fw / 2, fh / 2 + d),
                                                      (fw / 2 - d, fh / 2)])
    mask = rounded(fw, fh, max(2, radius - m // 2), (255, 255, 255))
    field.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(field, inner.topleft)
    return surf
