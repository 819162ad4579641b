"""What a dialog may use of the app: one protocol, ``DialogHost``, and the
table it covers as ``CoveredTable``. Every dialog is made with a
``DialogHost`` (``ConfirmDialog(app)``, ``WinScene(app)``) and touches
nothing else, so a test can build each one against a fake that has only
these members. The app (``game.ui.app.App``) meets it.

A dialog reads the game in progress, the records and new deals from the
application layer (``play``: ``game.play.Application``) and asks the app
for what changes the window: a setting, a new game, another dialog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

from ..scene import Stage

if TYPE_CHECKING:
    from ...engine import DealCode, Game
    from ...play import Application
    from ..drawing.layout import Layout


class CoveredTable(Protocol):
    """The table as a dialog covers it (``table.scene.TableScene``): the
    game on it and where its bars lie (the win panel shows them), and the
    win's cascade, which the win panel waits for."""

    @property
    def game(self) -> Game: ...
    @property
    def laid_out(self) -> Layout: ...
    @property
    def celebrating(self) -> bool: ...  # the win's cascade is on

    def dialogs_changed(self) -> None: ...  # a dialog opened or closed over it: the clock stops or goes on
    def celebrate(self) -> bool: ...  # the win's cascade starts (False: none, e.g. Reduce motion)
    def end_celebration(self) -> None: ...  # ... and ends now


class Voice(Protocol):
    """What the table and the dialogs may use of the announcer
    (``voice.announce.Announcer``): say a text, or a catalogue key with its
    parameters; ``show`` is where the native status line shows what is said
    (set by the table); ``tell`` says a text to a screen reader only (the
    page's live region), for what a dialog shows on its own panel."""

    show: Callable[[str], None] | None

    def say(self, text: str) -> None: ...
    def say_key(self, key: str, **params: object) -> None: ...
    def tell(self, text: str) -> None: ...


class DialogHost(Stage, Protocol):
    """What every dialog (``panel.PanelScene``) uses: the canvas, the scene
    stack and the table under it, the application layer it reads, the
    announcer (a screen reader hears the calendar's days; sharing says
    what became of a copy), and what its buttons ask the window for."""

    @property
    def table(self) -> CoveredTable: ...
    @property
    def play(self) -> Application: ...
    @property
    def announcer(self) -> Voice: ...

    def change_setting(self, name: str, value: Any) -> None: ...
    def open_stats(self) -> None: ...
    def open_calendar(self, game: str | None = None, variant: str | None = None) -> None: ...  # the daily deals
    def request_new_game(self, deal: DealCode | None) -> None: ...  # None: the same deal again; asks first
    def start_deal(self, deal: DealCode) -> None: ...  # at once (the win panel: the game is over)
    def restart(self) -> None: ...
