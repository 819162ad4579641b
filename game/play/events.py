"""What the application layer tells the window, as typed events: each a
frozen dataclass, heard by the listeners of its own class (``Events.on``),
in the order they were added. The session's own events (a game started,
played, undone, refused, won) stay the session's (game/session.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Literal, TypeVar

from ..engine import Move
from ..persistence.settings import Settings

Verdict = Literal["winnable", "unwinnable", "unknown"]  # a search's answer (game.solver)
Shown = Literal["thinking", "winnable", "unwinnable", "unknown"]  # the verdict note
VERDICTS: dict[str, Verdict] = {"winnable": "winnable", "unwinnable": "unwinnable", "unknown": "unknown"}


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
    names, ``count`` the undos back to a winnable position; ``banner``: shown
    where the player looks, not only said."""

    key: str
    move: Move | None = None
    count: int | None = None
    banner: bool = True


@dataclass(frozen=True)
class HintMarked:
    """Mark this move on the table (``action`` as the engine checked it)."""

    action: str
    move: Move


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
    """Listeners by event class."""

    def __init__(self) -> None:
        self._listeners: dict[type, list[Callable[[Any], None]]] = {}

    def on(self, kind: type[E], listener: Callable[[E], None]) -> None:
        self._listeners.setdefault(kind, []).append(listener)

    def emit(self, event: object) -> None:
        for listener in list(self._listeners.get(type(event), ())):
            listener(event)
