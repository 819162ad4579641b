"""Hints and "can this game still be won?": the solver inside the loop.

No threads (the browser has none): a search is a background task
(``game.play.tasks``) that runs a few milliseconds of ``SolverTask`` each
frame, so the table keeps answering while it thinks. Any move cancels it; a hint search also stops
after ``HINT_SECONDS`` of search time (``game.solver.api``: the command
line's hint searches as long by default).

A hint is one move: the first move of a proven win when the search finds
one; otherwise the most useful-looking legal move by the rule of thumb in
``game.solver.heuristic`` (safe moves home, moves that turn a face-down
card, ...), said as a suggestion, or, when no move stands out, that no
sure win was found and no move stands out. A draw is one card, never a
run of draws. When the game is proven lost the hint says so and, when an
earlier position of this game is known to be winnable, how many undos
lead back to it (and marks the Undo button). Its marks go at the next
action (a move, a draw, an undo) or a new game. What the hints say and
mark is told as typed events (``game.play.events``: ``HintSaid``,
``HintMarked``, ``UndoMarked``, ``MarksCleared``, ``VerdictChanged``); the
table draws them (``game.ui.table.hint_marks``).

Every "lost" the player sees is a proof: the lost sentences and the "Not
winnable" note come only from a search that ended ``unwinnable`` (or a
position remembered from one). A search that ran out of time is
``unknown``, and its words never say the game is lost; "no useful move
here" is said only where the engine allows no move at all.

A solution found once is kept as a *plan*: the position before each of
its actions. While the table stands on one of those positions (the player
followed the hint, or took moves back to one), the next hint and the
verdict come from the plan without searching again; so do they one move
off it, where one legal move leads onto the plan (the player played a
later move of the line first): that move is the hint. A proven loss is
remembered the same way, and so is a position whose search used its whole
time without a proof (its hint is the guess, at once).

The solver ponders: after every move, undo, redo and new game it starts
the search of the new position in the background, while the player
thinks (``Search``, in the slices of frames where nothing moves on the
table; none while a dialog covers the table: a dialog that opens cancels
it, one that closes starts it again). It is the very search a hint would
start there, with the hint's time (``HINT_SECONDS``), so pondering changes
when a search runs, never what it finds: a hint asked for while it runs
takes it over, and one asked for after it ended answers at once from what
it found. Once it has ended, nothing runs until the next move. While the
player waits for a hint and nothing moves, its slices take most of a
frame (``WAITING_SLICE_MS``).

Easy Harp: the solver sees the face-down cards and the order of the
stock, which the player can't (the FAQ says so).
"""

from __future__ import annotations

from ..engine import Action, Game, Outcome, Position, Refusal
from ..persistence.settings import Settings
from ..session import Session, Start
from ..solver import HINT_SECONDS, UNWINNABLE, WINNABLE, SolverTask
from ..solver.heuristic import heuristic_action
from ..solver.search import sweep
from .events import (
    VERDICTS, Events, HintMarked, HintSaid, MarksCleared, SettingsChanged, Shown, UndoMarked, Verdict, VerdictChanged,
)
from .tasks import Tasks

# HINT_SECONDS (game.solver.api, the command line's hint default too): search time,
# summed over the frames' slices, before a hint gives up on a proof and guesses. Every
# search of a position (pondering, the "still winnable?" verdict, a hint) is one and the
# same search with this time: whichever asks first starts it, the others read its answer.
IDLE_SLICE_MS = 8  # while nothing moves on the table a search may use this much of a frame
# ... and this much while the player waits for a hint (a 60 fps frame is 16.7 ms; a still
# table draws next to nothing)
WAITING_SLICE_MS = 12


