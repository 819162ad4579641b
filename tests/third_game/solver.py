"""Mini Cell for the solver: the simplest problem the search accepts, built
on the engine's own legal moves (a real game would write a compact one)."""

from __future__ import annotations

from game.engine import Game
from game.engine.actions import FOUNDATION
from game.solver.api import ProblemBase as Problem


class MiniCellProblem(Problem):
    """One depth-first search: ``Problem``'s defaults."""

    def __init__(self, position) -> None:
        self.position = position.copy()

    def _settle(self, game: Game, actions: list[str]) -> None:
        """Every move to a foundation, as long as there is one."""
        while True:
            home = next((a for a in game.legal_actions()
                         if a.dst.kind == FOUNDATION and a.src.kind != FOUNDATION), None)
            if home is None:
                return
            game.play(home)
            actions.append(str(home))

    def start(self):
        game, actions = Game(self.position.copy()), []
        self._settle(game, actions)
        return actions, game.position

    def children(self, state) -> list:
        kids = []
        for action in Game(state).legal_actions():
            if action.src.kind == FOUNDATION:
                continue
            game = Game(state.copy())
            game.play(action)
            actions = [str(action)]
            self._settle(game, actions)
            home = sum(len(f) for f in game.position.foundations)
            kids.append((home, actions, game.position))
        kids.sort(key=lambda kid: -kid[0])
        return kids

    @staticmethod
    def key(state) -> tuple:
        return state.key()

    @staticmethod
    def won(state) -> bool:
        return state.won
