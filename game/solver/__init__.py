"""The solver for Easy Harp and Eight Off (pure Python, no pygame).

>>> from game.engine import deal_position
>>> result = solve(deal_position("EO1-C8-AAAAAAB"), seconds=20)
>>> result.result, len(result.actions) > 0
('winnable', True)

See ``api`` for the window's sliced use (``SolverTask``), ``winnable`` for
the shipped lists of proven-winnable deal numbers.
"""

from .api import HINT_SECONDS, hint, hint_action, solve
from .heuristic import heuristic_action
from .odds import Figure, Odds, figure, odds_of
from .search import UNKNOWN, UNWINNABLE, WINNABLE, CollectorHold, SolveResult, SolverTask, sweep
from .winnable import winnable_numbers

__all__ = ["HINT_SECONDS", "hint", "hint_action", "solve", "SolveResult", "SolverTask", "WINNABLE", "UNWINNABLE", "UNKNOWN",
           "CollectorHold", "sweep", "heuristic_action", "winnable_numbers", "Figure", "Odds", "figure", "odds_of"]
