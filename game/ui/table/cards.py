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


class CardSprites:
    def __init__(self, group: pygame.sprite.LayeredDirty) -> None:
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
        old = self.by_pile
        piles = [(pile, pos.cards(pile)) for pile in pos.piles()]
        claimed: set[int] = set()
        new: dict[Pile, list[CardSprite | None]] = {}
        for pile, cards in piles:
            had = old.get(pile, [])
            row = []
            for i, card in enumerate(cards):
                sprite = had[i] if i < len(had) and had[i].card == card and id(had[i]) not in claimed else None
                if sprite is not None:
                    claimed.add(id(sprite))
                row.append(sprite)
            new[pile] = row
        pool: dict[int, list[CardSprite]] = {}
        for sprites in old.values():
            for sprite in sprites:
                if id(sprite) not in claimed:
                    pool.setdefault(sprite.card, []).append(sprite)
        group = self.group
        order = 0
        deal_order = self.deal_order(pos) if deal else {}
        result: dict[Pile, list[CardSprite]] = {}
        for pile, cards in piles:
            row = new[pile]
            places = card_places(pile, len(cards))
            stacked = pile.kind in (STOCK, WASTE, FOUNDATION)
            for i, card in enumerate(cards):
                sprite = row[i]
                if sprite is None:
                    spare = pool.get(card)
                    sprite = spare.pop() if spare else CardSprite(art, card, True)
                    row[i] = sprite
                if sprite.groups() == []:
                    group.add(sprite)
                face_up = i >= pos.hidden_count(pile)
                rest = self.rest_layer(pile, i)
                sprite.rest_layer = rest
                visible = 1 if not stacked or i >= len(cards) - VISIBLE_IN_STACK else 0
                sprite.rest_visible = visible
                tx, ty = places[i]
                if (sprite.x, sprite.y) != (tx, ty) and animate:
                    delay = deal_order.get((pile, i), 0) * DEAL_STAGGER_MS
                    sprite.anim = (sprite.x, sprite.y, tx, ty, now + delay, MOVE_MS)
                    if sprite.face_up != face_up:
                        sprite.set_face(face_up, None)
                    self.moving.add(sprite)
                    self.set_layer(sprite, MOVING_LAYER + (delay and 500 - deal_order.get((pile, i), 0)) + order)
                    visible = 1
                else:
                    sprite.anim = None
                    sprite.place(tx, ty)
                    if sprite.face_up != face_up:
                        sprite.set_face(face_up, now if animate else None)
                        if animate:
                            self.moving.add(sprite)
                    if sprite not in self.moving:
                        self.set_layer(sprite, rest)
                if sprite.visible != visible:
                    sprite.visible = visible
                order += 1
            result[pile] = row  # type: ignore[assignment]
        for spare in pool.values():
            for sprite in spare:
                sprite.kill()
        self.by_pile = result

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