class Search:
    """One solve of one position, as a background task (``step(budget_ms)``)."""

    searching = True  # the runner holds the collector off while it steps

    def __init__(self, helper: HintService, game: Game, seconds: float) -> None:
        self.helper = helper
        self.start = game.position.copy()
        self.key = self.start.key()
        self.task = SolverTask(self.start.copy(), seconds=seconds)
        self.slices = 0

    def step(self, budget_ms: float) -> bool:
        """Search a slice; False once done (the helper is told). Pondering
        (nobody waits for the answer yet) waits for frames where nothing
        moves on the table."""
        if self.task.done:
            return False
        helper = self.helper
        idle = helper.tasks.idle  # nothing moves on the table
        if not helper.awaited:
            if not idle:
                return True  # cards glide or are dragged: the frame is theirs
            budget_ms = max(budget_ms, IDLE_SLICE_MS)
        elif idle:
            budget_ms = max(budget_ms, WAITING_SLICE_MS if helper.want_hint else IDLE_SLICE_MS)
        self.slices += 1
        done = self.task.step(budget_ms / 1000)
        if done:
            self.helper.finished(self)
        return not done

    def cancel(self) -> None:
        self.task.cancel()


class Sweeper:
    """Frees the tables of searches that have ended (a three-second search
    keeps tens of thousands of states) a slice at a time, as a background task,
    instead of all at once in the frame of the move that cancelled the
    search (``game.solver.search.sweep``)."""

    searching = True  # the collector stays off until the tables are gone

    def __init__(self) -> None:
        self.queued = False

    def step(self, budget_ms: float) -> bool:
        self.queued = sweep(budget_ms / 1000)
        return self.queued


class PlanLearner:
    """Replays a solution through the engine, noting the position before
    each action (``helper.plan_keys``), ``PER_STEP`` actions at a time."""

    PER_STEP = 150
    searching = False

    def __init__(self, helper: HintService, start: Position) -> None:
        self.helper = helper
        self.game = Game(start.copy())
        self.index = 0

    def step(self, budget_ms: float) -> bool:
        helper = self.helper
        plan, keys = helper.plan, helper.plan_keys
        end = min(len(plan), self.index + self.PER_STEP)
        while self.index < end:
            key = self.game.position.key()
            keys.setdefault(key, self.index)
            helper.winnable.add(key)
            if not self.game.play(plan[self.index]).ok:
                self.index = len(plan)  # a solution that doesn't replay is not used past this point
                break
            self.index += 1
        more = self.index < len(plan)
        if not more and helper.learner is self:
            helper.learner = None
        return more


