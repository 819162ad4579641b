"""The table's own drawing: the felt (a vignette and a fine grain, drawn
once and stretched) in the player's colour, the bar and its buttons in
the same colour, darker, and the soft outline of each pile's place.

The felts (the settings' ``FELTS``): ``green``, the classic; ``blue``;
``red``, a deep wine; ``night``, a dark slate for the evening. Each is a
``FeltStyle``: the felt's middle and edge, and the bar's colours."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ...engine import Pile
from ...engine.actions import CELL, COLUMN, FOUNDATION, STOCK, WASTE
from ...engine.rules import Rules
from . import theme
from .cardart import CardArt
from .theme import RGB


@dataclass(frozen=True)
class FeltStyle:
    middle: RGB  # the felt under the light
    edge: RGB  # ... and at the corners
    bar: RGB  # the top bar (and the buttons' bar of an upright phone)
    line: RGB  # the bar's lower edge
    dim: RGB  # the deal code on the bar
    button: RGB  # the bar's buttons
    hover: RGB
    pressed: RGB


FELTS: dict[str, FeltStyle] = {
    "green": FeltStyle(theme.FELT, theme.FELT_EDGE, theme.BAR, (40, 80, 62), theme.BAR_DIM, theme.BUTTON,
                       theme.BUTTON_HOVER, theme.BUTTON_PRESSED),
    "blue": FeltStyle((26, 74, 112), (10, 36, 60), (8, 28, 46), (36, 66, 96), (160, 188, 212), (32, 88, 134),
                      (42, 104, 154), (20, 66, 104)),
    "red": FeltStyle((108, 32, 42), (52, 12, 20), (38, 10, 16), (86, 36, 44), (212, 172, 176), (132, 44, 56),
                     (152, 56, 68), (102, 30, 40)),
    "night": FeltStyle((40, 44, 50), (14, 16, 20), (12, 13, 16), (46, 50, 58), (160, 168, 180), (56, 62, 72),
                       (70, 78, 90), (40, 44, 52)),
}
DEFAULT = "green"


def style_of(name: str) -> FeltStyle:
    """The colours of the felt ``name`` (an unknown name: the default's)."""
    return FELTS.get(name, FELTS[DEFAULT])


MARKERS = {COLUMN: "column", FOUNDATION: "foundation", CELL: "cell", STOCK: "stock", WASTE: "waste"}


def pile_marker(art: CardArt, pile: Pile, rules: Rules) -> pygame.Surface:
    """The soft outline of ``pile``'s place (a foundation shows its suit)."""
    suit = rules.foundation_suits[pile.index] if pile.kind == FOUNDATION and pile.index is not None else None
    return art.marker(MARKERS[pile.kind], suit)


@lru_cache(maxsize=len(FELTS))
def _vignette(style: FeltStyle) -> pygame.Surface:
    """The felt's light-to-dark fall-off, small: ``felt`` stretches it."""
    small = pygame.Surface((32, 18))
    cx, cy = 15.5, 8.5
    for y in range(18):
        for x in range(32):
            d = min(1.0, (((x - cx) / 18) ** 2 + ((y - cy) / 11) ** 2) ** 0.5)
            k = d * d
            small.set_at((x, y), [round(a + (b - a) * k) for a, b in zip(style.middle, style.edge)])
    return small


@lru_cache(maxsize=1)
def _grain() -> pygame.Surface:
    """A 96 px tile of fine grain (always the same: a fixed seed)."""
    grain = pygame.Surface((96, 96), pygame.SRCALPHA)
    rng = random.Random(20240611)
    for y in range(96):
        for x in range(96):
            v = rng.randrange(-1, 2)
            if v:
                grain.set_at((x, y), (255, 255, 255, 7) if v > 0 else (0, 0, 0, 9))
    return grain


def felt(width: int, height: int, name: str = DEFAULT) -> pygame.Surface:
    """The table: the felt ``name`` with a soft vignette and a fine grain
    (both drawn once; a new table size only stretches and tiles them)."""
    surf = pygame.transform.smoothscale(_vignette(style_of(name)), (width, height))
    grain = _grain()
    for y in range(0, height, 96):
        for x in range(0, width, 96):
            surf.blit(grain, (x, y))
    return surf


def felt_swatch(name: str, width: int, height: int, radius: int) -> pygame.Surface:
    """A small picture of the felt ``name`` for the options: the felt with
    its bar along the top and a card's outline on it, corners rounded."""
    style = style_of(name)
    surf = felt(width, height, name)
    bar = max(3, round(height * 0.16))
    pygame.draw.rect(surf, style.bar, (0, 0, width, bar))
    pygame.draw.line(surf, style.line, (0, bar - 1), (width, bar - 1))
    cw = max(6, round(width * 0.26))
    card = pygame.Rect(0, 0, cw, round(cw * 1.4))
    card.center = (width // 2, (height + bar) // 2)
    pygame.draw.rect(surf, theme.CARD_FACE, card, border_radius=max(2, round(cw * 0.1)))
    shaped = pygame.Surface((width, height), pygame.SRCALPHA)
    shaped.blit(surf, (0, 0))
    mask = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    shaped.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return shaped
