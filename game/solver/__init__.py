"""The solver for Easy Harp and Eight Off (pure Python, no pygame).

>>> from game.engine import deal_position
>>> result = solve(deal_position("EO1-C8-AAAAAAB"), seconds=20)
>>> result.result, len(result.actions) > 0
('winnable', True)

See ``api`` for the window's sliced use (``SolverTask``), ``winnable`` for
the shipped lists of proven-winnable deal numbers.
"""

from .api import HINT_SECONDS, hint, hint_action, solve
from .search import UNKNOWN, UNWINNABLE, WINNABLE, SolveResult, SolverTask

__all__ = ["HINT_SECONDS", "hint", "hint_action", "solve", "SolveResult", "SolverTask", "WINNABLE", "UNWINNABLE", "UNKNOWN"]
