"""The table's own drawing: the felt (a vignette and a fine grain, drawn
once and stretched) and the soft outline of each pile's place."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from ...engine import Pile
from ...engine.actions import CELL, COLUMN, FOUNDATION, STOCK, WASTE
from ...engine.rules import Rules
from . import theme
from .cardart import CardArt


MARKERS = {COLUMN: "column", FOUNDATION: "foundation", CELL: "cell", STOCK: "stock", WASTE: "waste"}


def pile_marker(art: CardArt, pile: Pile, rules: Rules) -> pygame.Surface:
    """The soft outline of ``pile``'s place (a foundation shows its suit)."""
    suit = rules.foundation_suits[pile.index] if pile.kind == FOUNDATION and pile.index is not None else None
    return art.marker(MARKERS[pile.kind], suit)


@lru_cache(maxsize=1)
def _vignette() -> pygame.Surface:
    """The felt's light-to-dark fall-off, small: ``felt`` stretches it."""
    small = pygame.Surface((32, 18))
    cx, cy = 15.5, 8.5
    for y in range(18):
        for x in range(32):
            d = min(1.0, (((x - cx) / 18) ** 2 + ((y - cy) / 11) ** 2) ** 0.5)
            k = d * d
            small.set_at((x, y), [round(a + (b - a) * k) for a, b in zip(theme.FELT, theme.FELT_EDGE)])
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


def felt(width: int, height: int) -> pygame.Surface:
    """The table: deep green felt with a soft vignette and a fine grain
    (both drawn once; a new table size only stretches and tiles them)."""
    surf = pygame.transform.smoothscale(_vignette(), (width, height))
    grain = _grain()
    for y in range(0, height, 96):
        for x in range(0, width, 96):
            surf.blit(grain, (x, y))
    return surf
