"""The solver's front door: ``solve``, ``hint`` and ``SolverTask``.

For the game window (no threads): make a ``SolverTask(position)`` and call
``task.step(0.004)`` once a frame; when it returns True, ``task.result``
holds a ``SolveResult`` (``result``, ``actions``, ``seconds``, ``nodes``).
``task.cancel()`` drops it. ``hint_action(result)`` picks the move to show.

Easy Harp: the solver looks at the face-down cards and the order of the
stock (the player can't); the rules/help text says so.
"""

from __future__ import annotations

from ..engine.position import Position
from .search import SolveResult, SolverTask, WINNABLE


def solve(position: Position, seconds: float = 30.0, max_nodes: int | None = None) -> SolveResult:
    """Solve from ``position`` (not changed), within ``seconds`` of search."""
    return SolverTask(position.copy(), seconds=seconds, max_nodes=max_nodes).run()


def hint_action(result: SolveResult) -> str | None:
    """The action to advise after a solve: the first one of its solution."""
    if result.result == WINNABLE and result.actions:
        return result.actions[0]
    return None


def hint(position: Position, seconds: float = 10.0) -> dict:
    """``{"action": ..., "result": ..., "seconds": ..., "nodes": ...}``
    (see ``game.solver.cli`` for the meaning)."""
    result = solve(position, seconds)
    return {
        "action": hint_action(result),
        "result": result.result,
        "seconds": round(result.seconds, 4),
        "nodes": result.nodes,
    }
