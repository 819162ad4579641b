"""The game in progress: which game is on the table, how it started, how
long it has been played, whether it is won and whether its result is in
the statistics, and who is told when something happens.

The window, the saving, the hints and the screen-reader announcer listen
(``events``: one typed channel per kind, ``session.events.played.connect(listener)``);
none of them keeps a second copy of these facts. No pygame here:
time comes in as milliseconds from whoever drives the loop (``tick``).

Events and what their listeners receive, always in the order the
listeners were added:

- ``started``: a ``Start`` (the new game, the game it replaced, whether it
  was resumed from a save);
- ``played``, ``undone``, ``refused``: the engine's ``Outcome``;
- ``won``: the ``Game``, once per game (undoing the winning move and
  winning again is not a second win);
- ``unwon``: the ``Game``, when an undo takes back the winning move.

Redo (``redo``) plays again what undo took back, newest first, through the
engine like any action (a redo is a ``played``); any other action played
forgets what there was to redo, and so does a new start.

The clock counts play time, not time the program was open. It runs from
the first move until the game is won (an undo of the winning move starts
it again). Each ``tick`` adds the time since the previous one, but at most
``MAX_TICK_MS``: a laptop that slept or a browser tab that was hidden
(where frames stop or come once a second) adds almost nothing. Time also
stops while the window is hidden or has lost the focus (``set_shown``),
while a dialog covers the table (``set_covered``),
and once nobody has touched anything (``activity``, or a move) for
``IDLE_MS``: the clock picks up again at the next touch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, Sequence, TypeVar

from .engine import Action, Game, Move, Outcome, Position
from .engine.actions import DRAW, MOVE, UNDO

MAX_TICK_MS = 250  # a frame is ~16 ms; anything longer than this is not play
IDLE_MS = 180_000  # three minutes without a touch: the player has gone

T = TypeVar("T")


class Channel(Generic[T]):
    """One kind of session event: its listeners, called in the order they
    were added, each with the event's payload (``T``)."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[T], None]] = []

    def connect(self, listener: Callable[[T], None]) -> None:
        self._listeners.append(listener)

    def emit(self, payload: T) -> None:
        for listener in list(self._listeners):
            listener(payload)


@dataclass(frozen=True)
class Ended:
    """A game that a new start replaced, as the statistics need it."""

    game: Game
    elapsed_ms: int
    counted: bool  # its result is already in the statistics


@dataclass(frozen=True)
class Start:
    game: Game
    previous: Ended | None  # the game it replaced (None: the first of this run)
    resumed: bool  # put back from a save, clock and undo included


class SessionEvents:
    """What a session tells its listeners (the table, the announcer, the
    autosave, the hints), each kind with its own payload, so a checker holds
    every listener to what it is given."""

    def __init__(self) -> None:
        self.started: Channel[Start] = Channel()  # a game was started, or put back from a save
        self.played: Channel[Outcome] = Channel()  # an action was played (a redo too)
        self.undone: Channel[Outcome] = Channel()  # an undo was played
        self.refused: Channel[Outcome] = Channel()  # an action was refused
        self.won: Channel[Game] = Channel()  # the game was won (once)
        self.unwon: Channel[Game] = Channel()  # an undo took the win back


