"""What the table and its helpers may use of the app: the table scene is made
with a ``TableHost``, its keyboard play reaches the app as a
``KeyboardHost``, and sharing the deal (``share``) as a ``ShareHost``. The
app (``game.ui.app.App``) meets them all; the pointer and the hint's marks
only draw on the ``scene.Canvas``.

The table plays the game through the session (``session.Session``: it
plays, undoes and listens), so that one comes whole; of the application
layer (``play``) it sees what it listens to and hands work to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol, TypeVar

from ..dialogs.hosts import Kept, NoticeHost

if TYPE_CHECKING:
    import pygame

    from ...persistence.settings import Settings
    from ...play.finish import FinishService
    from ...play.hints import HintService
    from ...play.tasks import Tasks
    from ...session import Session
    from ..voice.sound import Sounds

E = TypeVar("E")


class Voice(Protocol):
    """What the table may use of the announcer (``voice.announce.Announcer``):
    say a text, or a catalogue key with its parameters; ``show`` is where the
    native status line shows what is said (set by the table)."""

    show: Callable[[str], None] | None

    def say(self, text: str) -> None: ...
    def say_key(self, key: str, **params: object) -> None: ...


class SharePlay(Kept, Protocol):
    """The application layer as sharing uses it: its background tasks (the
    wait for the page's clipboard), and the records a notice reads."""

    @property
    def tasks(self) -> Tasks: ...


class TablePlay(SharePlay, Protocol):
    """The application layer as the table uses it: its events
    (``play.events``), the hint service whose marks it draws, the Finish
    (its button), its tasks."""

    @property
    def hints(self) -> HintService: ...
    @property
    def finish(self) -> FinishService: ...

    def on(self, kind: type[E], listener: Callable[[E], None]) -> None: ...
    def set_covered(self, covered: bool) -> None: ...  # a dialog covers the table: the clock and pondering stop


class KeyboardHost(Protocol):
    """What keyboard play (``keyboard.Keyboard``) uses: the language, the
    game in progress (a refusal it tells), the announcer, and H for a hint."""

    settings: Settings

    @property
    def session(self) -> Session: ...
    @property
    def announcer(self) -> Voice: ...

    def request_hint(self) -> None: ...


class ShareHost(NoticeHost, Protocol):
    """What the L key's sharing (``share``) uses: the deal the game began
    from, the announcer, a task that waits for the clipboard, and a notice
    that shows the link when the copy was refused."""

    @property
    def session(self) -> Session: ...
    @property
    def announcer(self) -> Voice: ...
    @property
    def play(self) -> SharePlay: ...


class TableHost(ShareHost, KeyboardHost, Protocol):
    """What the table scene (``scene.TableScene``) uses: the canvas, its
    background and the scene stack, the session, the announcer and the
    sounds, the bar's buttons and what they open, and the win panel."""

    browser: bool  # the page's live region speaks; no status line on screen
    button_names: tuple[str, ...]  # the bar's buttons, in order

    @property
    def sound(self) -> Sounds: ...
    @property
    def play(self) -> TablePlay: ...

    def set_background(self, surface: pygame.Surface) -> None: ...
    def open_new_game(self) -> None: ...
    def open_rules(self) -> None: ...
    def open_options(self) -> None: ...
    def open_stats(self) -> None: ...
    def open_win(self) -> None: ...
    def close_win(self) -> None: ...
