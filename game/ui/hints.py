"""Hints and "can this game still be won?": the solver inside the loop.

No threads (the browser has none): a search is an app task that runs a
few milliseconds of ``SolverTask`` each frame, so the table keeps
answering while it thinks. Any move cancels it; a hint search also stops
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
action (a move, a draw, an undo) or a new game.

Every "lost" the player sees is a proof: the lost sentences and the "Not
winnable" note come only from a search that ended ``unwinnable`` (or a
position remembered from one). A search that ran out of time is
``unknown``, and its words never say the game is lost; "no useful move
here" is said only where the engine allows no move at all.

A solution found once is kept as a *plan*: the position before each of
its actions. While the table stands on one of those positions (the player
followed the hint, or took moves back to one), the next hint and the
verdict come from the plan without searching again. A proven loss is
remembered the same way.

Easy Harp: the solver sees the face-down cards and the order of the
stock, which the player can't (the FAQ says so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..engine import Action, Game, Outcome, Pile, Refusal
from ..engine.actions import CELL, COLUMN, DRAW, FOUNDATION, STOCK, WASTE
from ..engine.rules import TURN
from ..i18n import translate
from ..solver import HINT_SECONDS, UNKNOWN, UNWINNABLE, WINNABLE, SolverTask
from ..solver.search import sweep
from ..solver.heuristic import heuristic_action
from .voice.words import move_words
from .drawing.layout import Box
from .table.hint_marks import ArrowSprite, HintMarkSprite, VerdictSprite

if TYPE_CHECKING:
    from ..session import Start
    from .scene import Host

# HINT_SECONDS (game.solver.api, the command line's hint default too): search time,
# summed over the frames' slices, before a hint gives up on a proof and guesses
STATUS_SECONDS = 3.0  # the same for the "still winnable?" verdict after a move
IDLE_SLICE_MS = 8  # while nothing moves on the table a search may use this much of a frame
THINKING = "thinking"

VERDICT_COLORS = {
    THINKING: (244, 190, 70),
    WINNABLE: (120, 230, 160),
    UNWINNABLE: (255, 128, 112),
    UNKNOWN: (190, 204, 196),
}


class Search:
    """One solve of one position, as an app task (``step(budget_ms)``)."""

    def __init__(self, helper: "SolverHelper", game: Game, seconds: float) -> None:
        self.helper = helper
        self.start = game.position.copy()
        self.key = self.start.key()
        self.task = SolverTask(self.start.copy(), seconds=seconds)
        self.slices = 0

    def step(self, budget_ms: float) -> bool:
        """Search a slice; False once done (the helper is told)."""
        if self.task.done:
            return False
        table = self.helper.app.table
        if not table.busy:
            budget_ms = max(budget_ms, IDLE_SLICE_MS)
        self.slices += 1
        done = self.task.step(budget_ms / 1000)
        if done:
            self.helper.finished(self)
        return not done

    def cancel(self) -> None:
        self.task.cancel()


class Sweeper:
    """Frees the tables of searches that have ended (a three-second search
    keeps tens of thousands of states) a slice at a time, as an app task,
    instead of all at once in the frame of the move that cancelled the
    search (``game.solver.search.sweep``)."""

    def __init__(self) -> None:
        self.queued = False

    def step(self, budget_ms: float) -> bool:
        self.queued = sweep(budget_ms / 1000)
        return self.queued


class PlanLearner:
    """Replays a solution through the engine, noting the position before
    each action (``helper.plan_keys``), ``PER_STEP`` actions at a time."""

    PER_STEP = 150

    def __init__(self, helper: "SolverHelper", start) -> None:
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


class SolverHelper:
    """What the Hint button, the H key and the verdict option ask for."""

    def __init__(self, app: "Host") -> None:
        self.app = app
        self.search: Search | None = None
        self.want_hint = False  # the player asked; the running search answers
        self.plan: list[str] = []
        self.plan_keys: dict[tuple, int] = {}  # position key -> index of its next action in ``plan``
        self.winnable: set[tuple] = set()  # every position of this deal known to be winnable
        self.lost: set[tuple] = set()  # positions proven unwinnable
        self.verdict: str | None = None  # what the status shows (None: nothing)
        self.marks: list[pygame.sprite.DirtySprite] = []
        self.shown: tuple[tuple, str] | None = None  # (position key, action) the marks show
        self.learner: PlanLearner | None = None
        self.sweeper = Sweeper()
        self.note = VerdictSprite()
        app.hint_provider = self.request
        self.session = app.session
        self.session.on("played", self.on_action)
        self.session.on("undone", self.on_action)
        self.session.on("started", self.on_new_game)
        app.on("settings", self.on_settings)

    @property
    def table(self):
        return self.app.table

    @property
    def thinking(self) -> bool:
        return self.search is not None

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
        self.want_hint = True
        if self.search is None or self.search.key != key:
            self.start_search(HINT_SECONDS)
        self.say("say.hint_thinking", banner=False)
        self.show_verdict()

    def start_search(self, seconds: float) -> None:
        self.cancel_search()
        self.search = Search(self, self.session.game, seconds)
        self.app.add_task(self.search)

    def cancel_search(self) -> None:
        if self.search is not None:
            self.search.cancel()
            self.app.cancel_task(self.search)
            self.search = None
            self.sweep_later()

    def sweep_later(self) -> None:
        """The ended search's tables: freed in the next frames' tasks."""
        if not self.sweeper.queued:
            self.sweeper.queued = True
            self.app.add_task(self.sweeper)

    # ---- the search answers -----------------------------------------------------------

    def finished(self, search: Search) -> None:
        self.sweep_later()
        if search is not self.search:
            return
        self.search = None
        result = search.task.result
        if result.result == WINNABLE:
            self.learn_plan(search.start, result.actions)
        elif result.result == UNWINNABLE:
            self.lost.add(search.key)
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
        self.show_verdict(result.result)
        if was != UNWINNABLE and self.verdict == UNWINNABLE and not hinted:
            self.say("say.now_unwinnable", banner=False)

    def learn_plan(self, start, actions: list[str]) -> None:
        """Keep a solution: the position before each of its actions. The
        first steps are learnt at once (the hint shows the first one); the
        rest is replayed in the background, a few hundred actions a frame."""
        if self.learner is not None:
            self.app.cancel_task(self.learner)
        self.plan, self.plan_keys = list(actions), {}
        self.winnable.add(start.key())
        self.learner = PlanLearner(self, start)
        if self.learner.step(0):
            self.app.add_task(self.learner)
        else:
            self.learner = None

    # ---- the table changes ------------------------------------------------------------------

    def on_action(self, outcome: Outcome) -> None:
        self.want_hint = False
        self.cancel_search()
        self.clear_marks()
        self.refresh_verdict()

    def on_new_game(self, start: "Start") -> None:
        self.want_hint = False
        self.cancel_search()
        if self.learner is not None:
            self.app.cancel_task(self.learner)
            self.learner = None
        self.plan, self.plan_keys, self.lost, self.winnable = [], {}, set(), set()
        self.clear_marks()
        self.verdict = None
        self.refresh_verdict()

    def on_settings(self, settings) -> None:
        # the layout may have changed (large cards, left-handed): put the marks and the note back
        if self.shown is not None and self.session.game is not None:
            key, action = self.shown
            if key == self.session.game.position.key():
                self.show_marks(action)
        if settings.show_winnable and self.verdict is None:
            self.refresh_verdict()
        elif not settings.show_winnable and self.search is not None and not self.want_hint:
            self.cancel_search()
        self.show_verdict(self.verdict)

    def refresh_verdict(self) -> None:
        """After a move: the verdict for the new position (from what is
        known, or a new search) when the option is on."""
        game = self.session.game
        if game is None or not self.app.settings.show_winnable or game.position.won:
            self.show_verdict(None)
            return
        key = game.position.key()
        if self.search is not None and self.search.key == key:
            self.show_verdict(None)  # already thinking about this very position
        elif key in self.plan_keys:
            self.show_verdict(WINNABLE)
        elif key in self.lost:
            self.show_verdict(UNWINNABLE)
        else:
            self.start_search(STATUS_SECONDS)
            self.show_verdict(None)

    # ---- showing ---------------------------------------------------------------------------

    def show_verdict(self, verdict: str | None = None) -> None:
        """The small note at the left of the status line: thinking while a
        search runs (for the option or a hint), else the verdict."""
        self.verdict = verdict if self.app.settings.show_winnable else None
        shown = THINKING if self.search is not None else self.verdict
        table = self.table
        layout = table.layout
        if layout is None:
            return
        if shown is None:
            self.note.hide()
        else:
            self.note.show(translate(f"ui.verdict.{shown}", self.app.settings.lang), VERDICT_COLORS[shown],
                           layout.status, layout.scale)
            if not self.note.groups():
                self.app.group.add(self.note)
        if table.status is not None:
            table.status.set_inset(self.note.rect.width + round(8 * layout.scale) if self.note.visible else 0)

    def refresh_text(self) -> None:
        self.show_verdict(self.verdict)

    def say(self, key: str, banner: bool = True, **params) -> None:
        self.tell(translate(key, self.app.settings.lang, **params), banner)

    def tell(self, text: str, banner: bool = True) -> None:
        """Say ``text`` and, unless ``banner`` is False, show it in the table's
        one message place, where the player looks (``TableScene.tell``)."""
        self.table.tell(text, "hint" if banner else "say")

    def show_hint(self, index: int) -> bool:
        """Show and say step ``index`` of the plan; False if it no longer applies."""
        if not self.show_move(self.plan[index], "say.hint"):
            self.plan, self.plan_keys = [], {}
            return False
        self.show_verdict(WINNABLE)
        return True

    def show_guess(self) -> None:
        """No win proven in time: the most useful-looking move, said as a
        suggestion. That is no proof of a loss, so when no move stands out
        the words say only that (``say.hint_no_guess``); "no useful move
        here" (``say.hint_no_move``) is kept for a position where the engine
        allows no move at all."""
        game = self.session.game
        avoid = [snapshot[0] for snapshot, _ in game.history_snapshots()[-8:]]
        action = heuristic_action(game.position, avoid)
        if action is not None and self.show_move(action, "say.hint_guess"):
            return
        self.say("say.hint_no_guess" if game.legal_actions() else "say.hint_no_move")

    def show_move(self, action: str, key: str) -> bool:
        """Mark one action on the table and say it (``key``: the sentence
        around the move's words); False if the engine refuses it here."""
        game = self.session.game
        lang = self.app.settings.lang
        move = game.check(Action.parse(action))
        if isinstance(move, Refusal):
            return False
        if move.kind == TURN:
            words = translate("say.hint_turn_words", lang)
        elif move.kind == DRAW:
            words = translate("say.hint_draw_words", lang)  # one card: never a run of draws
        else:
            words = move_words(move, lang)
        self.show_marks(action, move)
        self.tell(translate(key, lang, move=words))
        return True

    def say_lost(self) -> None:
        """Proven lost: say so, and offer the way back when an earlier
        position of this game is known to be winnable (the Undo button is marked)."""
        game = self.session.game
        history = game.history_snapshots()
        back = next((n for n, (snapshot, _) in enumerate(reversed(history), 1) if snapshot[0] in self.winnable), None)
        self.clear_marks()
        if back is None:
            self.say("say.hint_unwinnable")
            return
        self.say("say.hint_lost_undo", count=back)
        box = self.table.layout.buttons.get("undo") if self.table.layout is not None else None
        if box is not None:
            self.marks = [HintMarkSprite(box, round(box.h / 4), self.table.layout.scale)]
            self.app.group.add(*self.marks)

    def show_marks(self, action: str, move=None) -> None:
        """Outline the cards that move and the place they go, with an arrow between."""
        self.clear_marks()
        table = self.table
        if move is None:
            move = self.session.game.check(Action.parse(action))
            if isinstance(move, Refusal):
                return
        self.shown = (self.session.game.position.key(), action)
        layout, radius, scale = table.layout, table.art.radius, table.layout.scale
        if move.kind in (DRAW, TURN):
            boxes = [layout.piles[Pile(STOCK)]]
            if move.kind == TURN:
                boxes.append(layout.piles[Pile(WASTE)])
            self.marks = [HintMarkSprite(box, radius, scale) for box in boxes]
        else:
            src, dst = self.source_box(move), self.target_box(move)
            self.marks = [HintMarkSprite(src, radius, scale), HintMarkSprite(dst, radius, scale)]
            start = (src.center[0], src.y + min(src.h, layout.card_h) // 2)
            # the tip stops just inside the target's edge: the card there stays readable
            end = dst.center
            clipped = pygame.Rect(dst).clipline(start, end)
            if clipped and pygame.Vector2(end).distance_to(start) > 1:
                entry = pygame.Vector2(clipped[0])
                inward = (pygame.Vector2(end) - pygame.Vector2(start)).normalize() * round(layout.card_h * 0.18)
                end = (round(entry.x + inward.x), round(entry.y + inward.y))
            self.marks.append(ArrowSprite(start, end, scale))
        self.app.group.add(*self.marks)

    def source_box(self, move) -> Box:
        pile = move.src
        row = len(self.session.game.position.cards(pile)) - len(move.cards) if pile.kind == COLUMN else None
        return self.table.cards_box(pile, row)

    def target_box(self, move) -> Box:
        pile = move.dst
        if pile.kind in (FOUNDATION, CELL) and pile.index is None:
            pile = Pile(pile.kind, 0)
        return self.table.cards_box(pile)

    def clear_marks(self) -> None:
        for mark in self.marks:
            mark.kill()
        self.marks = []
        self.shown = None
