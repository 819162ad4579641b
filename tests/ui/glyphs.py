"""Measuring the rank glyphs a drawn table shows: the ink of each visible
corner index on the screen's own pixels. Used by the card tests and by
``tools/ui_screens.py --matrix`` (its ``glyph`` column)."""

from __future__ import annotations

import pygame

from game.engine.actions import COLUMN
from game.ui.drawing import theme

INK = 60  # a pixel further than this from the card's white (in a channel) is ink


def ink_parts(surface: pygame.Surface, area: pygame.Rect) -> list[pygame.Rect]:
    """The connected blots of ink in ``area`` of ``surface`` (anything not the
    card's face colour), left to right, in ``surface``'s coordinates."""
    area = area.clip(surface.get_rect())
    if area.width <= 0 or area.height <= 0:
        return []
    part = surface.subsurface(area)
    face = pygame.mask.from_threshold(part, (*theme.CARD_FACE, 255), (INK, INK, INK, 255))
    face.invert()
    blots = [r.move(area.x, area.y) for r in face.get_bounding_rects() if r.width * r.height >= 4]
    return sorted(blots, key=lambda r: (r.x, r.y))


def rank_glyph(surface: pygame.Surface, card: pygame.Rect, index) -> pygame.Rect | None:
    """The first glyph of the rank in a card's corner index as drawn at
    ``card`` on ``surface`` (``index``: the layout's corner index): the
    leftmost blot of ink in the index's strip."""
    strip = pygame.Rect(card.x + index.x, card.y + index.y, card.w - 2 * index.x, index.h - index.y)
    parts = ink_parts(surface, strip)
    return parts[0] if parts else None


def visible_indices(app) -> list[tuple[object, int, pygame.Rect]]:
    """(pile, card, its box) of every face-up card whose corner index shows
    whole on the table: a pile's top card, and a column card whose strip is
    at least the index."""
    table = app.table
    layout = table.layout
    seen = []
    for pile, sprites in table.cards.items():
        for i, sprite in enumerate(sprites):
            if not sprite.face_up or not sprite.visible:
                continue
            last = i == len(sprites) - 1
            if not last and (pile.kind != COLUMN or sprites[i + 1].y - sprite.y < layout.index.h):
                continue
            box = sprite.box()
            seen.append((pile, sprite.card, pygame.Rect(box.x, box.y, box.w, box.h)))
    return seen


def glyph_heights(app) -> list[int]:
    """The height in px of the rank's first glyph on every face-up card whose
    index the screen shows whole (the table drawn: call after a frame)."""
    screen = app.screen
    index = app.table.layout.index
    heights = []
    for _, _, rect in visible_indices(app):
        glyph = rank_glyph(screen, rect, index)
        if glyph is not None:
            heights.append(glyph.height)
    return heights
