"""What the table may use of the app: one protocol, ``TableHost`` (the
table scene, its keyboard play and its sharing all stand on it), and the
announcer as ``Voice``. The app (``game.ui.app.App``) meets both; the
pointer and the hint's marks only draw on the ``scene.Canvas``.

The table plays the game through the application layer (``play``:
``game.play.Application``): it asks it to play each action and listens on
its bus to what happened; it opens dialogs on the same app, as a
``DialogHost`` (a refused copy of the deal's link shows a notice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..dialogs.hosts import DialogHost, Voice

if TYPE_CHECKING:
    import pygame

    from ..voice.sound import Sounds

__all__ = ["TableHost", "Voice"]  # Voice: the announcer as the table and the dialogs use it (dialogs/hosts.py)


class TableHost(DialogHost, Protocol):
    """What the table scene (``scene.TableScene``), its keyboard play and its
    sharing use: the canvas, its background and the scene stack, the
    application layer, the announcer and the sounds, the bar's buttons and
    the dialogs they open, and the win panel."""

    browser: bool  # the page's live region speaks; no status line on screen
    button_names: tuple[str, ...]  # the bar's buttons, in order

    @property
    def sound(self) -> Sounds: ...

    def set_background(self, surface: pygame.Surface) -> None: ...
    def open_new_game(self) -> None: ...
    def open_rules(self) -> None: ...
    def open_options(self) -> None: ...
    def open_win(self) -> None: ...
    def close_win(self) -> None: ...
