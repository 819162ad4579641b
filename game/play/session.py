"""The game in progress: which game is on the table (and its identity),
how it started, how long it has been played, whether it is won and whether
its result is in the statistics, and who is told when something happens.

A game's identity (``identity``) names this one game, whichever window
plays it: a new start makes a new one, a game resumed from its save or
adopted keeps the one it was saved with. The statistics count each
identity once (game/persistence/stats.py).

The window, the saving, the hints and the screen-reader announcer listen
on the application's one event bus (``game.play.events``): ``Started``,
``Played``, ``Undone``, ``Refused``, ``Won`` (once per game: undoing the
winning move and winning again is not a second win) and ``Unwon``; none
of them keeps a second copy of these facts. No pygame here: time comes in
as milliseconds from whoever drives the loop (``tick``).

The game's path (``path``) is the packed key (``Position.packed_key``) of
each position the game went through to reach the one on the table, oldest
first: a move adds the one it left, an undo takes the last one away (the
position it returns to). A resumed game's path starts where its undo
history starts. The hints stay off it (``game.play.search``).

Redo (``redo``) plays again what undo took back, newest first, through the
engine like any action (a redo is a ``Played``); any other action played
forgets what there was to redo, and so does a new start.

The clock counts play time, not time the program was open. It runs from
the first move until the game is won (an undo of the winning move starts
it again). Time stops while the window is hidden or has lost the focus
(``set_shown``), while a dialog covers the table (``set_covered``), and
once nobody has touched anything (``activity``, or a move) for ``IDLE_MS``:
the clock picks up again at the next touch. Each ``tick`` adds the time
since the previous one when the clock ran at both (so a window that
sleeps until the next touch adds nothing for its sleep), but at most
``MAX_TICK_MS``: a laptop that slept or a browser tab whose frames stopped
adds almost nothing. A window that sleeps between frames wakes at least
when the shown seconds change while the clock runs (``next_second_ms``)
and when the player is taken to have gone (``idle_at``), so the time is
exact.
"""

from __future__ import annotations

import secrets
from typing import Sequence

from ..engine import Action, Game, Move, Outcome, Position
from ..engine.position import packed
from ..engine.actions import DRAW, MOVE, UNDO
from .events import Ended, Events, Played, Refused, Started, Undone, Unwon, Won

MAX_TICK_MS = 1500  # a sleeping window ticks at least once a second while the clock runs; more is not play
IDLE_MS = 180_000  # three minutes without a touch: the player has gone


def new_identity() -> str:
    """A new game's identity: 16 hex digits from the system's randomness
    (no deal comes from it)."""
    return secrets.token_hex(8)


class Session:
    def __init__(self, events: Events | None = None) -> None:
        self.game: Game | None = None
        self.start_position: Position | None = None  # how it began (its deal code, or a set-up position)
        self.elapsed_ms = 0
        self.running = False  # the clock runs: a move was made and the game is not won
        self.counted = False  # its result is in the statistics
        self.identity: str | None = None  # which game it is (see the module's docstring)
        self.won_seen = False  # "won" was announced for this game
        self.shown = True  # the window is visible and has the focus
        self.covered = False  # a dialog covers the table
        self.last_tick: int | None = None
        self.last_touch: int | None = None  # None: the next tick counts as a touch
        self.redo_actions: list[Action] = []  # what undo took back, the next to redo last
        self.path: list[bytes] = []  # the positions this game went through to the one on the table (``path``)
        self.counting = False  # the clock ran at the last tick
        self.events = events if events is not None else Events()

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
              redo: Sequence[Action] = (), identity: str | None = None) -> None:
        """Put ``game`` on the table. A resumed game keeps its clock (and
        runs it if it was under way) and what there was to redo (``redo``,
        the next one last); a new one starts at zero and waits for the
        first move. ``identity``: the game's own (a resumed game's, from its
        save); by default a new one."""
        previous = (Ended(self.game, self.elapsed_ms, self.counted, self.identity)
                    if self.game is not None else None)
        self.game = game
        self.identity = identity if identity is not None else new_identity()
        self.start_position = game.position.copy()
        self.elapsed_ms, self.counted = elapsed_ms, counted
        self.won_seen = game.position.won
        self.running = resumed and self.in_progress
        self.last_touch = None
        self.redo_actions = list(redo) if resumed else []
        self.path = [packed(snapshot[0]) for snapshot, _ in game.history_snapshots()]
        self.events.emit(Started(game, previous, resumed))

    def adopt(self, game: Game, elapsed_ms: int, counted: bool = False, identity: str | None = None) -> None:
        """Hold ``game`` (the game ``identity``) without showing it or
        telling anyone: the saved game that a deal asked for on the command
        line replaces. The next ``start`` reports it as the previous game."""
        self.game, self.elapsed_ms, self.counted = game, elapsed_ms, counted
        self.identity = identity if identity is not None else new_identity()

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
        before = self.game.position.packed_key()
        outcome = self.game.play(action)
        if not outcome.ok:
            self.events.emit(Refused(outcome))
            return outcome
        self.last_touch = None
        if outcome.undone is not None:
            self.redo_actions.append(replay_of(outcome.undone))
            if self.path:
                self.path.pop()
        else:
            self.path.append(before)
            if not redoing:
                self.redo_actions = []
        won = self.won
        if action.kind != UNDO:
            self.running = not won
        self.events.emit(Undone(outcome) if outcome.undone is not None else Played(outcome))
        if won and not was_won and not self.won_seen:
            self.won_seen, self.running = True, False
            self.counted = True  # the statistics listen to "won": told once
            self.events.emit(Won(self.game))
        elif was_won and not won:
            self.running = True
            self.events.emit(Unwon(self.game))
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
        self.events.emit(Refused(outcome))

    # ---- the clock --------------------------------------------------------------------------

    def tick(self, now: int) -> None:
        """Time passes (``now`` in ms, from any steady clock): the time since
        the last tick counts when the clock ran at both."""
        if self.last_touch is None:
            self.last_touch = now
        last, self.last_tick = self.last_tick, now
        counting = self.clock_runs(now)
        was, self.counting = self.counting, counting
        if last is None or not (counting and was):
            return
        self.elapsed_ms += max(0, min(now - last, MAX_TICK_MS))

    def clock_runs(self, now: int) -> bool:
        """The play clock counts at ``now``: a game under way, the window
        shown and uncovered, and someone touched something lately."""
        touched = self.last_touch if self.last_touch is not None else now
        return self.running and self.shown and not self.covered and now - touched <= IDLE_MS

    def next_change_ms(self, now: int) -> int | None:
        """When the clock next needs a tick for what it shows to be right (a
        window that sleeps between frames wakes then): the next whole second
        of play time, or the moment the player is taken to have gone; None
        while the clock stands."""
        if not self.clock_runs(now):
            return None
        touched = self.last_touch if self.last_touch is not None else now
        return min(now + 1000 - self.elapsed_ms % 1000, touched + IDLE_MS)

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
