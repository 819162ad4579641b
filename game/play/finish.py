"""Finish for me: an option, off by default (the game plays nothing by itself
unless the player asks, contract: "No automation").

With the option on, once every card is face up and a solver search from the
position on the table has proven a win, the window offers a Finish button;
pressed, it plays the rest of that win one action at a time, each through
the session like any move (counted, scored, undoable), the window gliding
each before asking for the next (``play_next``). Any action of the player's
own stops it (the window also stops it at a press or a key).

"Every card face up": no face-down card in a column, and no card in Easy
Harp's stock or waste. The stock's order is hidden from the player, and the
solver reads it, so a Finish with cards still in the stock or the waste
would play with what the player could not know; once both are used up the
end is in plain view. In Eight Off no card is ever face down, so the button
is offered as soon as a win from the position is proven.

The search is a background task in slices (``game.play.tasks``: no threads),
of its own: it does not touch the hints' search or plan. A proven line is
kept while the table follows it, a move of the player's or the Finish's own
(checked by playing the line's next action on a copy of the position before
it), so following the line never searches again; any other change forgets
it and, where the option and the table allow, searches anew.
"""

from __future__ import annotations

from typing import Callable

from ..engine import Game, Outcome, Position
from ..persistence.settings import Settings
from ..session import Session, Start
from ..solver import WINNABLE, SolverTask
from ..solver.search import sweep
from .events import Events, SettingsChanged
from .tasks import Tasks

FINISH_SECONDS = 3.0  # search time (summed over slices) before the Finish is not offered for this position
IDLE_SLICE_MS = 8  # while nothing moves on the table a search may use this much of a frame


def all_face_up(position: Position) -> bool:
    """Every card is face up and in play: no face-down card in a column, and
    the stock and the waste used up (see the module's note)."""
    return not any(position.hidden) and not position.stock and not position.waste


class FinishSearch:
    """One solve of one position, as a background task; once it has ended
    (or was cancelled) it frees its tables, a slice at a time."""

    searching = True  # the runner holds the collector off while it steps and sweeps

    def __init__(self, service: FinishService, position: Position) -> None:
        self.service = service
        self.start = position.copy()
        self.key = self.start.key()
        self.task = SolverTask(self.start.copy(), seconds=FINISH_SECONDS)

    def step(self, budget_ms: float) -> bool:
        if self.service.tasks.idle:
            budget_ms = max(budget_ms, IDLE_SLICE_MS)
        if not self.task.done:
            if self.task.step(budget_ms / 1000):
                self.service.finished(self)
            return True
        return sweep(budget_ms / 1000)  # the ended search's tables, freed over the next frames

    def cancel(self) -> None:
        self.task.cancel()


class FinishService:
    """What the Finish button shows and plays."""

    def __init__(self, session: Session, settings: Settings, tasks: Tasks, events: Events) -> None:
        self.session, self.settings, self.tasks = session, settings, tasks
        self.search: FinishSearch | None = None
        self.line: list[str] = []  # a proven win from ``at``: the actions still to play
        self.at: Position | None = None  # the position ``line[0]`` is played from
        self.at_key: tuple | None = None  # its key (the window asks every frame)
        self.playing = False  # the Finish was pressed and has not stopped
        self._own = False  # the action being played is the Finish's own
        session.events.played.connect(self.on_played)
        session.events.undone.connect(self.on_undone)
        session.events.started.connect(self.on_started)
        events.on(SettingsChanged, self.on_settings)

    # ---- what the window asks -------------------------------------------------------

    @property
    def ready(self) -> bool:
        """A proven win from the position on the table is known, the option
        is on and every card is face up."""
        game = self.session.game
        return (self.settings.finish_for_me and game is not None and not game.position.won and bool(self.line)
                and self.at_key == game.position.key() and all_face_up(game.position))

    @property
    def offered(self) -> bool:
        """The Finish button shows: ready, and not already finishing."""
        return self.ready and not self.playing

    def start(self) -> None:
        """The Finish button: play the line from here (``play_next``)."""
        self.playing = self.ready

    def stop(self) -> None:
        """The player acted: no more actions of the Finish's own."""
        self.playing = False

    def play_next(self, play: Callable[[str], Outcome]) -> None:
        """Play the line's next action through ``play`` (the window's own
        play, which glides it); it stops when the line is done or no longer
        applies."""
        if not (self.playing and self.ready):
            self.playing = False
            return
        self._own = True
        try:
            outcome = play(self.line[0])
        finally:
            self._own = False
        if not outcome.ok:  # never expected: the line was proven from this very position
            self.forget()
        if not self.ready:
            self.playing = False

    # ---- the table changes ---------------------------------------------------------------

    def on_played(self, outcome: Outcome) -> None:
        if not self._own:
            self.playing = False  # the player's own move (or redo): the Finish stops
        if not self.follows_line():
            self.forget()
        self.consider()

    def on_undone(self, outcome: Outcome) -> None:
        self.afresh()

    def on_started(self, start: Start) -> None:
        self.afresh()

    def afresh(self) -> None:
        """An undo or a new game: the line is gone, and so is the Finish."""
        self.playing = False
        self.forget()
        self.consider()

    def on_settings(self, changed: SettingsChanged) -> None:
        if changed.name != "finish_for_me":
            return
        if not self.settings.finish_for_me:
            self.playing = False
            self.cancel_search()
        self.consider()

    def follows_line(self) -> bool:
        """The action just played was the line's next one (the table now
        stands where the line goes on): the line moves on by one."""
        game, at = self.session.game, self.at
        if game is None or at is None or not self.line:
            return False
        after = Game(at.copy())
        if not after.play(self.line[0]).ok or after.position.key() != game.position.key():
            return False
        self.keep(self.line[1:], after.position)
        return True

    def keep(self, line: list[str], at: Position) -> None:
        self.line, self.at, self.at_key = line, at, at.key()

    def forget(self) -> None:
        self.line, self.at, self.at_key = [], None, None

    # ---- searching --------------------------------------------------------------------------

    def consider(self) -> None:
        """Search from the position on the table when the Finish could be
        offered there and no line is known."""
        game = self.session.game
        if (game is None or not self.settings.finish_for_me or game.position.won or not all_face_up(game.position)
                or self.ready):
            self.cancel_search()
            return
        key = game.position.key()
        if self.search is not None and self.search.key == key:
            return
        self.cancel_search()
        self.search = FinishSearch(self, game.position)
        self.tasks.add(self.search)

    def cancel_search(self) -> None:
        """Drop the running search (its task stays on to free its tables)."""
        if self.search is not None:
            self.search.cancel()
            self.search = None

    def finished(self, search: FinishSearch) -> None:
        if search is not self.search:
            return
        self.search = None
        result = search.task.result
        game = self.session.game
        if result is None or result.result != WINNABLE or game is None or game.position.key() != search.key:
            return
        self.keep(list(result.actions), search.start)
