"""Scenes: the table and the dialogs stacked on it, and what a scene may use
of the app that shows it: ``Canvas`` (what it draws on), ``SceneStack``,
``Commands`` (what its buttons and keys may ask for), and ``Host``, all
three with the game in progress.

The app hands each event to the scenes from the top down until one says it
consumed it (``handle_event`` returns True). A scene shows itself through
sprites in the app's one layered group, so only what changes is redrawn.
Scenes are written against ``Host``, never against the ``App`` class: the
app imports them, they don't import the app; the helpers around them ask
for less (the pointer and the hint's marks draw on a ``Canvas``, the
announcer hears through ``voice.announce.Heard``). ``Host`` names the table
scene and the announcer by what the others may use of them (``TableView``,
``Voice``), so the modules that make those build on this one and nothing
here imports them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

import pygame

if TYPE_CHECKING:
    from ..engine import Game, Pile
    from ..play.application import Application
    from ..persistence.settings import Settings
    from ..session import Session
    from .drawing.cardart import CardArt
    from .drawing.layout import Box, Layout
    from .voice.sound import Sounds


class TableView(Protocol):
    """What the other scenes and the helpers may use of the table scene
    (``game.ui.table.scene.TableScene``): where things are drawn, and its one
    message place."""

    layout: Layout | None
    art: CardArt

    @property
    def busy(self) -> bool: ...  # cards are gliding or being dragged
    @property
    def game(self) -> Game: ...  # the game on the table
    @property
    def laid_out(self) -> Layout: ...  # its layout (both there from the first start on)
    def cards_box(self, pile: Pile, row: int | None = None) -> Box: ...
    def tell(self, text: str, kind: str = "say") -> None: ...
    def dialogs_changed(self) -> None: ...  # a dialog opened or closed over it


class Voice(Protocol):
    """What the scenes may use of the announcer (``game.ui.announce.Announcer``):
    say a text, or a catalogue key with its parameters; ``show`` is where the
    native status line shows what is said (set by the table)."""

    show: Callable[[str], None] | None

    def say(self, text: str) -> None: ...
    def say_key(self, key: str, **params: object) -> None: ...


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

    scenes: list[Scene]

    def top(self) -> Scene: ...
    def push(self, scene: Scene) -> Scene: ...
    def pop(self, scene: Scene) -> None: ...


class Commands(Protocol):
    """What the buttons and keys of a scene may ask for."""

    def open_new_game(self) -> None: ...
    def open_options(self) -> None: ...
    def open_rules(self) -> None: ...
    def open_stats(self) -> None: ...
    def open_win(self) -> None: ...
    def close_win(self) -> None: ...
    def show_notices(self, notices: list[str]) -> None: ...
    def start_code(self, code: str) -> None: ...
    def restart(self) -> None: ...
    def request_new_game(self, code: str | None) -> None: ...
    def request_hint(self) -> None: ...
    def change_setting(self, name: str, value: Any) -> None: ...
    def set_language(self, lang: str) -> None: ...


class Host(Canvas, SceneStack, Commands, Protocol):
    """The app as the table and the dialogs see it: what they draw on, the
    scene stack and the commands, and the game: the application layer
    (``play``: tasks, deals, storage, its events) and its session, the
    table and the announcer as the others may use them, the sounds."""

    browser: bool  # the page's live region speaks; no status line on screen
    session: Session
    play: Application
    sound: Sounds
    button_names: tuple[str, ...]

    @property
    def table(self) -> TableView: ...  # read-only here: the app's own is the TableScene
    @property
    def announcer(self) -> Voice: ...  # the app's own is the Announcer

    def set_background(self, surface: pygame.Surface) -> None: ...


class Scene:
    modal = False  # a modal scene takes every event, even those it ignores

    def __init__(self, app: Host) -> None:
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
