"""The win's cascade, the classic one: the cards leave the foundations one
by one, the top card of each foundation in turn, and bounce away under
gravity off the table's foot until they leave by the left or the right
edge, each leaving its trail behind it.

The trail is the cascade's whole picture: a flying card is never a sprite
of its own, it is stamped (its face from the table's own card art) onto a
picture of the table, once every ``STEP_MS`` of its flight, and the window
redraws only where the stamps fell (``step`` returns those rectangles).
The picture (``Canvas``) is a few opaque bands across the table between
the bar and its foot (``area``), sprites above the resting cards and
below the bar, its buttons and the messages, which stay over it; each
band is made in a frame of its own before the cascade starts (a new
surface is filled with zeros as it is made: one the size of a 2560x1440
window took 9 ms) and they go when it ends, the table's own background
and cards showing again. A card that leaves a foundation uncovers the
one under it there, drawn as the table draws a foundation (its top two
cards, each with its shadow).

Short, so that the win panel is not kept waiting: a card leaves every
``LAUNCH_EVERY_MS`` for ``LAUNCH_FOR_MS``, and the cascade is over by
``LASTS_MS`` at the latest. Time is the window's clock, stepped in fixed
steps from the start, so a slow frame catches up (stamping only its last
``MAX_STAMPS`` steps of each card: a late frame does no more drawing than
a few on-time ones) and the picture is the same at any frame rate.
Pure drawing: nothing here knows of the game; ``TableScene.celebrate``
starts it and gives it back its table when it ends.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from ..drawing.cardart import CardArt

CASCADE_LAYER = 1460  # above resting cards (below 1000), the marks and the focus ring; below the bar and the messages
BAND_PIXELS = 600_000  # the most a band of the canvas holds: made in one frame
STEP_MS = 16  # a stamp of each flying card per step
LAUNCH_EVERY_MS = 85
LAUNCH_FOR_MS = 2400  # no card leaves after this (about 28 cards)
LASTS_MS = 4200  # over by then, whatever still flies
FALL_MS = 620  # a card let go at the top of the table reaches its foot in this long
MAX_STAMPS = 4  # steps of a late frame that are drawn, for each card (the others are only counted)
VISIBLE_IN_STACK = 2  # a foundation shows its top two cards (cards.VISIBLE_IN_STACK)


@dataclass
class Flyer:
    """A card in the air: its face, where its top left is (px), its speed
    (px per ms) and how much of it a bounce keeps."""

    image: pygame.Surface
    x: float
    y: float
    vx: float
    vy: float
    bounce: float


@dataclass
class Stack:
    """A foundation: where its cards lie (top left, px) and its cards, the top last."""

    at: tuple[int, int]
    cards: list[int]


class Band(pygame.sprite.DirtySprite):
    """A band of the canvas: opaque, across the table, at ``rect``."""

    image: pygame.Surface
    rect: pygame.Rect

    def __init__(self, image: pygame.Surface, rect: pygame.Rect) -> None:
        super().__init__()
        self.image, self.rect = image, rect
        self._layer = CASCADE_LAYER
        self.visible = 0


class Canvas:
    """The cascade's picture of the table within ``area``: opaque bands,
    each a sprite, made one a frame (``prepare``) from ``backdrop`` (the
    table's background) before they are shown (``show``)."""

    def __init__(self, backdrop: pygame.Surface, area: pygame.Rect) -> None:
        self.backdrop = backdrop
        self.area = pygame.Rect(area)
        rows = max(1, BAND_PIXELS // max(1, self.area.width))
        self.tops = list(range(self.area.top, self.area.bottom, rows))
        self.rows = rows
        self.bands: list[Band] = []

    @property
    def ready(self) -> bool:
        return len(self.bands) == len(self.tops)

    def prepare(self) -> None:
        """The next band: the backdrop's rows there."""
        if self.ready:
            return
        top = self.tops[len(self.bands)]
        rect = pygame.Rect(self.area.x, top, self.area.width, min(self.rows, self.area.bottom - top))
        band = Band(pygame.Surface(rect.size, 0, self.backdrop), rect)
        band.image.blit(self.backdrop, (0, 0), rect)
        self.bands.append(band)

    def show(self, group: pygame.sprite.LayeredDirty[pygame.sprite.DirtySprite]) -> None:
        for band in self.bands:
            band.visible = 1
            band.dirty = 1
            group.add(band)

    def hide(self) -> None:
        """The bands go (their places are drawn again from what lies under them)."""
        for band in self.bands:
            band.kill()
        self.bands = []

    def blit(self, image: pygame.Surface, at: tuple[int, int], area: pygame.Rect | None = None) -> pygame.Rect:
        """``image`` (its part ``area``) drawn with its top left at ``at``
        (window px) on the bands it falls on; the rectangle it covers."""
        rect = pygame.Rect(at, area.size if area is not None else image.get_size()).clip(self.area)
        for band in self.bands:
            if band.rect.colliderect(rect):
                band.image.blit(image, (at[0] - band.rect.x, at[1] - band.rect.y), area)
        return rect

    def restore(self, rect: pygame.Rect) -> None:
        """The backdrop's own picture back within ``rect`` (window px)."""
        self.blit(self.backdrop, rect.topleft, rect)


class Cascade:
    """The cascade drawn onto ``canvas`` (made and shown: the table as it
    was, its cards on it) from ``stacks``, within the canvas's area (the
    table between its bar and its foot, the foot being where the cards
    bounce), from the clock's ``start``."""

    def __init__(self, canvas: Canvas, art: CardArt, stacks: list[Stack], start: int, seed: int = 0) -> None:
        self.canvas, self.art = canvas, art
        self.stacks = [Stack(s.at, list(s.cards)) for s in stacks]
        self.area = pygame.Rect(canvas.area)
        self.start = start
        self.rng = random.Random(seed)  # the look of a cascade only: never a deal
        self.t = 0  # ms of the cascade simulated so far
        self.next_launch = 0  # ms: when the next card leaves
        self.turn = 0  # the foundation whose top card leaves next
        self.flying: list[Flyer] = []
        self.launched = 0
        self.stamps = 0  # cards stamped so far (the benchmark's figure)
        height = max(1, self.area.height - art.h)
        self.gravity = 2 * height / FALL_MS ** 2  # px / ms²
        self.fall_speed = math.sqrt(2 * self.gravity * height)  # px / ms, at the foot after a fall from the top
        self.faces: dict[int, pygame.Surface] = {}

    @property
    def done(self) -> bool:
        return self.t >= LASTS_MS or (not self.flying and not self.launching)

    @property
    def launching(self) -> bool:
        """Cards still to leave: within the launch time, and some foundation has cards."""
        return self.next_launch <= LAUNCH_FOR_MS and any(s.cards for s in self.stacks)

    def step(self, now: int) -> list[pygame.Rect]:
        """Run the cascade up to ``now``: the rectangles of the canvas it
        drew on (the window redraws them), none once it is ``done``."""
        target = min(LASTS_MS, now - self.start)
        steps = max(0, (target - self.t) // STEP_MS)
        drawn: list[pygame.Rect] = []
        for i in range(steps):
            self.t += STEP_MS
            while self.launching and self.next_launch <= self.t:
                drawn += self.launch()
                self.next_launch += LAUNCH_EVERY_MS
            drawn += self.fly(stamp=steps - i <= MAX_STAMPS)
        return merged(drawn)

    def launch(self) -> list[pygame.Rect]:
        """The top card of the next foundation with cards leaves it: the
        one under it shows there now (the rectangle redrawn)."""
        for _ in range(len(self.stacks)):
            stack = self.stacks[self.turn % len(self.stacks)]
            self.turn += 1
            if stack.cards:
                break
        else:
            return []
        card = stack.cards.pop()
        rng, width = self.rng, self.area.width
        direction = -1 if rng.random() < 0.5 else 1
        self.flying.append(Flyer(self.face(card), stack.at[0], stack.at[1],
                                 direction * rng.uniform(0.55, 1.0) * width / 1000,
                                 -rng.uniform(0.0, 0.3) * self.fall_speed, rng.uniform(0.66, 0.84)))
        self.launched += 1
        return [self.uncover(stack)]

    def uncover(self, stack: Stack) -> pygame.Rect:
        """The foundation as it lies now: the table's own background, and
        its top cards over it as the table draws them."""
        pad = self.art.pad
        rect = pygame.Rect(stack.at[0] - pad, stack.at[1] - pad, self.art.w + 2 * pad, self.art.h + 2 * pad)
        self.canvas.restore(rect)
        for card in stack.cards[-VISIBLE_IN_STACK:]:
            self.canvas.blit(self.art.image(card), rect.topleft)
        return rect.clip(self.area)

    def face(self, card: int) -> pygame.Surface:
        """The card's face from the table's art, in the screen's format."""
        image = self.faces.get(card)
        if image is None:
            image = self.art.face(card)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                image = image.convert_alpha()
            self.faces[card] = image
        return image

    def fly(self, stamp: bool) -> list[pygame.Rect]:
        """One step of every card in the air: it falls, bounces off the
        foot, and (``stamp``) leaves its picture; a card past the left or
        right edge is gone."""
        drawn: list[pygame.Rect] = []
        w, h = self.art.w, self.art.h
        foot = self.area.bottom
        left, right = self.area.left, self.area.right
        kept: list[Flyer] = []
        for f in self.flying:
            f.vy += self.gravity * STEP_MS
            f.x += f.vx * STEP_MS
            f.y += f.vy * STEP_MS
            if f.y + h > foot:
                f.y = foot - h
                f.vy = -f.vy * f.bounce
            if f.x + w <= left or f.x >= right:
                continue
            kept.append(f)
            if stamp:
                drawn.append(self.canvas.blit(f.image, (round(f.x), round(f.y))))
                self.stamps += 1
        self.flying = kept
        return drawn


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with those that overlap joined (a card's stamps of one frame
    are one rectangle), the empty ones left out."""
    out: list[pygame.Rect] = []
    for rect in rects:
        if not rect.w or not rect.h:
            continue
        i = rect.collidelist(out)
        while i > -1:
            rect = rect.union(out.pop(i))
            i = rect.collidelist(out)
        out.append(rect)
    return out
