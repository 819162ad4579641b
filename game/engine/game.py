"""A game in progress: a position plus the undo history.

Undo restores a saved snapshot (never a hand-written inverse move), so
everything that decides the game, the score included, comes back exactly;
only the move counter keeps counting up.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import UNDO, Action, Pile
from .deals import DealCode
from .position import Position, Snapshot, deal_position
from .rules import Move, Refusal

UNDO_LIMIT = 100


@dataclass(frozen=True)
class Outcome:
    """What became of one action: accepted (with its move) or refused."""

    action: Action
    move: Move | None = None
    refusal: Refusal | None = None
    undone: Move | None = None  # for an undo: the move that was taken back

    @property
    def ok(self) -> bool:
        return self.refusal is None

    @property
    def rule(self) -> str | None:
        return self.refusal.rule if self.refusal else None


class Game:
    def __init__(self, position: Position) -> None:
        self.position = position
        self.rules = position.rules
        self._history: list[tuple[Snapshot, Move]] = []  # (position.snapshot() before, move)

    @classmethod
    def from_deal(cls, code: str | DealCode) -> "Game":
        return cls(deal_position(code))

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    def check(self, action: Action | str) -> Move | Refusal:
        """What ``action`` would do, without doing it."""
        if isinstance(action, str):
            action = Action.parse(action)
        if action.kind == UNDO:
            return Refusal("nothing-to-undo") if not self._history else self._history[-1][1]
        return self.rules.resolve(self.position, action)

    def play(self, action: Action | str) -> Outcome:
        if isinstance(action, str):
            action = Action.parse(action)
        if action.kind == UNDO:
            return self.undo(action)
        result = self.rules.resolve(self.position, action)
        if isinstance(result, Refusal):
            return Outcome(action, refusal=result)
        self._history.append((self.position.snapshot(), result))
        del self._history[:-UNDO_LIMIT]
        self.rules.apply(self.position, result)
        return Outcome(action, move=result)

    def undo(self, action: Action = Action(UNDO)) -> Outcome:
        if not self._history:
            return Outcome(action, refusal=Refusal("nothing-to-undo"))
        snapshot, move = self._history.pop()
        self.position.restore(snapshot)
        return Outcome(action, undone=move)

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.position)

    # ---- questions a window asks (so it never decides a rule itself) ------------

    def pick(self, src: Pile, count: int = 1) -> list[int] | Refusal:
        """The cards picking ``count`` from ``src`` takes, or why none (see ``Rules.pick``)."""
        return self.rules.pick(self.position, src, count)

    def puts_back(self, src: Pile, dst: Pile) -> bool:
        """Whether a drop on ``dst`` just puts the cards back (see ``Rules.puts_back``)."""
        return self.rules.puts_back(src, dst)

    # ---- saving the undo history (used by resume) ---------------------------

    def history_snapshots(self) -> list[tuple[Snapshot, Move]]:
        """The undo history, oldest first: (``position.snapshot()`` before
        the move, the move)."""
        return list(self._history)

    def set_history(self, history: list[tuple[Snapshot, Move]]) -> None:
        self._history = list(history)[-UNDO_LIMIT:]
