"""Scenes: the table and the dialogs stacked on it.

The app hands each event to the scenes from the top down until one says it
consumed it (``handle_event`` returns True). A scene shows itself through
sprites in the app's one layered group, so only what changes is redrawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App


class Scene:
    modal = False  # a modal scene takes every event, even those it ignores

    def __init__(self, app: "App") -> None:
        self.app = app
        self.sprites: list[pygame.sprite.DirtySprite] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, now: int) -> None:
        pass

    def on_open(self) -> None:
        self.app.group.add(*self.sprites)

    def on_close(self) -> None:
        for sprite in self.sprites:
            sprite.kill()

    def refresh_text(self) -> None:
        """Redraw every text: the language changed."""

    def close(self) -> None:
        self.app.pop(self)


class ImageSprite(pygame.sprite.DirtySprite):
    """A sprite showing a surface at a place; ``show`` swaps the image."""

    def __init__(self, image: pygame.Surface, topleft: tuple[int, int], layer: int) -> None:
        super().__init__()
        self._layer = layer
        self.image = image
        self.rect = image.get_rect(topleft=topleft)
        self.dirty = 1

    def show(self, image: pygame.Surface, topleft: tuple[int, int] | None = None) -> None:
        self.image = image
        self.rect = image.get_rect(topleft=topleft or self.rect.topleft)
        self.dirty = 1