class HintService:
    """What the Hint button, the H key and the verdict option ask for."""

    def __init__(self, session: Session, settings: Settings, tasks: Tasks, events: Events) -> None:
        self.session, self.settings, self.tasks, self.events = session, settings, tasks, events
        self.search: Search | None = None
        self.want_hint = False  # the player asked; the running search answers
        self.plan: list[str] = []
        self.plan_keys: dict[tuple, int] = {}  # position key -> index of its next action in ``plan``
        self.winnable: set[tuple] = set()  # every position of this deal known to be winnable
        self.lost: set[tuple] = set()  # positions proven unwinnable
        self.unknown: set[tuple] = set()  # positions searched for the whole hint time without a proof
        self.verdict: Verdict | None = None  # what the status shows (None: nothing)
        self.shown: tuple[tuple, str] | None = None  # (position key, action) the marks show
        self.learner: PlanLearner | None = None
        self.sweeper = Sweeper()
        session.events.played.connect(self.on_action)
        session.events.undone.connect(self.on_action)
        session.events.started.connect(self.on_new_game)
        events.on(SettingsChanged, self.on_settings)

    @property
    def game(self) -> Game:
        game = self.session.game
        if game is None:
            raise ValueError("no game has started")
        return game

    @property
    def thinking(self) -> bool:
        return self.search is not None

    @property
    def awaited(self) -> bool:
        """Someone waits for the running search's answer: a hint asked for,
        or the verdict note (the option on). Otherwise it ponders."""
        return self.want_hint or self.settings.show_winnable

    def known(self, key: tuple) -> Verdict | None:
        """What is known of the position ``key`` without searching (None: nothing)."""
        if key in self.plan_keys:
            return "winnable"
        if key in self.lost:
            return "unwinnable"
        if key in self.unknown:
            return "unknown"
        return None

    # ---- the player asks ------------------------------------------------------------

    def request(self) -> None:
        """H or the Hint button."""
        game = self.session.game
        if game is None:
            return
        if game.position.won:
            self.say("say.hint_won")
            return
        key = game.position.key()
        if key in self.plan_keys and self.show_hint(self.plan_keys[key]):
            return
        if key in self.lost:
            self.say_lost()
            return
        if self.show_step_onto_plan():
            return
        if key in self.unknown:  # searched for the whole hint time already: the guess, at once
            self.show_guess()
            self.show_verdict("unknown")
            return
        self.want_hint = True
        if self.search is None or self.search.key != key:
            self.start_search(HINT_SECONDS)
        self.say("say.hint_thinking", banner=False)
        self.show_verdict()

    def step_onto_plan(self) -> tuple[str, int] | None:
        """A legal action of the position on the table that leads on to a
        position of the plan (the player played a later action of the line
        first), and that position's index in the plan: the one furthest
        along when several do. Never back to a position this game has
        been in already (taking a move back is what Undo is for)."""
        game = self.session.game
        if game is None or not self.plan_keys:
            return None
        rules, here = game.rules, game.position
        been = {snapshot[0] for snapshot, _ in game.history_snapshots()}
        best: tuple[str, int] | None = None
        for action in game.legal_actions():
            move = rules.resolve(here, action)
            if isinstance(move, Refusal):
                continue
            after = here.copy()
            rules.apply(after, move)
            key = after.key()
            index = self.plan_keys.get(key)
            if index is not None and key not in been and (best is None or index > best[1]):
                best = (str(action), index)
        return best

    def show_step_onto_plan(self) -> bool:
        """The hint from a position one action off the plan, if there is one."""
        step = self.step_onto_plan()
        if step is None or not self.show_move(step[0], "say.hint"):
            return False
        self.winnable.add(self.game.position.key())
        self.show_verdict("winnable")
        return True

    def start_search(self, seconds: float) -> None:
        self.cancel_search()
        self.search = Search(self, self.game, seconds)
        self.tasks.add(self.search)

    def cancel_search(self) -> None:
        if self.search is not None:
            self.search.cancel()
            self.tasks.cancel(self.search)
            self.search = None
            self.sweep_later()

    def sweep_later(self) -> None:
        """The ended search's tables: freed in the next frames' tasks."""
        if not self.sweeper.queued:
            self.sweeper.queued = True
            self.tasks.add(self.sweeper)

    # ---- the search answers -----------------------------------------------------------

    def finished(self, search: Search) -> None:
        self.sweep_later()
        if search is not self.search:
            return
        self.search = None
        result = search.task.result
        if result is None:
            return
        if result.result == WINNABLE:
            self.learn_plan(search.start, result.actions)
        elif result.result == UNWINNABLE:
            self.lost.add(search.key)
        else:  # its whole time without a proof: the same search would find none again
            self.unknown.add(search.key)
        on_table = self.session.game is not None and self.session.game.position.key() == search.key
        if not on_table:
            return
        hinted = self.want_hint
        if hinted:
            self.want_hint = False
            shown = result.result == WINNABLE and search.key in self.plan_keys and self.show_hint(self.plan_keys[search.key])
            if result.result == UNWINNABLE:
                self.say_lost()
            elif not shown:
                self.show_guess()
        was = self.verdict
        self.show_verdict(VERDICTS[result.result])
        if was != UNWINNABLE and self.verdict == UNWINNABLE and not hinted:
            self.say("say.now_unwinnable", banner=False)

    def learn_plan(self, start: Position, actions: list[str]) -> None:
        """Keep a solution: the position before each of its actions. The
        first steps are learnt at once (the hint shows the first one); the
        rest is replayed in the background, a few hundred actions a frame."""
        if self.learner is not None:
            self.tasks.cancel(self.learner)
        self.plan, self.plan_keys = list(actions), {}
        self.winnable.add(start.key())
        self.learner = PlanLearner(self, start)
        if self.learner.step(0):
            self.tasks.add(self.learner)
        else:
            self.learner = None

    # ---- the table changes ------------------------------------------------------------------

    def on_action(self, outcome: Outcome) -> None:
        self.want_hint = False
        self.cancel_search()
        self.clear_marks()
        self.refresh_verdict()

    def on_new_game(self, start: Start) -> None:
        self.want_hint = False
        self.cancel_search()
        if self.learner is not None:
            self.tasks.cancel(self.learner)
            self.learner = None
        self.plan, self.plan_keys, self.lost, self.winnable, self.unknown = [], {}, set(), set(), set()
        self.clear_marks()
        self.verdict = None
        self.refresh_verdict()

    def on_settings(self, changed: SettingsChanged) -> None:
        self.clear_marks()  # an option changed: the marks belong to the table as it was
        self.refresh_verdict()

    def set_covered(self, covered: bool) -> None:
        """A dialog opened over the table (True) or the last one closed: the
        pondering stops while one is open, and starts again after."""
        if covered and self.search is not None and not self.awaited:
            self.cancel_search()
        elif not covered:
            self.refresh_verdict()

    def refresh_verdict(self) -> None:
        """The position on the table is new (or the option or the cover
        changed): the verdict from what is known, and when nothing is, the
        search of this position, unless it runs already or a dialog covers
        the table (pondering: the option off, nobody waits for it)."""
        game = self.session.game
        if game is None or game.position.won:
            self.show_verdict(None)
            return
        key = game.position.key()
        known = self.known(key)
        if known is None and self.step_onto_plan() is not None:
            known = "winnable"  # one move off the line: its hint needs no search
        if known is None and (self.search is None or self.search.key != key):
            if self.awaited or not self.session.covered:
                self.start_search(HINT_SECONDS)
        self.show_verdict(known)

    # ---- telling ---------------------------------------------------------------------------

    @property
    def shown_verdict(self) -> Shown | None:
        """What the verdict note shows: thinking while a search runs for
        the option or a hint (not while it only ponders), else the verdict."""
        return "thinking" if self.search is not None and self.awaited else self.verdict

    def show_verdict(self, verdict: Verdict | None = None) -> None:
        self.verdict = verdict if self.settings.show_winnable else None
        self.events.emit(VerdictChanged(self.shown_verdict))

    def say(self, key: str, banner: bool = True, count: int | None = None) -> None:
        self.events.emit(HintSaid(key, count=count, banner=banner))

    def show_hint(self, index: int) -> bool:
        """Show and say step ``index`` of the plan; False if it no longer applies."""
        if not self.show_move(self.plan[index], "say.hint"):
            self.plan, self.plan_keys = [], {}
            return False
        self.show_verdict("winnable")
        return True

    def show_guess(self) -> None:
        """No win proven in time: the most useful-looking move, said as a
        suggestion. That is no proof of a loss, so when no move stands out
        the words say only that (``say.hint_no_guess``); "no useful move
        here" (``say.hint_no_move``) is kept for a position where the engine
        allows no move at all."""
        game = self.game
        avoid = [snapshot[0] for snapshot, _ in game.history_snapshots()[-8:]]
        action = heuristic_action(game.position, avoid)
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
        self.shown = (self.game.position.key(), action)
        self.events.emit(HintMarked(action, move))
        self.events.emit(HintSaid(key, move=move))
        return True

    def say_lost(self) -> None:
        """Proven lost: say so, and offer the way back when an earlier
        position of this game is known to be winnable (the Undo button is marked)."""
        history = self.game.history_snapshots()
        back = next((n for n, (snapshot, _) in enumerate(reversed(history), 1) if snapshot[0] in self.winnable), None)
        self.clear_marks()
        if back is None:
            self.say("say.hint_unwinnable")
            return
        self.say("say.hint_lost_undo", count=back)
        self.events.emit(UndoMarked())

    def clear_marks(self) -> None:
        self.shown = None
        self.events.emit(MarksCleared())
