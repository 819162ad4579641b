"""Finish for me: an option, off by default (the game plays nothing by itself
unless the player asks, contract: "No automation").

With the option on, once the rest of the game is mechanical (``mechanical``)
and the search service (``game.play.search``) knows a proven line from the
position on the table, the window offers a Finish button; pressed, it plays
that line one action at a time, each through the session like any move
(counted, scored, undoable), the window gliding each before asking for the
next (``play_next``). Any action of the player's own stops it (the
application's ``play``, ``redo`` and an undo; the window also stops it at a
press or a key). The line is the service's plan: the one
a hint or the note found serves the Finish too, and while the Finish plays
it no search runs.

"Mechanical": in Easy Harp every card face up (no face-down card in a
column) and the stock and the waste used up: the stock's order is hidden
from the player and the solver reads it, so a Finish with cards still
there would play with what the player could not know; once both are used
up the end is in plain view. In Eight Off every column one run down in
suit (a card on the next higher of its suit): then each suit's next card
is always a column's top or in a cell, and the rest is only moves home
(no card is ever face down there, so "face up" would offer it from the deal).
"""

from __future__ import annotations

from ..engine import EASY_HARP, Position
from ..engine.cards import rank_of, suit_of
from ..persistence.settings import Settings
from .events import Events, SettingsChanged, Started, Undone
from .search import SearchService
from .session import Session


def mechanical(position: Position) -> bool:
    """The rest of the game is mechanical, so the Finish may be offered
    (see the module's note)."""
    if position.game == EASY_HARP:
        return not any(position.hidden) and not position.stock and not position.waste
    return all(one_suit_run(column) for column in position.columns)


def one_suit_run(column: list[int]) -> bool:
    """Each card of ``column`` lies on the next higher card of its suit."""
    return all(suit_of(upper) == suit_of(lower) and rank_of(upper) + 1 == rank_of(lower)
               for lower, upper in zip(column, column[1:]))


class FinishService:
    """What the Finish button shows and plays."""

    def __init__(self, session: Session, settings: Settings, search: SearchService, events: Events) -> None:
        self.session, self.settings, self.search = session, settings, search
        self.playing = False  # the Finish was pressed and has not stopped
        events.on(Undone, lambda undone: self.stop())
        events.on(Started, lambda started: self.stop())
        events.on(SettingsChanged, self.on_settings)

    # ---- what the window asks -------------------------------------------------------

    @property
    def line(self) -> list[str]:
        """The proven line from the position on the table (empty: none known)."""
        game = self.session.game
        if game is None:
            return []
        return self.search.line_from(game.position.packed_key()) or []

    @property
    def ready(self) -> bool:
        """The option is on, the rest is mechanical and a proven line from
        the position on the table is known."""
        game = self.session.game
        if not self.settings.finish_for_me or game is None or game.position.won or not mechanical(game.position):
            return False
        index = self.search.plan_keys.get(game.position.packed_key())
        return index is not None and index < len(self.search.plan)

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

    def play_next(self) -> None:
        """Play the line's next action through the session (the window hears
        it played and glides it, as any move); it stops when the line is
        done or no longer applies."""
        line = self.line
        if not (self.playing and self.ready and line):
            self.playing = False
            return
        outcome = self.session.play(line[0])
        if not outcome.ok:  # never expected: the line was proven from this very position
            self.search.forget_plan()
        if not self.ready:
            self.playing = False

    # ---- the table changes ---------------------------------------------------------------

    def on_settings(self, changed: SettingsChanged) -> None:
        if changed.name == "finish_for_me" and not self.settings.finish_for_me:
            self.playing = False
