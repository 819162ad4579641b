"""Hints and the "can this game still be won?" note, from the search service
(``game.play.search``).

A hint is one move: the next action of the proven line when the position
on the table is on it; otherwise the search of the position runs (the
player waits for it, ``HINT_SECONDS`` of search time at most: the command
line's hint searches as long by default) and its first move is the hint;
when it proves no win in that time, the most useful-looking legal move by
the rule of thumb in ``game.solver.heuristic`` (safe moves home, moves
that turn a face-down card, ...), said as a suggestion, or, when no move
stands out, that no sure win was found and no move stands out. A draw is
one card, never a run of draws. When the game is proven lost the hint says
so and, when an earlier position of this game is known to be winnable, how
many undos lead back to it (and marks the Undo button). Its marks go at
the next action (a move, a draw, an undo) or a new game. What the hints say
and mark is told as typed events (``HintSaid``, ``HintMarked``,
``UndoMarked``, ``MarksCleared``, ``VerdictChanged``); the table draws them
(``game.ui.table.hint_marks``).

Every "lost" the player sees is a proof: the lost sentences and the "Not
winnable" note come only from a search that ended ``unwinnable`` (or a
position remembered from one). A search that ran out of time is
``unknown``, and its words never say the game is lost; "no useful move
here" is said only where the engine allows no move at all.

Once a hint was asked for in a game, the search service ponders each new
position while the player thinks, so the next hint comes at once; before
that (and with the note off) nothing is searched after a move.
"""

from __future__ import annotations

from ..engine import Action, Game, Refusal
from ..engine.actions import DRAW
from ..engine.position import packed
from ..engine.rules import TURN
from ..persistence.settings import Settings
from ..solver import heuristic_action
from .events import (
    Events, HintMarked, HintSaid, MarksCleared, Played, SearchAnswered, SettingsChanged, Shown, Started, Undone,
    UndoMarked, Verdict, VerdictChanged,
)
from .search import Key, SearchService
from .session import Session


