"""``Application``: the player's game without its window, built whole.

It holds the settings, the game in progress (``Session``), the background
tasks, the saving (when there is storage) and the hints, and it answers
what the window's buttons and keys ask for: start a deal, restart it, pick
a new deal, change a setting, give a hint. What happens is told through
the session's events (game/session.py) and the layer's own typed events
(``events``); nothing here draws, and nothing here imports pygame.

Time comes from ``now`` (milliseconds from any steady clock), handed in:
the window passes its own, tests a fake one.
"""

from __future__ import annotations

import time
from typing import Callable, Sequence, TypeVar

from ..engine import Action, Game
from ..persistence import Loaded, Persistence
from ..persistence.settings import Settings
from ..session import Session
from . import deals
from .autosave import SaveKeeper
from .events import Events, NoticesRaised, Quitting, SettingsChanged
from .finish import FinishService
from .hints import HintService
from .tasks import Tasks

E = TypeVar("E")


def steady_ms() -> int:
    return time.monotonic_ns() // 1_000_000


class Application:
    def __init__(
        self,
        settings: Settings | None = None,
        *,
        persistence: Persistence | None = None,
        loaded: Loaded | None = None,
        now: Callable[[], int] = steady_ms,
        entropy: Callable[[], int] = time.time_ns,
    ) -> None:
        self.settings = settings or Settings()
        self.now = now
        self.entropy = entropy  # where a new deal's number comes from
        self.events = Events()
        self.session = Session()
        self.tasks = Tasks()
        self.persistence = persistence
        self.hints = HintService(self.session, self.settings, self.tasks, self.events)
        self.finish = FinishService(self.session, self.settings, self.tasks, self.events)
        self.keeper = (SaveKeeper(self.session, self.settings, persistence, self.tasks, self.events, loaded)
                       if persistence is not None else None)
        self.deals_made = 0

    def on(self, kind: type[E], listener: Callable[[E], None]) -> None:
        """Listen for one of the layer's events (``game.play.events``)."""
        self.events.on(kind, listener)

    # ---- the loop -------------------------------------------------------------------

    def tick(self, idle: bool = False) -> None:
        """One frame's work: the play clock, then the background tasks
        (``idle``: nothing moves on the table, a search may take more)."""
        self.session.tick(self.now())
        self.tasks.run(idle)

    def quit(self) -> None:
        self.events.emit(Quitting())

    def set_covered(self, covered: bool) -> None:
        """A dialog covers the table (True), or no longer does: the play
        clock stops meanwhile, and so does the solver's pondering."""
        self.session.set_covered(covered)
        self.hints.set_covered(covered)

    # ---- games ------------------------------------------------------------------------

    def start(self, game: Game) -> None:
        """A new game in progress."""
        self.session.start(game)

    def resume(self, game: Game, elapsed_ms: int, counted: bool, redo: Sequence[Action] = ()) -> None:
        """A saved game back in progress, its clock, undo and redo included."""
        self.session.start(game, elapsed_ms=elapsed_ms, counted=counted, resumed=True, redo=redo)

    def game_for(self, code: str) -> Game:
        """The game of ``code``; the settings follow its game and variant."""
        game = Game.from_deal(code)
        pos = game.position
        if (self.settings.game, self.settings.variant) != (pos.game, pos.variant):
            self.settings.game, self.settings.variant = pos.game, pos.variant
            self.events.emit(SettingsChanged(self.settings, "game"))
        return game

    def same_deal(self) -> Game:
        """The current deal from its start (or the set-up position)."""
        return self.session.restart_game()

    def leaving_loses_a_game(self) -> bool:
        """Starting another game now leaves one unfinished: ask first."""
        return self.session.in_progress

    def random_code(self, game: str, variant: str) -> str:
        """A new deal; with "Winnable deals only", one of the deal numbers
        the solver proved winnable (when the game has such a list)."""
        self.deals_made += 1
        return deals.random_code(game, variant, self.entropy() ^ (self.deals_made << 20), self.settings.winnable_only)

    def today_code(self, game: str, variant: str) -> str:
        return deals.today_code(game, variant)

    # ---- settings and notices ---------------------------------------------------------

    def change_setting(self, name: str, value: object) -> None:
        setattr(self.settings, name, value)
        self.events.emit(SettingsChanged(self.settings, name))

    def tell(self, notices: list[str]) -> None:
        """Tell the player once (message ids, e.g. a damaged save)."""
        if notices:
            self.events.emit(NoticesRaised(tuple(notices)))

    def request_hint(self) -> None:
        self.hints.request()
