"""The card sprites, kept in step with the engine's position: after any
change the table re-reads the whole position and each sprite glides to
where the position says its card lies, so moves, undo and new deals all
animate the same way. Only the top cards of the stock, waste and
foundations are drawn."""

from __future__ import annotations

from typing import Callable

import pygame

from ...engine import Pile, Position
from ...engine.actions import CELL, COLUMN, FOUNDATION, STOCK, WASTE
from ..drawing.cardart import CardArt
from .sprites import MOVE_MS, MOVING_LAYER, CardSprite

DEAL_STAGGER_MS = 14
VISIBLE_IN_STACK = 2  # stock, waste, foundations: only the top cards are drawn
STACKED = (STOCK, WASTE, FOUNDATION)


class CardSprites:
    def __init__(self, group: pygame.sprite.LayeredDirty[pygame.sprite.DirtySprite]) -> None:
        self.group = group
        self.by_pile: dict[Pile, list[CardSprite]] = {}
        self.moving: set[CardSprite] = set()

    def clear(self) -> None:
        """A new table: no sprite yet (the group was emptied)."""
        self.by_pile = {}
        self.moving = set()

    def match(self, pos: Position, art: CardArt, card_places: Callable[[Pile, int], list[tuple[float, float]]],
              now: int, *, animate: bool = True, deal: bool = False) -> None:
        """Match card sprites to ``pos`` and glide each to its place
        (``card_places``: where a pile's cards lie).

        A sprite keeps its card where the same card still lies at the same
        place; the rest are matched by card value, so a move, an undo or a
        new deal all become the same glide (``deal``: staggered, in the
        order cards leave the deck)."""
        piles = [(pile, pos.cards(pile)) for pile in pos.piles()]
        kept = self.kept_in_place(piles)
        spares = self.spares(kept)
        deal_order = self.deal_order(pos) if deal else {}
        result: dict[Pile, list[CardSprite]] = {}
        order = 0  # the sprites' order along the piles: a glide's layer above the last one's
        for pile, cards in piles:
            places = card_places(pile, len(cards))
            hidden = pos.hidden_count(pile)
            row: list[CardSprite] = []
            for i, card in enumerate(cards):
                sprite = kept[pile][i]
                if sprite is None:
                    sprite = self.spare_or_new(card, spares, art)
                if not sprite.groups():
                    self.group.add(sprite)
                sprite.rest_layer = self.rest_layer(pile, i)
                sprite.rest_visible = 1 if pile.kind not in STACKED or i >= len(cards) - VISIBLE_IN_STACK else 0
                face_up, (x, y) = i >= hidden, places[i]
                if animate and (sprite.x, sprite.y) != (x, y):
                    rank = deal_order.get((pile, i), 0)  # 0: not dealt, no wait
                    layer = MOVING_LAYER + (500 - rank if rank else 0) + order
                    self.glide(sprite, (x, y), face_up, now + rank * DEAL_STAGGER_MS, layer)
                else:
                    self.settle(sprite, (x, y), face_up, now if animate else None)
                row.append(sprite)
                order += 1
            result[pile] = row
        for unused in spares.values():
            for sprite in unused:
                sprite.kill()
        self.by_pile = result

    def kept_in_place(self, piles: list[tuple[Pile, list[int]]]) -> dict[Pile, list[CardSprite | None]]:
        """Each pile's sprites that still show the same card at the same
        place, None where its card needs a sprite."""
        claimed: set[int] = set()
        kept: dict[Pile, list[CardSprite | None]] = {}
        for pile, cards in piles:
            had = self.by_pile.get(pile, [])
            row: list[CardSprite | None] = []
            for i, card in enumerate(cards):
                sprite = had[i] if i < len(had) and had[i].card == card and id(had[i]) not in claimed else None
                if sprite is not None:
                    claimed.add(id(sprite))
                row.append(sprite)
            kept[pile] = row
        return kept

    def spares(self, kept: dict[Pile, list[CardSprite | None]]) -> dict[int, list[CardSprite]]:
        """The sprites no card kept in place, by the card they show: a card
        that moved takes its own sprite, which glides from where it was."""
        claimed = {id(sprite) for row in kept.values() for sprite in row if sprite is not None}
        pool: dict[int, list[CardSprite]] = {}
        for sprites in self.by_pile.values():
            for sprite in sprites:
                if id(sprite) not in claimed:
                    pool.setdefault(sprite.card, []).append(sprite)
        return pool

    @staticmethod
    def spare_or_new(card: int, spares: dict[int, list[CardSprite]], art: CardArt) -> CardSprite:
        """A spare sprite of ``card`` (taken from ``spares``), else a new one."""
        spare = spares.get(card)
        return spare.pop() if spare else CardSprite(art, card, True)

    def glide(self, sprite: CardSprite, to: tuple[float, float], face_up: bool, start: int, layer: int) -> None:
        """Glide ``sprite`` to ``to`` from ``start`` (ms), turning as it
        goes, above the cards at rest (``layer``), shown on its way."""
        sprite.anim = (sprite.x, sprite.y, to[0], to[1], start, MOVE_MS)
        if sprite.face_up != face_up:
            sprite.set_face(face_up, None)
        self.moving.add(sprite)
        self.set_layer(sprite, layer)
        if sprite.visible != 1:
            sprite.visible = 1

    def settle(self, sprite: CardSprite, at: tuple[float, float], face_up: bool, turn_from: int | None) -> None:
        """Put ``sprite`` at ``at`` at once; a card that turns over does so
        from ``turn_from`` (ms; None: at once)."""
        sprite.anim = None
        sprite.place(*at)
        if sprite.face_up != face_up:
            sprite.set_face(face_up, turn_from)
            if turn_from is not None:
                self.moving.add(sprite)
        if sprite not in self.moving:
            self.set_layer(sprite, sprite.rest_layer)
        if sprite.visible != sprite.rest_visible:
            sprite.visible = sprite.rest_visible

    def deal_order(self, pos: Position) -> dict[tuple[Pile, int], int]:
        """The order cards leave the deck in the deal animation: the columns
        row by row, then the cells."""
        columns = [(pile, pos.cards(pile)) for pile in pos.piles() if pile.kind == COLUMN]
        order: dict[tuple[Pile, int], int] = {}
        for row in range(max(len(cards) for _, cards in columns)):
            for pile, cards in columns:
                if row < len(cards):
                    order[(pile, row)] = len(order)
        for pile in pos.piles():
            if pile.kind == CELL and pos.cards(pile):
                order[(pile, 0)] = len(order)
        return order

    @staticmethod
    def rest_layer(pile: Pile, i: int) -> int:
        base = {STOCK: 0, WASTE: 120, FOUNDATION: 300, CELL: 300, COLUMN: 500}[pile.kind]
        return base + min(i, 119)

    def set_layer(self, sprite: CardSprite, layer: int) -> None:
        if sprite.layer != layer and sprite.groups():
            self.group.change_layer(sprite, layer)
            sprite.dirty = 1

    def restyle(self, art: CardArt) -> None:
        """Every card sprite in ``art`` (new sizes, colours or language)."""
        for sprites in self.by_pile.values():
            for sprite in sprites:
                sprite.art = art
                sprite.refresh()

    # ---- per frame -----------------------------------------------------------------

    def step(self, now: int) -> None:
        for sprite in list(self.moving):
            if not sprite.step(now):
                self.moving.discard(sprite)
                self.come_to_rest(sprite)

    def finish(self) -> None:
        """Every running glide ends now."""
        for sprite in self.moving:
            sprite.finish()
            self.come_to_rest(sprite)
        self.moving.clear()

    def come_to_rest(self, sprite: CardSprite) -> None:
        self.set_layer(sprite, sprite.rest_layer)
        if sprite.visible != sprite.rest_visible:
            sprite.visible = sprite.rest_visible