class HintService:
    """What the Hint button, the H key and the verdict note ask for."""

    def __init__(self, session: Session, settings: Settings, search: SearchService, events: Events) -> None:
        self.session, self.settings, self.search, self.events = session, settings, search, events
        self.verdict: Verdict | None = None  # what the note shows (None: nothing)
        self.shown: tuple[Key, str] | None = None  # (position key, action) the marks show
        events.on(Played, lambda played: self.on_change())
        events.on(Undone, lambda undone: self.on_change())
        events.on(Started, lambda started: self.on_new_game())
        events.on(SettingsChanged, lambda changed: self.on_change())
        events.on(SearchAnswered, self.answered)

    @property
    def game(self) -> Game:
        game = self.session.game
        if game is None:
            raise ValueError("no game has started")
        return game

    # ---- the player asks ------------------------------------------------------------

    def request(self) -> None:
        """H or the Hint button."""
        game = self.session.game
        if game is None:
            return
        if game.position.won:
            self.say("say.hint_won")
            return
        search = self.search
        key = game.position.packed_key()
        search.check_plan(key)
        index = search.plan_keys.get(key)
        if index is not None and self.show_hint(index):
            return
        if key in search.lost:
            self.say_lost()
            return
        if self.show_step_onto_plan():
            return
        if key in search.unknown:  # searched for the whole hint time already: the guess, at once
            self.show_guess()
            self.show_verdict("unknown")
            return
        search.ask_hint()
        self.say("say.hint_thinking", banner=False)
        self.show_verdict()

    def show_step_onto_plan(self) -> bool:
        """The hint from a position one action off the plan, if there is one."""
        step = self.search.step_onto_plan()
        if step is None or not self.show_move(step[0], "say.hint"):
            return False
        self.search.winnable.add(self.game.position.packed_key())
        self.show_verdict("winnable")
        return True

    # ---- the search answers -----------------------------------------------------------

    def answered(self, answer: SearchAnswered) -> None:
        game = self.session.game
        if game is None or game.position.packed_key() != answer.key:
            return
        if answer.hinted:
            index = self.search.plan_keys.get(answer.key)
            shown = answer.verdict == "winnable" and index is not None and self.show_hint(index)
            if answer.verdict == "unwinnable":
                self.say_lost()
            elif not shown:
                self.show_guess()
        was = self.verdict
        self.show_verdict(answer.verdict)
        if was != "unwinnable" and self.verdict == "unwinnable" and not answer.hinted:
            self.say("say.now_unwinnable", banner=False)

    # ---- the table changes ------------------------------------------------------------------

    def on_change(self) -> None:
        """A move, an undo or a changed option: the marks belong to the table as it was."""
        self.clear_marks()
        self.refresh_verdict()

    def on_new_game(self) -> None:
        self.clear_marks()
        self.verdict = None
        self.refresh_verdict()

    def refresh_verdict(self) -> None:
        """The note for the position on the table, from what is known."""
        game = self.session.game
        if game is None or game.position.won:
            self.show_verdict(None)
            return
        known = self.search.known(game.position.packed_key())
        if known is None and self.search.step_onto_plan() is not None:
            known = "winnable"  # one move off the line: its hint needs no search
        self.show_verdict(known)

    # ---- telling ---------------------------------------------------------------------------

    @property
    def shown_verdict(self) -> Shown | None:
        """What the verdict note shows: thinking while a search of the table
        runs for the note or a hint (not while it only ponders), else the verdict."""
        search = self.search
        if search.thinking and (search.awaiting_hint or self.settings.show_winnable):
            return "thinking"
        return self.verdict

    def show_verdict(self, verdict: Verdict | None = None) -> None:
        self.verdict = verdict if self.settings.show_winnable else None
        self.events.emit(VerdictChanged(self.shown_verdict))

    def say(self, key: str, banner: bool = True, count: int | None = None) -> None:
        self.events.emit(HintSaid(key, count=count, banner=banner))

    def show_hint(self, index: int) -> bool:
        """Show and say step ``index`` of the plan; False if it no longer
        applies. A draw (Easy Harp) is shown with the draws that follow it
        and the move they lead to (``show_draws``): a player told "draw"
        a hundred times in a row learns nothing."""
        plan = self.search.plan
        if Action.parse(plan[index]).kind == DRAW:
            then = next((i for i in range(index, len(plan)) if Action.parse(plan[i]).kind != DRAW), None)
            if then is not None and self.show_draws(index, then):
                self.show_verdict("winnable")
                return True
        if not self.show_move(plan[index], "say.hint"):
            self.search.forget_plan()
            return False
        self.show_verdict("winnable")
        return True

    def show_draws(self, index: int, then: int) -> bool:
        """Mark the stock and the place the plan's move ``then`` goes to, and
        say how many draws (``then - index``, turning the waste over among
        them) bring its card up; False if the plan no longer applies here."""
        plan, game = self.search.plan, self.game
        ahead = Game(game.position.copy())
        turns = 0
        for action in plan[index:then]:
            outcome = ahead.play(action)
            if not outcome.ok or outcome.move is None:
                return False
            turns += outcome.move.kind == TURN
        draw, move = game.check(Action.parse(plan[index])), ahead.check(Action.parse(plan[then]))
        if isinstance(draw, Refusal) or isinstance(move, Refusal):
            return False
        self.clear_marks()
        self.shown = (game.position.packed_key(), plan[index])
        count = then - index
        self.events.emit(HintMarked(plan[index], draw, draws=count, then=move))
        self.events.emit(HintSaid("say.hint_draws_turn" if turns else "say.hint_draws", move=move, count=count))
        return True

    def show_guess(self) -> None:
        """No win proven in time: the most useful-looking move, said as a
        suggestion. That is no proof of a loss, so when no move stands out
        the words say only that (``say.hint_no_guess``); "no useful move
        here" (``say.hint_no_move``) is kept for a position where the engine
        allows no move at all."""
        game = self.game
        action = heuristic_action(game.position, self.session.path)
        if action is not None and self.show_move(action, "say.hint_guess"):
            return
        self.say("say.hint_no_guess" if game.legal_actions() else "say.hint_no_move")

    def show_move(self, action: str, key: str) -> bool:
        """Mark one action on the table and say it (``key``: the sentence
        around the move's words); False if the engine refuses it here."""
        move = self.game.check(Action.parse(action))
        if isinstance(move, Refusal):
            return False
        self.clear_marks()
        self.shown = (self.game.position.packed_key(), action)
        self.events.emit(HintMarked(action, move))
        self.events.emit(HintSaid(key, move=move))
        return True

    def say_lost(self) -> None:
        """Proven lost: say so, and offer the way back when an earlier
        position of this game is known to be winnable (the Undo button is marked)."""
        history = self.game.history_snapshots()
        winnable = self.search.winnable
        back = next((n for n, (snapshot, _) in enumerate(reversed(history), 1) if packed(snapshot[0]) in winnable),
                    None)
        self.clear_marks()
        if back is None:
            self.say("say.hint_unwinnable")
            return
        self.say("say.hint_lost_undo", count=back)
        self.events.emit(UndoMarked())

    def clear_marks(self) -> None:
        self.shown = None
        self.events.emit(MarksCleared())
