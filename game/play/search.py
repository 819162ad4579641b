"""The one search service: what the solver knows of this deal, and the one
search that may run for it.

The hint, the "can still be won" note and Finish for me all ask here; a
proven line found once serves all three. No threads (the browser has
none): the search is a background task (``game.play.tasks``) that runs a
few milliseconds of ``SolverTask`` each frame, so the table keeps
answering while it thinks.

**What is known.** A solution is kept as a *plan*: the position before
each of its actions (``plan_keys``, learnt by replaying it through the
engine a few hundred actions a frame, ``PlanLearner``). While the table
stands on one of those positions (the player followed the hint, took
moves back to one, or the Finish plays it), the plan's next action is the
hint, the note says winnable and the Finish plays on, all without a new
search. A proven loss is remembered (``lost``), and so is a position
whose search used its whole time without a proof (``unknown``: the same
search would find none again). Every "lost" the player sees comes from a
search that ended ``unwinnable``: a search that ran out of time is
``unknown``.

**When it thinks.** Only when it serves the player (``wanted``): a hint
was asked for in this game (it then ponders each new position while the
player thinks, so the next hint comes at once), the note is on, or Finish
for me is on and the rest of the game is mechanical (``finish.mechanical``).
Otherwise nothing runs after a move. Under a dialog only a search somebody
waits for runs (a hint, the note, the Finish); while the window or the
page's tab is hidden nothing runs at all (``set_shown``): the search waits,
its work kept. A search that has its answer stops; its tables are then
freed a slice at a time by the same task, with the cyclic collector held
off until they are gone (``game.solver.CollectorHold``, owned by the task
runner). Every search of a position is the same search, with the hint's
time (``HINT_SECONDS``), so which client asked first changes when it runs,
never what it finds.

While nothing moves on the table a search may take ``IDLE_SLICE_MS`` of a
frame, and ``WAITING_SLICE_MS`` while the player waits for a hint; while
cards glide or are dragged it takes only the runner's share, and a search
nobody waits for takes none.

Easy Harp: the solver sees the face-down cards and the order of the
stock, which the player can't (the FAQ says so).
"""

from __future__ import annotations

import time
from typing import Callable

from ..engine import Game, Position, Refusal
from ..persistence.settings import Settings
from ..solver import HINT_SECONDS, UNWINNABLE, WINNABLE, SolverTask, free_tables, prepare
from .events import Events, Played, SearchAnswered, SettingsChanged, Started, Undone, Verdict
from .session import Session
from .tasks import Tasks

Key = bytes  # a position's key, packed (``Position.packed_key``: a table of them costs the collector nothing)

IDLE_SLICE_MS = 8  # while nothing moves on the table a search may use this much of a frame
# ... and this much while the player waits for a hint (a 60 fps frame is 16.7 ms; a still
# table draws next to nothing)
WAITING_SLICE_MS = 12


class Solve:
    """One solve of one position, as a background task: it searches in
    slices, and once it has ended (or was cancelled) it frees its tables,
    a slice at a time, before it leaves the runner."""

    searching = True  # the runner holds the cyclic collector off while it steps

    def __init__(self, service: SearchService, position: Position, seconds: float, avoid: tuple[Key, ...] = ()) -> None:
        self.service = service
        self.start = position.copy()
        self.key: Key = self.start.packed_key()
        self.avoid = avoid  # the game's path: a line should stay off it
        self.task = SolverTask(self.start.copy(), seconds=seconds, avoid=avoid)
        self.slices = 0

    @property
    def ready(self) -> bool:
        """It wants frames now: not while the window is hidden."""
        return self.service.shown or self.task.done

    def step(self, budget_ms: float) -> bool:
        """A slice of search, or of freeing its tables once it has ended;
        False when both are done."""
        if self.task.done:
            return free_tables(budget_ms / 1000)
        budget = self.service.slice_ms(budget_ms)
        if budget is None:
            return True  # cards glide or are dragged, and nobody waits: the frame is theirs
        self.slices += 1
        if self.task.step(budget / 1000):
            self.service.finished(self)
        return True

    def cancel(self) -> None:
        self.task.cancel()


