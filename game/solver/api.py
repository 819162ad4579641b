"""The solver's front door: everything the rest of the game asks of it.

For the game window (no threads): make a ``SolverTask(position)`` and call
``task.step(0.004)`` once a frame; when it returns True, ``task.result``
holds a ``SolveResult`` (``result``, ``actions``, ``seconds``, ``nodes``).
``task.cancel()`` drops it. Whatever steps tasks holds Python's cyclic
collector off meanwhile (``CollectorHold``) and frees the tables of ended
searches a piece at a time (``free_tables``; its old name ``sweep`` is in
``search``). ``hint_action(result, position)`` picks the move to show
(``heuristic_action``: the rule of thumb when no win was proven);
``HINT_SECONDS`` is how long every hint searches unless told otherwise.
``winnable_numbers`` are the shipped lists of proven-winnable deals,
``odds_of`` and ``figure`` how often a variant's deals can be won.

A game's solver is its ``Problem`` (``start``, ``expand``, ``key``,
``won``, ``spell``: see ``problem``) and the ``Plan`` to search it;
``ProblemBase`` is a base that needs only ``start``, ``key``, ``won`` and
``children``.

Easy Harp: the solver looks at the face-down cards and the order of the
stock (the player can't); the rules/help text says so.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..engine.position import Position
from .heuristic import heuristic_action
from .memory import CollectorHold, collector_held, sweep as free_tables
from .odds import Figure, Odds, figure, odds_of
from .problems import problem_class
from .problem import Plan, Planned, Problem, ProblemBase, Restart
from .search import UNKNOWN, UNWINNABLE, WINNABLE, SolveResult, SolverTask, Verdict
from .winnable import list_problems, winnable_numbers

__all__ = [
    "HINT_SECONDS", "solve", "hint", "hint_line", "hint_action", "heuristic_action", "SolverTask", "SolveResult", "Verdict",
    "WINNABLE", "UNWINNABLE", "UNKNOWN", "CollectorHold", "collector_held", "free_tables", "winnable_numbers",
    "list_problems", "Odds", "Figure", "odds_of", "figure", "Problem", "Planned", "ProblemBase", "Plan", "Restart",
    "prepare",
]

# How long a hint searches for a proven win before it falls back to the rule
# of thumb (game.solver.heuristic). The one default of the game window's hint
# (game.play.search: search time summed over its frames' slices), of ``hint()``
# and of ``python -m game hint``, so that the command line advises what the
# window would on the same machine (with 10 s there and 3 s here, a position
# the search needs 3-10 s for got a proven win's move from one and a guess
# from the other). 3 s, the window's, because there a player waits for it
# with the table still in play; a longer search can be asked for with
# ``--seconds``.
HINT_SECONDS = 3.0
DRAW = "draw"  # how a solution spells a tap on the stock


def prepare(game: str) -> None:
    """Load ``game``'s solver now (its module imported, compiled and its
    tables built: 8 ms natively, 15 ms under Pyodide), so that the first
    slice of its first search does not pay for it and overrun its frame."""
    problem_class(game)


def solve(position: Position, seconds: float = 30.0, max_nodes: int | None = None,
          avoid: Sequence[bytes] = ()) -> SolveResult:
    """Solve from ``position`` (not changed), within ``seconds`` of search;
    ``avoid``: the packed keys of positions the game has been in, which the
    line stays off unless no line does (``SolverTask``)."""
    return SolverTask(position.copy(), seconds=seconds, max_nodes=max_nodes, avoid=avoid).run()


def hint_action(result: SolveResult, position: Position | None = None, avoid: Sequence[bytes] = ()) -> str | None:
    """The one action to advise after a solve: the first one of its
    solution; when no win was proven in time (``unknown``), the most
    useful-looking legal move of ``position`` (``game.solver.heuristic``)
    that does not lead back to a position of ``avoid`` (the game's path);
    None when the game is proven lost or no move is worth making."""
    if result.result == WINNABLE and result.actions:
        return result.actions[0]
    if result.result == UNKNOWN and position is not None:
        return heuristic_action(position, avoid)
    return None


def hint(position: Position, seconds: float = HINT_SECONDS, avoid: Sequence[bytes] = ()) -> dict[str, Any]:
    """``{"action": ..., "result": ..., "seconds": ..., "nodes": ...}``
    after ``seconds`` of search, the line staying off the positions
    ``avoid`` (see ``solve``), and for a draw the draws of the line in a
    row and the move they lead to (``hint_line``; see ``game.solver.cli``
    for the meaning)."""
    result = solve(position, seconds, avoid=avoid)
    return hint_line(result, result.actions if result.result == WINNABLE else [], position, avoid)


def hint_line(result: SolveResult, line: Sequence[str], position: Position,
              avoid: Sequence[bytes] = ()) -> dict[str, Any]:
    """The hint of ``line`` (the rest of a proven line from ``position``;
    empty: none, the hint is ``hint_action``'s, off the positions ``avoid``):
    its first action, and when that is a draw, how many draws in a row the
    line makes (``draws``) and the move they lead to (``then``)."""
    action = line[0] if line else hint_action(result, position, avoid)
    data: dict[str, Any] = {"action": action, "result": result.result, "seconds": round(result.seconds, 4),
                            "nodes": result.nodes}
    draws = next((i for i, a in enumerate(line) if a != DRAW), len(line))
    if line and draws and draws < len(line):
        data["draws"], data["then"] = draws, line[draws]
    return data
