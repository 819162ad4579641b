"""``Application``: the player's game without its window, built whole.

It holds the settings, the game in progress (``session``), the one event
bus (``events``), the background tasks, the search service and what asks
it (the hints, the Finish), the saving and the records, and it answers
what the window's buttons, keys and pointer ask for: play an action, undo,
redo, start a deal, restart it, pick a new deal, change a setting, give a
hint. A move goes from the window to ``play``, then to the session, whose
``Played`` event the autosave (and the search, the hints, the Finish, the
window) hear. Nothing here draws, and nothing here imports pygame.

``open`` builds it on the player's records (or on the storage a test or
the browser hands in) and ``begin`` puts the first game on the table.
Time comes from ``now`` (milliseconds from any steady clock), handed in:
the window passes its own, tests a fake one.
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Callable, Sequence, TypeVar

from ..engine import Action, DealCode, Game, Outcome
from ..persistence import Loaded, Persistence
from ..persistence.daily import DailyResults, Streaks
from ..persistence.settings import Settings
from ..persistence.storage import FileStorage, MemoryStorage, Storage
from . import calendar, daily, new_game, today
from .autosave import SaveKeeper
from .events import Events, NoticesRaised, Quitting, SettingsChanged
from .finish import FinishService, mechanical
from .hints import HintService
from .records import Records
from .search import SearchService
from .session import Session
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
        today: Callable[[], dt.date] = dt.date.today,
    ) -> None:
        self.settings = settings or Settings()
        self.now = now
        self.today = today  # the local calendar date (the daily deals'): tests hand in their own
        self.entropy = entropy  # where a new deal's number comes from
        self.events = Events()
        self.session = Session(self.events)  # the game in progress: read it; play through the application
        self.tasks = Tasks()
        self.search = SearchService(self.session, self.settings, self.tasks, self.events, mechanical)
        self.hints = HintService(self.session, self.settings, self.search, self.events)
        self.finish = FinishService(self.session, self.settings, self.search, self.events)
        self.loaded = loaded
        self.persistence = persistence  # the player's records (None: nothing is kept)
        self.keeper = (SaveKeeper(self.session, self.settings, persistence, self.events, today)
                       if persistence is not None else None)
        self.records = Records(persistence) if persistence is not None else None  # None: nothing is kept
        self.deals_made = 0
        self.visible = True  # the window (or the page's tab) is shown
        self.focused = True  # the window has the keyboard's focus

    @classmethod
    def open(cls, *, storage: Storage | None = None, data_dir: str | None = None, keep_nothing: bool = False,
             open_storage: Callable[[], Storage] | None = None, system_language: str | None = None,
             system_reduced_motion: bool = False, lang: str | None = None, now: Callable[[], int] = steady_ms,
             entropy: Callable[[], int] | None = None, today: Callable[[], dt.date] = dt.date.today) -> Application:
        """The application on the player's records, loaded: ``storage`` if
        given, else the folder ``data_dir``, else nothing real
        (``keep_nothing``: a screenshot never touches the player's save),
        else the storage ``open_storage`` opens (the host's; in memory when
        it can't be opened). The language: ``lang`` (the command line's),
        else the one kept, else the system's; ``system_reduced_motion``: the
        browser asks for less motion (Reduce motion, until the player says). ``entropy``: where new deals'
        numbers come from (None: the time); ``today``: the local calendar
        date (the daily deals')."""
        if storage is None and data_dir:
            storage = FileStorage(data_dir)
        elif storage is None and (keep_nothing or open_storage is None):
            storage = MemoryStorage()
        if storage is None:
            assert open_storage is not None
            persistence = Persistence.opening(open_storage, system_language=system_language,
                                              system_reduced_motion=system_reduced_motion)
        else:
            persistence = Persistence(storage, system_language=system_language,
                                      system_reduced_motion=system_reduced_motion)
        loaded = persistence.load_all()
        settings = loaded.settings
        settings.lang = persistence.language(lang)
        return cls(settings, persistence=persistence, loaded=loaded, now=now, entropy=entropy or time.time_ns,
                   today=today)

    def begin(self, game: Game | None = None) -> bool:
        """The first game of this run: ``game`` (asked for on the command
        line: the saved game it replaces counts as played), else the saved
        game, else a new deal; then what the records want the player told.
        True when the saved game was put back."""
        loaded = self.loaded
        resumed = game is None and loaded is not None and loaded.game is not None
        if resumed:
            assert loaded is not None and loaded.game is not None
            self.resume(loaded.game, int(loaded.elapsed * 1000), loaded.counted, loaded.redo, loaded.identity)
        else:
            if game is None:
                game = Game.from_deal(self.random_deal(self.settings.game, self.settings.variant))
            else:
                self.settings.game, self.settings.variant = game.position.game, game.position.variant
            if loaded is not None and loaded.game is not None and self.keeper is not None:
                self.keeper.replaced(loaded)
            self.start(game)
        if self.keeper is not None:
            self.keeper.show_notices(loaded.notices if loaded is not None else [])
        return resumed

    def on(self, kind: type[E], listener: Callable[[E], None]) -> None:
        """Listen for one of the layer's events (``game.play.events``)."""
        self.events.on(kind, listener)

    # ---- the loop -------------------------------------------------------------------

    def tick(self, idle: bool = False) -> bool:
        """One frame's work: the play clock, the autosave's timed work, then
        the background tasks (``idle``: nothing moves on the table, a search
        may take more). True in the frame in which the searches and the
        freeing of their tables ended."""
        self.session.tick(self.now())
        if self.keeper is not None:
            self.keeper.tick()
        return self.tasks.run(idle)

    @property
    def busy(self) -> bool:
        """Work waits for the next frame (a search, a line being learnt)."""
        return self.tasks.busy

    def next_due_ms(self) -> int | None:
        """When the layer next needs a tick though nothing happens (the
        clock's shown seconds, a failed write's retry); None: not before
        something happens. A window that sleeps between frames wakes then."""
        now = self.now()
        times = [self.session.next_change_ms(now), self.keeper.next_due_ms(now) if self.keeper else None]
        due = [t for t in times if t is not None]
        return min(due) if due else None

    def quit(self) -> None:
        """The window closes (or the program is stopped): the clock counts up
        to now (a resting window ticks once a second: up to a second of play
        since its last frame), then everything is saved."""
        self.session.tick(self.now())
        self.events.emit(Quitting())

    def set_covered(self, covered: bool) -> None:
        """A dialog covers the table (True), or no longer does: the play
        clock stops meanwhile, and so does the solver's pondering."""
        self.session.set_covered(covered)
        self.search.set_covered(covered)

    def set_shown(self, shown: bool) -> None:
        """The window (or the page's tab) was hidden or minimised (False),
        or came back: the clock stops meanwhile, and no search runs."""
        self.visible = shown
        self.session.set_shown(self.visible and self.focused)
        self.search.set_shown(shown)

    def set_focused(self, focused: bool) -> None:
        """The window lost the keyboard's focus (False) or got it back: the
        clock stops meanwhile (the player looks elsewhere); a search goes on
        (the window is still there to show its answer)."""
        self.focused = focused
        self.session.set_shown(self.visible and self.focused)

    # ---- playing ----------------------------------------------------------------------

    def play(self, action: Action | str) -> Outcome:
        """Play an action of the player's on the game in progress: a running
        Finish stops (it plays its own through the session)."""
        self.finish.stop()
        return self.session.play(action)

    def redo(self) -> Outcome | None:
        """Play again what the last undo took back (None: nothing to redo);
        a running Finish stops."""
        self.finish.stop()
        return self.session.redo()

    def refuse(self, outcome: Outcome) -> None:
        """A refusal the window found by asking, without playing: heard like a refused play."""
        self.session.refuse(outcome)

    def touched(self) -> None:
        """The player touched something (a key, a click, the pointer): the
        window is there and has the player's attention, whatever the events said."""
        self.visible = self.focused = True
        self.session.activity(self.now())
        self.search.set_shown(True)

    # ---- games ------------------------------------------------------------------------

    def start(self, game: Game) -> None:
        """A new game in progress."""
        self.session.start(game)

    def resume(self, game: Game, elapsed_ms: int, counted: bool, redo: Sequence[Action] = (),
               identity: str | None = None) -> None:
        """A saved game back in progress, its clock, undo and redo included,
        and the identity it was saved with (None: a new one)."""
        self.session.start(game, elapsed_ms=elapsed_ms, counted=counted, resumed=True, redo=redo, identity=identity)

    def game_for(self, deal: DealCode) -> Game:
        """The game of ``deal``; the settings follow its game and variant."""
        game = Game.from_deal(deal)
        if (self.settings.game, self.settings.variant) != (deal.game, deal.variant):
            self.settings.game, self.settings.variant = deal.game, deal.variant
            self.events.emit(SettingsChanged(self.settings, "game"))
        return game

    def same_deal(self) -> Game:
        """The current deal from its start (or the set-up position)."""
        return self.session.restart_game()

    def leaving_loses_a_game(self) -> bool:
        """Starting another game now leaves one unfinished: ask first."""
        return self.session.in_progress

    def random_deal(self, game: str, variant: str) -> DealCode:
        """A new deal; with "Winnable deals only", one of the deal numbers
        the solver proved winnable (when the game has such a list)."""
        self.deals_made += 1
        seed = self.entropy() ^ (self.deals_made << 20)
        return new_game.random_deal(game, variant, seed, self.settings.winnable_only)

    def today_deal(self, game: str, variant: str) -> DealCode:
        """Today's deal of a variant (``game.play.today``, the one
        definition). A clock set before the daily deals began (2026) gets
        the first of them, and a damaged line of a shipped table (reported
        at start) the older rule's deal: never an error here."""
        date = self.today()
        try:
            return today.today_deal(game, variant, date)
        except daily.NoDailyDeal:
            if date < daily.FIRST:
                return today.today_deal(game, variant, daily.FIRST)
            return today.older_rule(game, variant, date)

    # ---- the daily deals (``game.play.calendar``) -----------------------------------

    def daily_deal(self, game: str, variant: str, date: dt.date) -> daily.DailyDeal:
        """``date``'s daily deal, to open from the calendar: ``NoDailyDeal``
        for a date without one, or after today (future days are closed)."""
        if date > self.today():
            raise daily.NoDailyDeal(f"{date.isoformat()} is still to come", "daily.future")
        return daily.daily(game, variant, date)

    def current_daily(self) -> daily.DailyDeal | None:
        """The daily deal on the table (its date, level ...), or None when
        the game there is no daily deal: for the win panel and sharing."""
        found = self.keeper.daily if self.keeper is not None else None
        if found is None:
            return None
        try:
            return daily.daily(*found)
        except daily.NoDailyDeal:
            return None

    def calendar(self, game: str, variant: str, year: int, month: int, week_start: int = 0) -> calendar.CalendarMonth:
        """A month of a variant's daily deals with the player's results
        (as stored when the calendar opened: ``refresh_daily``)."""
        return calendar.month(self.daily_results, game, variant, year, month, self.today(), week_start)

    def streaks(self, game: str | None = None, variant: str | None = None) -> Streaks:
        """The daily streaks: of one variant, or (no arguments) of any variant."""
        return calendar.streaks(self.daily_results, self.today(), game, variant)

    @property
    def daily_results(self) -> DailyResults:
        """The player's daily results (empty when nothing is kept)."""
        return self.persistence.daily if self.persistence is not None else DailyResults()

    def refresh_daily(self) -> None:
        """Read the daily results again: other windows' days count too (the calendar, when it opens)."""
        if self.persistence is not None:
            self.persistence.refresh_daily()

    # ---- settings and notices -------------------------------------------------------

    def change_setting(self, name: str, value: object) -> None:
        setattr(self.settings, name, value)
        self.events.emit(SettingsChanged(self.settings, name))

    def tell(self, notices: list[str]) -> None:
        """Tell the player once (message ids, e.g. a damaged save)."""
        if notices:
            self.events.emit(NoticesRaised(tuple(notices)))