class PlanLearner:
    """Replays a solution through the engine, noting the position before
    each action (``service.plan_keys``), for about the slice it is given
    (at least ``AT_ONCE`` actions, looking at the clock every ``LOOK``)."""

    AT_ONCE = 8  # a slice learns at least this many (the hint shows the first at once)
    LOOK = 16  # actions between two looks at the clock
    searching = False
    ready = True

    def __init__(self, service: SearchService, start: Position) -> None:
        self.service = service
        self.game = Game(start.copy())
        self.index = 0

    def step(self, budget_ms: float) -> bool:
        service = self.service
        plan, keys = service.plan, service.plan_keys
        deadline = time.perf_counter() + budget_ms / 1000
        done = 0
        while self.index < len(plan):
            key = self.game.position.packed_key()
            keys.setdefault(key, self.index)
            service.winnable.add(key)
            if not self.game.play(plan[self.index]).ok:
                self.index = len(plan)  # a solution that doesn't replay is not used past this point
                break
            self.index += 1
            done += 1
            if done >= self.AT_ONCE and done % self.LOOK == 0 and time.perf_counter() >= deadline:
                break
        more = self.index < len(plan)
        if not more and service.learner is self:
            service.learner = None
            service.learned()
        return more


class SearchService:
    """What the solver knows of the deal on the table, and its one search."""

    def __init__(self, session: Session, settings: Settings, tasks: Tasks, events: Events,
                 mechanical: Callable[[Position], bool]) -> None:
        self.session, self.settings, self.tasks, self.events = session, settings, tasks, events
        self.mechanical = mechanical  # the Finish could be offered here (``finish.mechanical``)
        self.running: Solve | None = None  # the search of one position, until it has its answer
        self.plan: list[str] = []
        self.plan_keys: dict[Key, int] = {}  # position key -> index of its next action in ``plan``
        self.plan_base: frozenset[Key] = frozenset()  # the game's path when the plan was found (``check_plan``)
        self.winnable: set[Key] = set()  # every position of this deal known to be winnable
        self.lost: set[Key] = set()  # positions proven unwinnable
        self.unknown: set[Key] = set()  # positions searched for the whole hint time without a proof
        self.learner: PlanLearner | None = None
        self.hint_asked = False  # a hint was asked for in this game: ponder each new position
        self.awaiting_hint = False  # the player waits for the running search's hint
        self.covered = False  # a dialog covers the table
        self.shown = True  # the window (or the page's tab) is visible
        events.on(Started, self.on_started)
        events.on(Played, lambda played: self.refresh())
        events.on(Undone, lambda undone: self.refresh())
        events.on(SettingsChanged, lambda changed: self.refresh())

    # ---- what is known ------------------------------------------------------------------

    def known(self, key: Key) -> Verdict | None:
        """What is known of the position ``key`` without searching (None: nothing)."""
        if key in self.plan_keys:
            return "winnable"
        if key in self.lost:
            return "unwinnable"
        if key in self.unknown:
            return "unknown"
        return None

    def check_plan(self, key: Key) -> None:
        """Forget the plan when the position ``key`` is on it but the rest of
        it would go back to a position the game went through since the plan
        was found (the player left the line and came back to it further on):
        a new search then finds a line that stays off the game's path. A
        plan found when no line could stay off the path (``plan_base``: the
        path then) may go through that path."""
        index = self.plan_keys.get(key)
        if index is None:
            return
        keys, base = self.plan_keys, self.plan_base
        if any(keys.get(been, -1) > index and been not in base for been in self.session.path):
            self.forget_plan()

    def line_from(self, key: Key) -> list[str] | None:
        """The rest of the proven line from the position ``key`` (None: it
        is not on the plan)."""
        index = self.plan_keys.get(key)
        return None if index is None else self.plan[index:]

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
        been = set(self.session.path)
        best: tuple[str, int] | None = None
        for action in game.legal_actions():
            move = rules.resolve(here, action)
            if isinstance(move, Refusal):
                continue
            after = here.copy()
            rules.apply(after, move)
            key = after.packed_key()
            index = self.plan_keys.get(key)
            if index is not None and key not in been and (best is None or index > best[1]):
                best = (str(action), index)
        return best

    @property
    def thinking(self) -> bool:
        """A search of the position on the table is under way."""
        game = self.session.game
        return self.running is not None and game is not None and self.running.key == game.position.packed_key()

    @property
    def awaited(self) -> bool:
        """Somebody waits for the running search: a hint asked for, the
        note, or the Finish (a search only for the next hint ponders)."""
        game = self.session.game
        return (self.awaiting_hint or self.settings.show_winnable
                or (self.settings.finish_for_me and game is not None and self.mechanical(game.position)))

    def wanted(self) -> bool:
        """A search of the position on the table would serve the player."""
        return self.awaited or (self.hint_asked and not self.covered)

    # ---- asking -------------------------------------------------------------------------

    def ask_hint(self) -> None:
        """The player waits for a hint of the position on the table: its
        search runs (or goes on) at the waiting pace."""
        self.hint_asked = self.awaiting_hint = True
        self.refresh()

    def refresh(self) -> None:
        """The table changed (or a setting, the cover, the visibility): stop
        a search of a position no longer on the table, and start the search
        of the one on it when nothing is known of it and it would serve."""
        game = self.session.game
        if game is None or game.position.won:
            self.awaiting_hint = False
            self.cancel()
            return
        key = game.position.packed_key()
        if self.running is not None and self.running.key != key:
            self.awaiting_hint = False  # the hint waited for a position that is gone
            self.cancel()
        if self.running is not None:
            if not self.wanted():
                self.cancel()
            return
        self.check_plan(key)
        if self.learner is not None and key not in self.plan_keys:
            return  # the line is still being learnt, this position may be on it: ``learned`` looks again
        if self.known(key) is None and self.step_onto_plan() is None and self.wanted():
            self.running = Solve(self, game.position, HINT_SECONDS, tuple(self.session.path))
            self.tasks.add(self.running)

    def cancel(self) -> None:
        """Drop the running search (its task stays on to free its tables)."""
        if self.running is not None:
            self.running.cancel()
            self.running = None

    def set_covered(self, covered: bool) -> None:
        """A dialog covers the table (True) or the last one closed."""
        self.covered = covered
        self.refresh()

    def set_shown(self, shown: bool) -> None:
        """The window or the page's tab was hidden (False) or came back: a
        hidden window searches nothing (the search waits, its work kept)."""
        self.shown = shown

    def slice_ms(self, share_ms: float) -> float | None:
        """How long the running search may step this frame (None: not at
        all): the runner's share, and more while nothing moves on the table."""
        idle = self.tasks.idle
        if not self.awaited and not self.awaiting_hint:
            return max(share_ms, IDLE_SLICE_MS) if idle else None
        if idle:
            return max(share_ms, WAITING_SLICE_MS if self.awaiting_hint else IDLE_SLICE_MS)
        return share_ms

    # ---- the search answers ---------------------------------------------------------------

    def finished(self, solve: Solve) -> None:
        if solve is not self.running:
            return
        self.running = None
        result = solve.task.result
        if result is None:
            return
        verdict: Verdict = "unknown"
        if result.result == WINNABLE:
            verdict = "winnable"
            self.learn_plan(solve.start, result.actions, solve.avoid)
        elif result.result == UNWINNABLE:
            verdict = "unwinnable"
            self.lost.add(solve.key)
        else:
            self.unknown.add(solve.key)
        hinted, self.awaiting_hint = self.awaiting_hint, False
        self.events.emit(SearchAnswered(solve.key, verdict, hinted))

    def learn_plan(self, start: Position, actions: list[str], path: tuple[Key, ...] = ()) -> None:
        """Keep a solution: the position before each of its actions. The
        first steps are learnt at once (the hint shows the first one); the
        rest is replayed in the background, a few hundred actions a frame."""
        self.forget_plan()
        self.plan, self.plan_base = list(actions), frozenset(path)
        self.winnable.add(start.packed_key())
        learner = PlanLearner(self, start)
        if learner.step(0):  # the rest in the background (``learned`` once it is all learnt)
            self.learner = learner
            self.tasks.add(learner)

    def learned(self) -> None:
        """The whole plan is learnt: a hint waited for it when the position
        on the table is on it; otherwise what is still unknown is searched."""
        game = self.session.game
        if game is None:
            return
        key = game.position.packed_key()
        self.check_plan(key)
        if self.awaiting_hint and self.running is None and key in self.plan_keys:
            self.awaiting_hint = False
            self.events.emit(SearchAnswered(key, "winnable", True))
            return
        self.refresh()

    def forget_plan(self) -> None:
        """The plan no longer applies (its next action was refused, or the
        rest of it goes back where the game has been: ``check_plan``)."""
        if self.learner is not None:
            self.tasks.cancel(self.learner)
            self.learner = None
        self.plan, self.plan_keys = [], {}

    def on_started(self, started: Started) -> None:
        """A new game: nothing is known of it, and no hint was asked yet.
        Its solver is loaded now, with the deal, not in a search's slice."""
        prepare(started.game.position.game)
        self.cancel()
        self.forget_plan()
        self.lost, self.winnable, self.unknown = set(), set(), set()
        self.hint_asked = self.awaiting_hint = False
        self.refresh()
