"""The solver for Easy Harp and Eight Off (pure Python, no pygame).

>>> from game.engine import deal_position
>>> result = solve(deal_position("EO1-C8-AAAAAAB"), seconds=20)
>>> result.result, len(result.actions) > 0
('winnable', True)

``api`` is its front door (everything here is its); ``search`` the sliced
searches, ``problem`` what a game gives them, ``winnable`` the shipped lists
of proven-winnable deal numbers.
"""

from .api import (
    HINT_SECONDS, UNKNOWN, UNWINNABLE, WINNABLE, CollectorHold, Figure, Odds, Plan, Planned, Problem, ProblemBase,
    Restart, SolveResult, SolverTask, Verdict, collector_held, figure, free_tables, heuristic_action, hint,
    hint_action, list_problems, odds_of, prepare, solve, winnable_numbers,
)

__all__ = [
    "HINT_SECONDS", "solve", "hint", "hint_action", "heuristic_action", "SolverTask", "SolveResult", "Verdict",
    "WINNABLE", "UNWINNABLE", "UNKNOWN", "CollectorHold", "collector_held", "free_tables", "winnable_numbers",
    "list_problems", "Odds", "Figure", "odds_of", "figure", "Problem", "Planned", "ProblemBase", "Plan", "Restart",
    "prepare",
]
