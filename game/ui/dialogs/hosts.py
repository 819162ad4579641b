"""What each dialog may use of the app, one protocol each: a dialog is made
with its own (``ConfirmDialog(app: DialogHost)``, ``WinScene(app: WinHost)``)
and touches nothing else, so a test can build it against a fake that has
only these members. The app (``game.ui.app.App``) meets them all.

Every dialog stands on a ``DialogHost``: the canvas and the scene stack
(``scene.Stage``) and the table it covers. The others add what their
buttons ask for, and read the game in progress, the records and new deals
through the smallest view of the application layer (``play``) that serves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..scene import Stage

if TYPE_CHECKING:
    from ...engine import Game
    from ...persistence import Persistence
    from ..drawing.layout import Layout


# ---- the game, the records and the deals, as a dialog reads them -----------------------


class GameInPlay(Protocol):
    """The game in progress (``session.Session``), to read: None before the first."""

    @property
    def game(self) -> Game | None: ...


class TimedGame(GameInPlay, Protocol):
    """The game in progress and its play time so far."""

    @property
    def elapsed_ms(self) -> int: ...
    @property
    def elapsed(self) -> float: ...


class Kept(Protocol):
    """The application layer's records (``play.Application.persistence``):
    statistics and the words of a notice; None when nothing is kept."""

    @property
    def persistence(self) -> Persistence | None: ...


class Deals(Protocol):
    """Where new deals come from (``play.Application``)."""

    def random_code(self, game: str, variant: str) -> str: ...
    def today_code(self, game: str, variant: str) -> str: ...


# ---- the table under a dialog ----------------------------------------------------------


class CoveredTable(Protocol):
    """The table as a dialog covers it (``table.scene.TableScene``)."""

    def dialogs_changed(self) -> None: ...  # a dialog opened or closed over it: the clock stops or goes on


class WonTable(CoveredTable, Protocol):
    """The table under the win panel: the won game and where the bars lie."""

    @property
    def game(self) -> Game: ...
    @property
    def laid_out(self) -> Layout: ...


# ---- the dialogs ------------------------------------------------------------------------


class DialogHost(Stage, Protocol):
    """What every dialog (``panel.PanelScene``) uses: the canvas, the scene
    stack, and the table under it. Enough for ``ConfirmDialog``."""

    @property
    def table(self) -> CoveredTable: ...


class NoticeHost(DialogHost, Protocol):
    """``NoticeDialog``: a notice's words take numbers from the records."""

    @property
    def play(self) -> Kept: ...


class HelpHost(DialogHost, Protocol):
    """``RulesScene``: opens on the rules of the game in progress."""

    @property
    def session(self) -> GameInPlay: ...


class StatsHost(DialogHost, Protocol):
    """``StatsScene``: the records' statistics, opened on the game in progress."""

    @property
    def session(self) -> GameInPlay: ...
    @property
    def play(self) -> Kept: ...


class OptionsHost(DialogHost, Protocol):
    """``OptionsDialog``: changes settings and the language, opens the
    statistics (when there are records)."""

    @property
    def play(self) -> Kept: ...

    def change_setting(self, name: str, value: Any) -> None: ...
    def set_language(self, lang: str) -> None: ...
    def open_stats(self) -> None: ...


class NewGameHost(DialogHost, Protocol):
    """``NewGameDialog``: picks a deal for the game in progress's game (or
    another) and asks for it; Winnable deals only is a setting."""

    @property
    def session(self) -> GameInPlay: ...
    @property
    def play(self) -> Deals: ...

    def change_setting(self, name: str, value: Any) -> None: ...
    def request_new_game(self, code: str | None) -> None: ...


class KeptDeals(Kept, Deals, Protocol):
    """The records and where new deals come from (``play.Application``)."""


class WinHost(DialogHost, Protocol):
    """``WinScene``: the won game on the table and its time, the records it
    is set beside, a new deal of the same game or the same deal again, and
    the statistics."""

    @property
    def table(self) -> WonTable: ...
    @property
    def session(self) -> TimedGame: ...
    @property
    def play(self) -> KeptDeals: ...

    def start_code(self, code: str) -> None: ...
    def restart(self) -> None: ...
    def open_stats(self) -> None: ...
