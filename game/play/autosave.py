"""Autosave: the session's events and the application's feed ``Persistence``.

Everything is loaded once at start-up (``Application.open``); the keeper
then listens on the bus: every accepted action or undo saves the game, a
win is counted once, a new game records the one it replaces (the session
hands it over), an option change saves the settings; each goes with the
game's identity (the session's ``identity``). Whatever the storage
wants the player to know (a damaged save, a failed write) is shown once as
a notice. At each of the application's ticks it keeps the clock every
half minute and tries again a write that failed (``tick``; ``next_due_ms``
says when a sleeping window should wake for that).

A daily deal (``game.play.daily``) is kept in the daily results too: its
date, found from the deal's code however it was opened (``daily.date_of``:
Today's deal, the calendar, a typed code or a link; not a position set up
by hand that names a deal), shows as started at the first move made in it,
and as won (local date, time, moves) when it is won, written before the
game is saved as won (see ``game.persistence.daily``).
"""

from __future__ import annotations

import datetime as dt
from typing import Callable

from ..engine import deal_position
from ..engine.deals import parse_code
from ..engine.errors import EngineInputError
from ..persistence import Loaded, Persistence
from ..persistence.settings import Settings
from .events import Events, NoticesRaised, Played, Quitting, SettingsChanged, Started, Undone, Won
from . import daily
from .session import Session

CLOCK_SAVE_MS = 30_000
RETRY_MS = 5_000  # how often a write that failed (a full disk, another window's lock) is tried again


class SaveKeeper:
    def __init__(self, session: Session, settings: Settings, persistence: Persistence, events: Events,
                 today: Callable[[], dt.date] = dt.date.today) -> None:
        self.persistence, self.session, self.events = persistence, session, events
        self.today = today
        self.daily: tuple[str, str, dt.date] | None = None  # the game on the table is this date's daily deal
        self.daily_started = False  # ... and its start is in the daily results
        self.lang_seen = settings.lang
        events.on(Played, lambda played: self.on_action())
        events.on(Undone, lambda undone: self.on_action())
        events.on(Won, lambda won: self.on_won())
        events.on(Started, self.on_new_game)
        events.on(SettingsChanged, self.on_settings)
        events.on(Quitting, self.on_quit)
        # a closed browser tab sends no QUIT: keep the clock every half minute
        self.saved_ms = 0
        self.retried_ms = 0

    def tick(self) -> None:
        """Save the time played now and then, and try again what failed to
        be written."""
        session = self.session
        if session.running and session.game is not None and session.elapsed_ms - self.saved_ms >= CLOCK_SAVE_MS:
            self.saved_ms = session.elapsed_ms
            self.persistence.save_game(session.game, session.elapsed, session.counted, session.redo_actions,
                                       identity=session.identity)
            self.show_notices()
        elif session.elapsed_ms < self.saved_ms:  # a new game
            self.saved_ms = 0
        if self.persistence.pending:
            now = session.last_tick  # the window's steady clock, in ms (None before its first frame)
            if now is not None and now - self.retried_ms >= RETRY_MS:
                self.retried_ms = now
                self.persistence.retry_pending()
                self.show_notices()

    def next_due_ms(self, now: int) -> int | None:
        """When ``tick`` next has something to do, as far as time alone
        tells (the clock's own wakes bring the half-minute saves): a retry
        of a failed write; None: nothing waits."""
        if self.persistence.pending:
            return max(now, self.retried_ms + RETRY_MS)
        return None

    # ---- hooks ------------------------------------------------------------------------

    def on_action(self) -> None:
        session = self.session
        if self.daily is not None and not self.daily_started and session.game is not None:
            self.daily_started = True
            self.persistence.daily_started(*self.daily)
        if session.game is None or (session.won and not session.counted):
            return  # the winning move: "won" follows at once, and counts and saves it
        self.persistence.save_game(session.game, session.elapsed, session.counted, session.redo_actions,
                                   identity=session.identity)
        self.show_notices()

    def on_won(self) -> None:
        game = self.session.game
        assert game is not None  # a game was won: it is on the table
        if self.daily is not None:  # first: see game.persistence.daily on kills
            self.persistence.daily_won(*self.daily, on=self.today(), seconds=self.session.elapsed,
                                       moves=game.position.moves)
        self.persistence.game_won(game, self.session.elapsed, identity=self.session.identity)
        self.show_notices()

    def on_new_game(self, start: Started) -> None:
        self.daily, self.daily_started = self.daily_of(start), False
        if start.resumed:
            return
        previous = start.previous
        if previous is None:
            self.persistence.new_game(start.game, identity=self.session.identity)
        else:
            self.persistence.new_game(
                start.game, identity=self.session.identity, previous=previous.game,
                previous_elapsed=previous.elapsed_ms / 1000, previous_counted=previous.counted,
                previous_identity=previous.identity,
            )
        self.show_notices()

    def daily_of(self, start: Started) -> tuple[str, str, dt.date] | None:
        """(game, variant, date) when the game put on the table is a date's
        daily deal: one dealt from its code (a new game: from the dealt
        layout itself, not a position set up by hand that names it)."""
        pos = start.game.position
        if pos.deal is None:
            return None
        try:
            code = parse_code(pos.deal)
            if not start.resumed and not (pos.moves == 0 and pos.key() == deal_position(code).key()):
                return None
        except EngineInputError:
            return None
        date = daily.date_of(code, self.today())
        return None if date is None else (code.game, code.variant, date)

    def on_settings(self, changed: SettingsChanged) -> None:
        settings = changed.settings
        if settings.lang != self.lang_seen:  # the player picked a language: keep it
            settings.chosen_lang = self.lang_seen = settings.lang
        self.persistence.save_settings(settings)
        self.show_notices()

    def on_quit(self, quitting: Quitting) -> None:
        """Keep the time played since the last move, and what failed to be written before."""
        self.save_in_progress()
        self.persistence.retry_pending()

    def save_in_progress(self) -> bool | None:
        """Save the game in progress now, its time played included (on
        quitting, and when the frame guard caught a failure): True saved,
        False the storage refused, None no game in progress to save."""
        session = self.session
        if not session.in_progress or session.game is None:
            return None
        self.saved_ms = session.elapsed_ms
        return self.persistence.save_game(session.game, session.elapsed, session.counted, session.redo_actions,
                                          identity=session.identity)

    # ---- start-up -----------------------------------------------------------------------

    def replaced(self, loaded: Loaded) -> None:
        """The saved game (``loaded.game``) is replaced by one asked for on
        the command line: the next start counts it as played, unless it was
        counted already, under the identity it was saved with."""
        assert loaded.game is not None  # a saved game to replace
        self.session.adopt(loaded.game, int(loaded.elapsed * 1000), counted=loaded.counted,
                           identity=loaded.identity)

    def show_notices(self, notices: list[str] | None = None) -> None:
        notices = list(notices or []) + self.persistence.pop_notices()
        if notices:
            self.events.emit(NoticesRaised(tuple(notices)))
