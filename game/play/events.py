"""What the application layer tells its listeners: one typed event bus.

Every event is a frozen dataclass; a listener subscribes to one event class
(``Events.on(Played, listener)``) and is handed that event, so the type
checker holds each listener to what it is given. Listeners are called in
the order they subscribed: the layer's own parts (the search, the hints,
the Finish, the autosave) subscribe when the application is built, before
the window's.

The game in progress (``session``): ``Started``, ``Played`` (an action or
a redo), ``Undone``, ``Refused``, ``Won`` (once per game), ``Unwon`` (an
undo took the win back). The search (``search``): ``SearchAnswered``. The
rest of the layer: ``SettingsChanged``,
``Quitting``, ``NoticesRaised``, and what the hints and the Finish show
(``HintSaid``, ``HintMarked``, ``UndoMarked``, ``MarksCleared``,
``VerdictChanged``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Literal, TypeVar

from ..engine import Game, Move, Outcome
from ..persistence.settings import Settings

Verdict = Literal["winnable", "unwinnable", "unknown"]  # a search's answer (game.solver)
Shown = Literal["thinking", "winnable", "unwinnable", "unknown"]  # the verdict note
VERDICTS: dict[str, Verdict] = {"winnable": "winnable", "unwinnable": "unwinnable", "unknown": "unknown"}


# ---- the game in progress ------------------------------------------------------------


@dataclass(frozen=True)
class Ended:
    """A game that a new start replaced, as the statistics need it."""

    game: Game
    elapsed_ms: int
    counted: bool  # its result is already in the statistics
    identity: str | None = None  # which game it was (``Session.identity``)


@dataclass(frozen=True)
class Started:
    """A game was put on the table: a new one, or one put back from a save
    (``resumed``: its clock, undo and redo included). ``previous``: the game
    it replaced (None: the first of this run)."""

    game: Game
    previous: Ended | None
    resumed: bool


@dataclass(frozen=True)
class Played:
    """An action was played (a redo too)."""

    outcome: Outcome


@dataclass(frozen=True)
class Undone:
    """An undo was played."""

    outcome: Outcome


@dataclass(frozen=True)
class Refused:
    """An action was refused (or a refusal found by asking, without playing)."""

    outcome: Outcome


@dataclass(frozen=True)
class Won:
    """The game was won (told once per game)."""

    game: Game


@dataclass(frozen=True)
class Unwon:
    """An undo took the winning move back."""

    game: Game


# ---- the rest of the layer ---------------------------------------------------------------


@dataclass(frozen=True)
class SearchAnswered:
    """The search of the position ``key`` ended with ``verdict`` (a win's
    line is then the service's plan); ``hinted``: a hint waited for it."""

    key: bytes  # the position's packed key (``Position.packed_key``)
    verdict: Verdict
    hinted: bool


@dataclass(frozen=True)
class SettingsChanged:
    """A setting was changed (``name``; "lang": the language)."""

    settings: Settings
    name: str


@dataclass(frozen=True)
class Quitting:
    """The window is closing: keep what is not kept yet."""


@dataclass(frozen=True)
class NoticesRaised:
    """Something the player should be told once (message ids: a damaged save set aside, a failed write)."""

    notices: tuple[str, ...]


@dataclass(frozen=True)
class HintSaid:
    """A sentence of the hints' (catalogue ``key``): ``move`` is the move it
    names, ``count`` the undos back to a winnable position (or the draws
    before the move, ``say.hint_draws``); ``banner``: shown where the player
    looks, not only said."""

    key: str
    move: Move | None = None
    count: int | None = None
    banner: bool = True


@dataclass(frozen=True)
class HintMarked:
    """Mark this move on the table (``action`` as the engine checked it).
    Easy Harp's draws: ``draws`` taps on the stock (``action``, the first of
    them, is ``move``) lead to ``then``, the line's next move that is not a
    draw, which the marks show too."""

    action: str
    move: Move
    draws: int = 0
    then: Move | None = None


@dataclass(frozen=True)
class UndoMarked:
    """Mark the Undo button: undos lead back to a winnable position."""


@dataclass(frozen=True)
class MarksCleared:
    """The hint's marks go (a move, an undo, a new game)."""


@dataclass(frozen=True)
class VerdictChanged:
    """What the verdict note shows (None: nothing)."""

    shown: Shown | None


E = TypeVar("E")


class Events:
    """The bus: listeners by event class, each called with the event."""

    def __init__(self) -> None:
        self._listeners: dict[type, list[Callable[[Any], None]]] = {}

    def on(self, kind: type[E], listener: Callable[[E], None]) -> None:
        self._listeners.setdefault(kind, []).append(listener)

    def emit(self, event: object) -> None:
        for listener in list(self._listeners.get(type(event), ())):
            listener(event)