class Session:
    def __init__(self) -> None:
        self.game: Game | None = None
        self.start_position: Position | None = None  # how it began (its deal code, or a set-up position)
        self.elapsed_ms = 0
        self.running = False  # the clock runs: a move was made and the game is not won
        self.counted = False  # its result is in the statistics
        self.won_seen = False  # "won" was announced for this game
        self.shown = True  # the window is visible and has the focus
        self.covered = False  # a dialog covers the table
        self.last_tick: int | None = None
        self.last_touch: int | None = None  # None: the next tick counts as a touch
        self.redo_actions: list[Action] = []  # what undo took back, the next to redo last
        self.events = SessionEvents()

    # ---- facts -----------------------------------------------------------------------

    @property
    def won(self) -> bool:
        return self.game is not None and self.game.position.won

    @property
    def in_progress(self) -> bool:
        """Moves were made and the game is not won: leaving it loses something."""
        return self.game is not None and self.game.position.moves > 0 and not self.won

    @property
    def elapsed(self) -> float:
        """Seconds played."""
        return self.elapsed_ms / 1000

    # ---- starting ---------------------------------------------------------------------

    def start(self, game: Game, *, elapsed_ms: int = 0, counted: bool = False, resumed: bool = False,
              redo: Sequence[Action] = ()) -> None:
        """Put ``game`` on the table. A resumed game keeps its clock (and
        runs it if it was under way) and what there was to redo (``redo``,
        the next one last); a new one starts at zero and waits for the
        first move."""
        previous = Ended(self.game, self.elapsed_ms, self.counted) if self.game is not None else None
        self.game = game
        self.start_position = game.position.copy()
        self.elapsed_ms, self.counted = elapsed_ms, counted
        self.won_seen = game.position.won
        self.running = resumed and self.in_progress
        self.last_touch = None
        self.redo_actions = list(redo) if resumed else []
        self.events.started.emit(Start(game, previous, resumed))

    def adopt(self, game: Game, elapsed_ms: int, counted: bool = False) -> None:
        """Hold ``game`` without showing it or telling anyone: the saved game
        that a deal asked for on the command line replaces. The next
        ``start`` reports it as the previous game."""
        self.game, self.elapsed_ms, self.counted = game, elapsed_ms, counted

    def restart_game(self) -> Game:
        """A fresh copy of this game's start: the same deal again."""
        start = self.start_position
        if start is None:
            raise ValueError("no game has started")
        return Game.from_deal(start.deal) if start.deal else Game(start.copy())

    # ---- playing ------------------------------------------------------------------------

    def play(self, action: Action | str, *, redoing: bool = False) -> Outcome:
        """Play ``action`` and tell the listeners what became of it. An
        undo keeps what it took back for ``redo``; any other action played
        (but a redo's own, ``redoing``) forgets it."""
        if self.game is None:
            raise ValueError("no game has started")
        if isinstance(action, str):
            action = Action.parse(action)
        was_won = self.won
        outcome = self.game.play(action)
        if not outcome.ok:
            self.events.refused.emit(outcome)
            return outcome
        self.last_touch = None
        if outcome.undone is not None:
            self.redo_actions.append(replay_of(outcome.undone))
        elif not redoing:
            self.redo_actions = []
        won = self.won
        if action.kind != UNDO:
            self.running = not won
        (self.events.undone if outcome.undone is not None else self.events.played).emit(outcome)
        if won and not was_won and not self.won_seen:
            self.won_seen, self.running = True, False
            self.counted = True  # the statistics listen to "won": told once
            self.events.won.emit(self.game)
        elif was_won and not won:
            self.running = True
            self.events.unwon.emit(self.game)
        return outcome

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_actions)

    def redo(self) -> Outcome | None:
        """Play again the action the last undo took back, through the engine
        like any other (it counts as a move; the points come back); None
        when there is nothing to redo."""
        if not self.redo_actions or self.game is None:
            return None
        outcome = self.play(self.redo_actions.pop(), redoing=True)
        if not outcome.ok:  # never expected: the undo put the table back exactly
            self.redo_actions = []
        return outcome

    def refuse(self, outcome: Outcome) -> None:
        """A refusal the table found by asking, without playing (a tap that
        may be the first half of a double tap, a face-down card picked up):
        the listeners hear it like a refused play."""
        self.events.refused.emit(outcome)

    # ---- the clock --------------------------------------------------------------------------

    def tick(self, now: int) -> None:
        """Time passes (``now`` in ms, from any steady clock)."""
        if self.last_touch is None:
            self.last_touch = now
        last, self.last_tick = self.last_tick, now
        if last is None or not (self.running and self.shown) or self.covered or now - self.last_touch > IDLE_MS:
            return
        self.elapsed_ms += max(0, min(now - last, MAX_TICK_MS))

    def activity(self, now: int) -> None:
        """The player touched something: a key, a click, the pointer."""
        self.last_touch = now
        self.shown = True  # nobody clicks a hidden window, whatever the events said

    def set_covered(self, covered: bool) -> None:
        """A dialog (Help, New game, Options, ...) covers the table (True), or no longer does."""
        self.covered = covered

    def set_shown(self, shown: bool) -> None:
        """The window was hidden, minimised or lost the focus (False), or came back."""
        self.shown = shown


def replay_of(move: Move) -> Action:
    """The action that plays ``move`` again from the position before it: a
    draw or a turn of the waste is a draw, anything else a move of its
    cards from its pile to its pile."""
    if move.kind == MOVE:
        return Action(MOVE, move.src, move.dst, len(move.cards))
    return Action(DRAW)
