"""Scenes: the table and the dialogs stacked on it, and what a scene may use
of the app that shows it.

Every scene stands on a ``Stage``: the ``Canvas`` it draws on (size,
scale, the one layered sprite group, the settings, the clock) and the
``SceneStack`` it sits in. Each scene names the rest of what it may use
in the protocol of its role, the type it is made with (``Scene[H]``): the
dialogs' ``DialogHost`` in ``dialogs/hosts.py``, the table's ``TableHost``
in ``table/hosts.py``. The app (``app.App``) meets both without naming
either; the scenes never name the app, so a dialog can be built in a test
against a fake that has only what its protocol lists. The helpers ask for less still: the pointer and the
hint's marks draw on a ``Canvas``, the announcer hears through
``voice.announce.Heard``.

The app hands each event to the scenes from the top down until one says it
consumed it (``handle_event`` returns True). A scene shows itself through
sprites in the app's one layered group, so only what changes is redrawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import pygame

if TYPE_CHECKING:
    from ..play import Settings


class Canvas(Protocol):
    """What a scene draws on: the canvas's size and scale, the one layered
    sprite group, the player's settings (language and looks) and the clock."""

    width: int
    height: int
    scale: float
    settings: Settings
    group: pygame.sprite.LayeredDirty[pygame.sprite.DirtySprite]

    def now(self) -> int: ...


class SceneStack(Protocol):
    """The scenes, the table at the bottom: a dialog opens on top and closes itself."""

    scenes: list[Scene[Any]]  # each scene made with its own host's protocol

    def top(self) -> Scene[Any]: ...
    def push(self, scene: Scene[Any]) -> Scene[Any]: ...
    def pop(self, scene: Scene[Any]) -> None: ...


class Stage(Canvas, SceneStack, Protocol):
    """What every scene has of the app: the canvas and the scene stack."""


H = TypeVar("H", bound=Stage)  # what a scene may use of the app: its own protocol


class Scene(Generic[H]):
    """A scene made with ``app``, typed as the protocol of what it may use (``H``)."""

    modal = False  # a modal scene takes every event, even those it ignores

    def __init__(self, app: H) -> None:
        self.app = app
        self.sprites: list[pygame.sprite.DirtySprite] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, now: int) -> None:
        pass

    @property
    def animating(self) -> bool:
        """Something of the scene moves by itself and wants every frame."""
        return False

    def next_wake(self, now: int) -> int | None:
        """When the scene next changes by itself though nothing moves (a
        message's fade, a held refusal): a resting window wakes then (None:
        not before an event)."""
        return None

    def on_open(self) -> None:
        self.app.group.add(*self.sprites)

    def on_close(self) -> None:
        for sprite in self.sprites:
            sprite.kill()

    def release(self) -> None:
        """The scene closed for good: let go of its sprites (their surfaces)
        and of whatever refers back to it (a button's action is the scene's
        own method), so that it and its surfaces are freed at once, not at
        the next run of Python's cyclic collector, which a search holds off."""
        self.sprites = []

    def refresh_text(self) -> None:
        """Redraw every text: the language changed."""

    def relayout(self) -> None:
        """Lay the scene out again: the window's size changed."""

    def redraw(self) -> None:
        """Draw the scene again: it is on top again (the one above it closed)."""

    def close(self) -> None:
        self.app.pop(self)


class ImageSprite(pygame.sprite.DirtySprite):
    """A sprite showing a surface at a place; ``show`` swaps the image."""

    image: pygame.Surface
    rect: pygame.Rect

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
